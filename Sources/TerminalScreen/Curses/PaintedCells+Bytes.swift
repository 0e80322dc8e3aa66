import TerminalGraphics
import TerminalKit
import Vocabulary

extension PaintedCells {
    /// Whether a screen of `capability` paints: one whose colours are written the same way on
    /// every terminal that has them (SGR 38;5 and 38;2). Fewer colours go through terminfo.
    static func paints(at capability: ColorDepth) -> Bool {
        capability == .truecolor || capability == .palette256
    }

    /// The bytes that paint `parts` of `cells` (a screen's): the cursor and attributes saved,
    /// each line moved to and written with only the SGR changes its cells need, the attributes
    /// reset, the cursor restored, so ncurses' idea of both stays true. Colours are ncurses'
    /// colour numbers (`colorNumber`, -1 the default) written as ncurses writes them on a
    /// terminal of `capability`.
    static func bytes(
        painting parts: [CellRect], of cells: CellBlock, capability: ColorDepth, colorNumber: (CellColor) -> Int32
    ) -> [UInt8] {
        guard !parts.isEmpty else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(parts.reduce(0) { $0 + $1.size.rows * $1.size.columns } * 40 + 16)
        out += [0x1B, UInt8(ascii: "7")]
        let columns = cells.size.columns
        for part in parts {
            for row in part.rowRange {
                out += [0x1B, UInt8(ascii: "[")]
                appendNumber(row + 1, to: &out)
                out.append(UInt8(ascii: ";"))
                appendNumber(part.origin.column + 1, to: &out)
                out.append(UInt8(ascii: "H"))
                // Each line from a reset: what it sets does not depend on the line before.
                out += [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")]
                var foreground: Int32 = -1
                var background: Int32 = -1
                var attributes = CellAttributes()
                let start = row * columns
                for index in (start + part.origin.column)..<(start + part.columnRange.upperBound) {
                    let cell = cells.cells[index]
                    let style = cell.style
                    let cellForeground = colorNumber(style.foreground)
                    let cellBackground = colorNumber(style.background)
                    if style.attributes != attributes {
                        out += [0x1B, UInt8(ascii: "["), UInt8(ascii: "0")]
                        appendAttributes(style.attributes, to: &out)
                        if cellForeground != -1 { appendColor(cellForeground, base: 30, capability: capability, to: &out) }
                        if cellBackground != -1 { appendColor(cellBackground, base: 40, capability: capability, to: &out) }
                        out.append(UInt8(ascii: "m"))
                        attributes = style.attributes
                    } else if cellForeground != foreground || cellBackground != background {
                        out += [0x1B, UInt8(ascii: "[")]
                        var first = true
                        if cellForeground != foreground {
                            appendColor(cellForeground, base: 30, capability: capability, to: &out, leading: false)
                            first = false
                        }
                        if cellBackground != background {
                            appendColor(cellBackground, base: 40, capability: capability, to: &out, leading: !first)
                        }
                        out.append(UInt8(ascii: "m"))
                    }
                    foreground = cellForeground
                    background = cellBackground
                    out += cell.grapheme.utf8
                }
            }
        }
        out += [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m"), 0x1B, UInt8(ascii: "8")]
        return out
    }

    /// `;1`, `;2`, `;4`, `;7` for bold, dim, underline, reverse.
    private static func appendAttributes(_ attributes: CellAttributes, to out: inout [UInt8]) {
        if attributes.contains(.bold) { out += [UInt8(ascii: ";"), UInt8(ascii: "1")] }
        if attributes.contains(.dim) { out += [UInt8(ascii: ";"), UInt8(ascii: "2")] }
        if attributes.contains(.underline) { out += [UInt8(ascii: ";"), UInt8(ascii: "4")] }
        if attributes.contains(.reverse) { out += [UInt8(ascii: ";"), UInt8(ascii: "7")] }
    }

    /// The SGR parameters of colour `number` as foreground (`base` 30) or background (40),
    /// after a `;` when `leading`: the default, the eight ANSI colours, the bright eight, a
    /// 256-palette index, or (direct colour) the packed rgb ncurses takes.
    private static func appendColor(_ number: Int32, base: Int, capability: ColorDepth, to out: inout [UInt8], leading: Bool = true) {
        if leading { out.append(UInt8(ascii: ";")) }
        if number < 0 {
            appendNumber(base + 9, to: &out)
        } else if number < 8 {
            appendNumber(base + Int(number), to: &out)
        } else if capability == .truecolor {
            appendNumber(base + 8, to: &out)
            out += [UInt8(ascii: ";"), UInt8(ascii: "2"), UInt8(ascii: ";")]
            appendNumber(Int(number >> 16 & 0xFF), to: &out)
            out.append(UInt8(ascii: ";"))
            appendNumber(Int(number >> 8 & 0xFF), to: &out)
            out.append(UInt8(ascii: ";"))
            appendNumber(Int(number & 0xFF), to: &out)
        } else if number < 16 {
            appendNumber(base + 60 + Int(number) - 8, to: &out)
        } else {
            appendNumber(base + 8, to: &out)
            out += [UInt8(ascii: ";"), UInt8(ascii: "5"), UInt8(ascii: ";")]
            appendNumber(Int(number), to: &out)
        }
    }

    private static func appendNumber(_ value: Int, to out: inout [UInt8]) {
        if value >= 100 {
            appendNumber(value / 10, to: &out)
        } else if value >= 10 {
            out.append(UInt8(ascii: "0") + UInt8(value / 10))
        }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
