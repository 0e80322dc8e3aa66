import Vocabulary

/// Renders a cell block as plain text or as ANSI-coloured text.
///
/// ```swift
/// print(FrameText.ansi(block))
/// ```
public enum FrameText {
    /// One line per row; continuation cells are skipped so wide graphemes keep their two columns.
    public static func plain(_ block: CellBlock) -> String {
        lines(block).joined(separator: "\n")
    }

    /// Each row's text, continuation cells skipped (trailing blanks kept).
    public static func lines(_ block: CellBlock) -> [String] {
        (0..<block.size.rows).map { row in
            var line = ""
            block.withRow(row) { cells in
                for cell in cells where !cell.isContinuation {
                    line.append(cell.grapheme)
                }
            }
            return line
        }
    }

    /// One line per row with minimal SGR sequences (only when the style changes) and `ESC[0m` at each line end.
    public static func ansi(_ block: CellBlock) -> String {
        var lines: [String] = []
        for row in 0..<block.size.rows {
            var line = ""
            var current = CellStyle.plain
            block.withRow(row) { cells in
                for cell in cells where !cell.isContinuation {
                    if cell.style != current {
                        line += sgr(cell.style)
                        current = cell.style
                    }
                    line.append(cell.grapheme)
                }
            }
            line += "\u{1B}[0m"
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The length of ``sgr(_:)`` for `style`: what a terminal is sent to switch to it.
    /// Counted, not written: a benchmark weighs every frame's style changes with it.
    public static func sgrLength(_ style: CellStyle) -> Int {
        // "ESC [", "0", then ";" and each code, then "m".
        var length = 2 + 1 + 1
        if style.attributes.contains(.bold) { length += 2 }
        if style.attributes.contains(.dim) { length += 2 }
        if style.attributes.contains(.underline) { length += 2 }
        if style.attributes.contains(.reverse) { length += 2 }
        return length + colorCodesLength(style.foreground) + colorCodesLength(style.background)
    }

    /// The length of ``colorCodes(_:base:)`` joined, with the `;` before each code.
    private static func colorCodesLength(_ color: CellColor) -> Int {
        switch color {
        case .default: 0
        case .indexed(let index): 3 + 2 + 1 + digits(index)
        case .rgb(let red, let green, let blue): 3 + 2 + 3 * 1 + digits(red) + digits(green) + digits(blue)
        }
    }

    private static func digits(_ value: UInt8) -> Int {
        value >= 100 ? 3 : value >= 10 ? 2 : 1
    }

    /// The SGR sequence that sets exactly `style` (starting from a reset).
    static func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.attributes.contains(.bold) { codes.append("1") }
        if style.attributes.contains(.dim) { codes.append("2") }
        if style.attributes.contains(.underline) { codes.append("4") }
        if style.attributes.contains(.reverse) { codes.append("7") }
        codes += colorCodes(style.foreground, base: 38)
        codes += colorCodes(style.background, base: 48)
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private static func colorCodes(_ color: CellColor, base: Int) -> [String] {
        switch color {
        case .default: []
        case .indexed(let index): ["\(base)", "5", "\(index)"]
        case .rgb(let red, let green, let blue): ["\(base)", "2", "\(red)", "\(green)", "\(blue)"]
        }
    }
}
