import TerminalText
public import TerminalGraphics
public import TerminalScreen
public import Vocabulary
/// A bordered box with a title and lines of text: the frame every panel is drawn in.
///
/// ```swift
/// var block = PanelBox.render(title: "events", lines: ["12.3s  row 4  start"], size: size)
/// ```
public enum PanelBox {
    /// A `size` block with a border, `title` in the top edge and `lines` inside (sanitised, clipped).
    ///
    /// `footer` (key hints) goes in the bottom edge, right-aligned. Blocks smaller than 2×4 stay blank.
    public static func render(
        title: String,
        lines: [StyledText],
        footer: String? = nil,
        size: CellSize,
        glyphs: GlyphSet = .unicode
    ) -> CellBlock {
        var block = CellBlock(size: size)
        guard size.rows >= 2, size.columns >= 4, glyphs.box.count >= 6 else { return block }
        let border = CellStyle(foreground: .gray)
        let box = glyphs.box
        let horizontal = String(repeating: box[4], count: size.columns - 2)
        block.write(String(box[0]) + horizontal + String(box[1]), at: .zero, style: border)
        block.write(String(box[2]) + horizontal + String(box[3]), at: CellPoint(row: size.rows - 1, column: 0), style: border)
        for row in 1..<(size.rows - 1) {
            block.write(String(box[5]), at: CellPoint(row: row, column: 0), style: border)
            block.write(String(box[5]), at: CellPoint(row: row, column: size.columns - 1), style: border)
        }
        let inner = size.columns - 4
        let cleanTitle = TextSanitizer.sanitize(title)
        let heading =
            cleanTitle.isEmpty ? "" : TextTruncation.truncate(" " + cleanTitle + " ", toWidth: inner, ellipsis: glyphs.ellipsis)
        block.write(heading, at: CellPoint(row: 0, column: 2), style: CellStyle(attributes: .bold))
        if let footer {
            let hint = TextTruncation.truncate(" " + TextSanitizer.sanitize(footer) + " ", toWidth: inner - DisplayWidth.of(heading), ellipsis: glyphs.ellipsis)
            let width = DisplayWidth.of(hint)
            if width > 0 {
                block.write(hint, at: CellPoint(row: size.rows - 1, column: size.columns - 2 - width), style: border)
            }
        }
        for (index, line) in lines.prefix(size.rows - 2).enumerated() {
            block.write(line, at: CellPoint(row: index + 1, column: 2), maxWidth: inner)
        }
        return block
    }

    /// Where a panel goes on a screen of `size` above a one-line status bar: along the bottom,
    /// `height` rows tall, or along the right edge, `width` columns wide. Clamped to the screen.
    public static func rect(in size: CellSize, edge: PanelEdge, extent: Int) -> CellRect {
        let usableRows = max(0, size.rows - 1)
        switch edge {
        case .bottom:
            let rows = min(max(0, extent), usableRows)
            return CellRect(row: usableRows - rows, column: 0, rows: rows, columns: max(0, size.columns))
        case .right:
            let columns = min(max(0, extent), max(0, size.columns))
            return CellRect(row: 0, column: size.columns - columns, rows: usableRows, columns: columns)
        }
    }
}

/// Which screen edge a panel sits along.
public enum PanelEdge: Hashable, Sendable {
    case bottom
    case right
}
