import BlockArt
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
    /// colour numbers (`colorNumber`, -1 the default), written as the colours they stand for on
    /// a terminal of `capability` (``BlockArt/ANSIWriter``'s SGR codes).
    static func bytes(
        painting parts: [CellRect], of cells: CellBlock, capability: ColorDepth, colorNumber: (CellColor) -> Int32
    ) -> [UInt8] {
        guard !parts.isEmpty else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(parts.reduce(0) { $0 + $1.size.rows * $1.size.columns } * 40 + 16)
        out += [0x1B, UInt8(ascii: "7")]
        var codes: [UInt8] = []
        let columns = cells.size.columns
        for part in parts {
            for row in part.rowRange {
                // Each line from a reset: what it sets does not depend on the line before.
                out += "\u{1B}[\(row + 1);\(part.origin.column + 1)H\u{1B}[0m".utf8
                var foreground: Int32 = -1
                var background: Int32 = -1
                var attributes = CellAttributes()
                let start = row * columns
                for index in (start + part.origin.column)..<(start + part.columnRange.upperBound) {
                    let cell = cells.cells[index]
                    let cellForeground = colorNumber(cell.style.foreground)
                    let cellBackground = colorNumber(cell.style.background)
                    if cell.style.attributes != attributes {
                        // Attributes are only ever set from a reset; the colours go again after it.
                        codes.append(UInt8(ascii: "0"))
                        codes.append(UInt8(ascii: ";"))
                        appendAttributes(cell.style.attributes, to: &codes)
                        attributes = cell.style.attributes
                        foreground = -1
                        background = -1
                    }
                    if cellForeground != foreground {
                        ANSIWriter.appendCode(for: color(cellForeground, capability), background: false, into: &codes)
                    }
                    if cellBackground != background {
                        ANSIWriter.appendCode(for: color(cellBackground, capability), background: true, into: &codes)
                    }
                    if !codes.isEmpty {
                        out += [0x1B, UInt8(ascii: "[")]
                        out += codes.dropLast()  // the trailing ';'
                        out.append(UInt8(ascii: "m"))
                        codes.removeAll(keepingCapacity: true)
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

    /// The colour ncurses' colour `number` stands for on a terminal of `capability`: the
    /// default, a palette index, or (direct colour, from 8 up) the packed rgb.
    private static func color(_ number: Int32, _ capability: ColorDepth) -> CellColor {
        if number < 0 { return .default }
        if number < 8 || capability != .truecolor { return .indexed(UInt8(truncatingIfNeeded: number)) }
        return .rgb(UInt8(number >> 16 & 0xFF), UInt8(number >> 8 & 0xFF), UInt8(number & 0xFF))
    }

    /// `1;`, `2;`, `4;`, `7;` for bold, dim, underline, reverse.
    private static func appendAttributes(_ attributes: CellAttributes, to codes: inout [UInt8]) {
        if attributes.contains(.bold) { codes += [UInt8(ascii: "1"), UInt8(ascii: ";")] }
        if attributes.contains(.dim) { codes += [UInt8(ascii: "2"), UInt8(ascii: ";")] }
        if attributes.contains(.underline) { codes += [UInt8(ascii: "4"), UInt8(ascii: ";")] }
        if attributes.contains(.reverse) { codes += [UInt8(ascii: "7"), UInt8(ascii: ";")] }
    }
}
