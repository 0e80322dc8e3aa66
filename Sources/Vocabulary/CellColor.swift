/// The colour of one side of a cell: the terminal's default, a palette index, or 24-bit RGB.
///
/// Block art's quantised depths produce `.indexed`, `.truecolor` produces `.rgb`, and `.none` and
/// "don't care" sides produce `.default`; a screen without direct colour maps `.rgb` to the
/// nearest palette entry.
///
/// ```swift
/// let red = CellColor.rgb(255, 0, 0)
/// let cubeRed = CellColor.indexed(196)
/// ```
public enum CellColor: Sendable, Hashable, CustomStringConvertible {
    /// The terminal's default foreground or background (SGR 39 / 49).
    case `default`
    /// A palette index: 0–15 are the terminal's own 16 colours, 16–255 the xterm cube and grays.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    public var description: String {
        switch self {
        case .default: "default"
        case .indexed(let index): "#\(index)"
        case .rgb(let r, let g, let b): "rgb(\(r),\(g),\(b))"
        }
    }
}
