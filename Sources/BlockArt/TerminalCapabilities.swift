/// What a terminal can show, detected from its environment: a pure function, so callers
/// inject the environment (and, when they have terminfo at hand, its colour count).
///
/// ```swift
/// let caps = TerminalCapabilities.detect(environment: ProcessInfo.processInfo.environment)
/// let options = BlockArtOptions(symbols: caps.preferredSymbols, colors: caps.colors)
/// ```
public struct TerminalCapabilities: Sendable, Hashable {
    /// The richest colour mode the terminal shows.
    public var colors: ColorMode
    /// Whether the locale is UTF-8, so block and sextant glyphs can be printed.
    public var unicode: Bool

    public init(colors: ColorMode, unicode: Bool) {
        self.colors = colors
        self.unicode = unicode
    }

    /// The best symbol set these capabilities allow: `sextant` on UTF-8, else `ascii`.
    public var preferredSymbols: SymbolSet { unicode ? .sextant : .ascii }

    /// Detects from environment variables.
    ///
    /// Colours: a non-empty `NO_COLOR` → `none`; `COLORTERM` `truecolor`/`24bit` → truecolor;
    /// otherwise `terminfoColors` when given (≥ 2²⁴ truecolor, ≥ 256, ≥ 8 → 16, else none);
    /// otherwise from the `TERM` name (`*-direct`/`*truecolor` → truecolor, `*256color*` → 256,
    /// `dumb` or unset → none, anything else → 16).
    /// Unicode: the first non-empty of `LC_ALL`, `LC_CTYPE`, `LANG` names UTF-8.
    public static func detect(environment: [String: String], terminfoColors: Int? = nil) -> TerminalCapabilities {
        TerminalCapabilities(
            colors: detectColors(environment: environment, terminfoColors: terminfoColors),
            unicode: detectUnicode(environment: environment))
    }

    private static func detectColors(environment: [String: String], terminfoColors: Int?) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" { return .none }
        if let count = terminfoColors {
            switch count {
            case (1 << 24)...: return .truecolor
            case 256...: return .palette256
            case 8...: return .palette16
            default: return .none
            }
        }
        if term.hasSuffix("-direct") || contains(term.utf8, "truecolor") || contains(term.utf8, "24bit") { return .truecolor }
        if contains(term.utf8, "256color") || contains(term.utf8, "256colour") { return .palette256 }
        return .palette16
    }

    private static func detectUnicode(environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy
            .compactMap { environment[$0] }
            .first { !$0.isEmpty } ?? ""
        // "UTF-8", "utf8", "UTF8" … in any case, with or without the hyphen.
        let letters = locale.lowercased().utf8.filter { $0 != UInt8(ascii: "-") }
        return contains(letters, "utf8")
    }

    /// Whether `text` holds `word`, by bytes. Not Foundation's string search (which
    /// `replacingOccurrences` and, with Foundation imported, `contains` use): its bridging
    /// cost runtime type lookups at every `photofeed show` start.
    private static func contains(_ text: some Collection<UInt8>, _ word: String) -> Bool {
        let text = Array(text), word = Array(word.utf8)
        guard word.count <= text.count else { return false }
        return (0...(text.count - word.count)).contains { start in
            text[start..<(start + word.count)].elementsEqual(word)
        }
    }
}
