public import Vocabulary

/// Writes a `CellGrid` as text with ANSI SGR colours: one line per row, only the colour
/// changes each cell needs, `ESC[0m` at the end of any line that set a colour, and no cursor
/// movement, so the output pastes into a file or a pager.
///
/// ```swift
/// FileHandle.standardOutput.write(Data(ANSIWriter().bytes(for: grid)))
/// ```
public struct ANSIWriter: Sendable {
    public init() {}

    /// The UTF-8 bytes for `grid`, each row ending in a newline.
    public func bytes(for grid: CellGrid) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(grid.columns * grid.rows * 24)
        for row in 0..<grid.rows {
            write(row: grid.row(row), into: &out)
        }
        return out
    }

    /// The text for `grid`, each row ending in a newline.
    public func string(for grid: CellGrid) -> String {
        String(decoding: bytes(for: grid), as: UTF8.self)
    }

    /// Appends one row and its newline.
    public func write(row cells: ArraySlice<Cell>, into out: inout [UInt8]) {
        var foreground = CellColor.default
        var background = CellColor.default
        var codes: [UInt8] = []
        for cell in cells {
            codes.removeAll(keepingCapacity: true)
            if cell.showsForeground && cell.foreground != foreground {
                Self.appendCode(for: cell.foreground, background: false, into: &codes)
                foreground = cell.foreground
            }
            if cell.showsBackground && cell.background != background {
                Self.appendCode(for: cell.background, background: true, into: &codes)
                background = cell.background
            }
            if !codes.isEmpty {
                out.append(0x1B)
                out.append(UInt8(ascii: "["))
                out.append(contentsOf: codes.dropLast())  // the trailing ';'
                out.append(UInt8(ascii: "m"))
            }
            Self.appendUTF8(cell.glyph, into: &out)
        }
        if foreground != .default || background != .default {
            out.append(contentsOf: [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")])
        }
        out.append(UInt8(ascii: "\n"))
    }

    /// Appends the SGR parameters for one colour, followed by ';' (the default, the eight ANSI
    /// colours, the bright eight, a 256-palette index or an rgb triple).
    public static func appendCode(for color: CellColor, background: Bool, into codes: inout [UInt8]) {
        switch color {
        case .default:
            appendNumber(background ? 49 : 39, into: &codes)
        case .indexed(let index) where index < 8:
            appendNumber((background ? 40 : 30) + Int(index), into: &codes)
        case .indexed(let index) where index < 16:
            appendNumber((background ? 100 : 90) + Int(index) - 8, into: &codes)
        case .indexed(let index):
            appendNumber(background ? 48 : 38, into: &codes)
            appendNumber(5, into: &codes)
            appendNumber(Int(index), into: &codes)
        case .rgb(let r, let g, let b):
            appendNumber(background ? 48 : 38, into: &codes)
            appendNumber(2, into: &codes)
            appendNumber(Int(r), into: &codes)
            appendNumber(Int(g), into: &codes)
            appendNumber(Int(b), into: &codes)
        }
    }

    private static func appendNumber(_ value: Int, into codes: inout [UInt8]) {
        if value >= 100 { codes.append(UInt8(ascii: "0") + UInt8(value / 100)) }
        if value >= 10 { codes.append(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
        codes.append(UInt8(ascii: "0") + UInt8(value % 10))
        codes.append(UInt8(ascii: ";"))
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, into out: inout [UInt8]) {
        if scalar.isASCII {
            out.append(UInt8(scalar.value))
        } else {
            out.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [UInt8(ascii: "?")])
        }
    }
}
