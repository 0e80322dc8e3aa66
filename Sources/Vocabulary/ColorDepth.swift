/// How many colours a terminal shows, and so how cell colours are expressed.
///
/// Its words: ``name`` (`24-bit`, `256`, `16`, `none`) where it is reported, ``argument``
/// (`truecolor`, `256`, `16`, `none`) where `--colors` names it.
///
/// ```swift
/// ColorDepth(argument: "256")        // .palette256
/// ColorDepth.palette256.name         // "256"
/// ColorDepth.ansi16 < .truecolor     // true
/// ```
public enum ColorDepth: Int, Hashable, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// Attributes only: glyphs in the terminal's default colours, chosen by lightness.
    case none
    /// The 8/16 ANSI colours, as xterm shows them.
    case ansi16
    /// The xterm 256-colour palette; block art uses the 6×6×6 cube and 24 grays, indices 16–255
    /// (indices 0–15 are left out: every terminal themes them differently).
    case palette256
    /// 24-bit direct colour.
    case truecolor

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A short name: `24-bit`, `256`, `16`, `none`.
    public var name: String {
        switch self {
        case .none: "none"
        case .ansi16: "16"
        case .palette256: "256"
        case .truecolor: "24-bit"
        }
    }

    /// The word `--colors` takes for this depth: `truecolor`, `256`, `16`, `none`.
    public var argument: String {
        switch self {
        case .none: "none"
        case .ansi16: "16"
        case .palette256: "256"
        case .truecolor: "truecolor"
        }
    }

    /// The depth an ``argument`` word names (exactly, lower case), or nil.
    public init?(argument: String) {
        guard let depth = Self.allCases.first(where: { $0.argument == argument }) else { return nil }
        self = depth
    }

    /// Whether colours are snapped to a palette (and so may be dithered).
    public var isQuantized: Bool { self == .palette256 || self == .ansi16 }

    /// The ``argument`` word.
    public var description: String { argument }
}
