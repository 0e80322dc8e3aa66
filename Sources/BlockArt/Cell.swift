public import Vocabulary

/// One terminal cell of block art: a glyph drawn in `foreground` over `background`.
///
/// ```swift
/// let cell = Cell(glyph: "▀", foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255))
/// ```
public struct Cell: Sendable, Hashable, CustomStringConvertible {
    /// The character; always one Unicode scalar of terminal width 1.
    public var glyph: Unicode.Scalar
    /// Colour of the glyph's ink.
    public var foreground: CellColor
    /// Colour of the rest of the cell.
    public var background: CellColor

    public init(glyph: Unicode.Scalar, foreground: CellColor = .default, background: CellColor = .default) {
        self.glyph = glyph
        self.foreground = foreground
        self.background = background
    }

    /// A blank cell in the terminal's default colours.
    public static let blank = Cell(glyph: " ")

    /// Whether the glyph shows any foreground (a space does not).
    public var showsForeground: Bool { glyph != " " }
    /// Whether the glyph leaves any background visible (a full block does not).
    public var showsBackground: Bool { glyph != "█" }

    /// True when both cells look the same on a terminal: colours a glyph hides are ignored.
    public func looksSame(as other: Cell) -> Bool {
        guard glyph == other.glyph else { return false }
        if showsForeground && foreground != other.foreground { return false }
        if showsBackground && background != other.background { return false }
        return true
    }

    public var description: String { "\(glyph) \(foreground)/\(background)" }
}
