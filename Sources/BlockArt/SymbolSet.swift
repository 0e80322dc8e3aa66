/// Which glyphs a renderer may use, and how many source pixels each cell stands for.
///
/// | set | pixels per cell | glyphs |
/// |---|---|---|
/// | `half` | 1×2 | `▀` with foreground = top, background = bottom |
/// | `quad` | 2×2 | quadrants `▖▗▘▝▙▚▛▜▞▟`, halves `▀▄▌▐`, `█`, space |
/// | `sextant` | 2×3 | sextants U+1FB00–1FB3B, `▌▐█`, space (all 64 patterns) |
/// | `block` | 4×8 | quadrants, halves, lower eighths `▁▂▃▄▅▆▇`, `▔`, `▎▌▊`, `█`, space |
/// | `ascii` | 1×2 | a luminance ramp of printable ASCII (`none` colours); coloured spaces otherwise |
public enum SymbolSet: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case half, quad, sextant, block, ascii

    /// The next set in the cycle half → quad → sextant → block → ascii → half.
    public var next: SymbolSet {
        let all = Self.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }

    /// Source pixels across one cell.
    public var pixelsPerCellX: Int {
        switch self {
        case .half, .ascii: 1
        case .quad, .sextant: 2
        case .block: BlockSymbols.columns
        }
    }

    /// Source pixels down one cell.
    public var pixelsPerCellY: Int {
        switch self {
        case .half, .quad, .ascii: 2
        case .sextant: 3
        case .block: BlockSymbols.rows
        }
    }

    /// Whether the glyphs need a UTF-8 terminal.
    public var needsUnicode: Bool { self != .ascii }

    public var description: String { rawValue }

    /// The glyph whose ink covers the cell's sub-pixels set in `pattern`.
    ///
    /// Bit `i` is sub-pixel `i` in reading order (left to right, top to bottom); for `half`
    /// the bits are top and bottom. For `block` (4×8 sub-pixels) the glyph is the one whose
    /// ink differs from the pattern in the fewest sub-pixels. Not meaningful for `ascii`.
    public func glyph(forPattern pattern: Int) -> Unicode.Scalar {
        switch self {
        case .half: Self.halfGlyphs[pattern & 3]
        case .quad: Self.quadGlyphs[pattern & 15]
        case .sextant: Self.sextantGlyph(pattern & 63)
        case .block: BlockSymbols.glyph(nearest: pattern)
        case .ascii: pattern == 0 ? " " : "#"
        }
    }

    /// Space, upper half, lower half, full block.
    static let halfGlyphs: [Unicode.Scalar] = [" ", "▀", "▄", "█"]

    /// Indexed by pattern: bit 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
    static let quadGlyphs: [Unicode.Scalar] = [
        " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛",
        "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
    ]

    /// Unicode 13 orders sextants by pattern value, leaving out the four patterns that
    /// already had characters: empty, left half, right half, full.
    static func sextantGlyph(_ pattern: Int) -> Unicode.Scalar {
        switch pattern {
        case 0: " "
        case 21: "▌"
        case 42: "▐"
        case 63: "█"
        default:
            Unicode.Scalar(0x1FB00 + UInt32(pattern - 1 - (pattern > 21 ? 1 : 0) - (pattern > 42 ? 1 : 0)))!
        }
    }

    /// Printable ASCII from empty to dense, with the ink coverage each has in a typical font.
    static let asciiRamp: [(glyph: Unicode.Scalar, coverage: Float)] = [
        (" ", 0), (".", 0.05), (":", 0.09), ("-", 0.12), ("=", 0.18), ("+", 0.22),
        ("*", 0.27), ("#", 0.38), ("%", 0.45), ("@", 0.55),
    ]
}
