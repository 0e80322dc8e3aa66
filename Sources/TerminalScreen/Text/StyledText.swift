import TerminalText
public import TerminalGraphics
/// Text made of runs, each with its own style (for state lines and status bars).
///
/// ```swift
/// var line = StyledText("✗ ", style: CellStyle(foreground: .red))
/// line.append("HTTP 500")
/// line.plain // "✗ HTTP 500"
/// ```
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// One styled piece of text.
    public struct Run: Hashable, Sendable {
        /// The characters.
        public var text: String
        /// Their look.
        public var style: CellStyle

        /// Creates a run.
        public init(text: String, style: CellStyle) {
            self.text = text
            self.style = style
        }
    }

    /// The runs, left to right.
    public private(set) var runs: [Run]

    /// Creates text of one run.
    public init(_ text: String = "", style: CellStyle = .plain) {
        runs = text.isEmpty ? [] : [Run(text: text, style: style)]
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Appends a run.
    public mutating func append(_ text: String, style: CellStyle = .plain) {
        guard !text.isEmpty else { return }
        runs.append(Run(text: text, style: style))
    }

    /// Appends all runs of `other`.
    public mutating func append(_ other: StyledText) {
        runs += other.runs
    }

    /// The text without styles.
    public var plain: String { runs.map(\.text).joined() }

    /// The display width in columns.
    public var width: Int { runs.reduce(0) { $0 + DisplayWidth.of($1.text) } }
}
