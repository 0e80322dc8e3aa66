import TerminalText
public import TerminalGraphics
import TerminalScreen
public import Vocabulary
/// A block placed at a position on the screen (overlays and panels).
public struct PlacedBlock: Hashable, Sendable {
    /// Where the top-left cell goes.
    public var origin: CellPoint
    /// The cells.
    public var block: CellBlock

    /// Creates a placed block.
    public init(origin: CellPoint, block: CellBlock) {
        self.origin = origin
        self.block = block
    }
}

/// Renders the help overlay: every key binding in a centred box.
///
/// On a screen too short for one column the bindings go in two, when they fit side by side;
/// the box shrinks to fit small terminals; lines that do not fit are clipped and the last
/// visible line says how many more there are.
public enum HelpOverlay {
    /// The overlay for a screen of `screen` size; `terminal`: what the terminal answered and
    /// what was decided (``TerminalProfile/report()``), beside the keys when the screen is wide
    /// enough, else below them.
    public static func render(
        in screen: CellSize, entries: [KeyMap.HelpEntry] = KeyMap.helpEntries, glyphs: GlyphSet = .unicode,
        terminal: [String] = []
    ) -> PlacedBlock {
        let keyWidth = entries.map { DisplayWidth.of($0.keys) }.max() ?? 0
        var lines = entries.map { entry in
            "  " + TextTruncation.fit(entry.keys, toWidth: keyWidth) + "   " + entry.action
        }
        lines = inColumns(lines, on: screen, glyphs: glyphs)
        if !terminal.isEmpty { lines = adding(terminal, to: lines, on: screen) }
        let contentWidth = max(lines.map { DisplayWidth.of($0) }.max() ?? 0, 14) + 2
        let size = CellSize(
            columns: min(screen.columns, contentWidth + 2),
            rows: min(screen.rows, lines.count + 4))
        var block = CellBlock(size: size)
        guard size.rows >= 2, size.columns >= 2 else {
            return PlacedBlock(origin: .zero, block: block)
        }
        drawBorder(in: &block, title: " keys ", glyphs: glyphs)

        let innerRows = size.rows - 2
        let innerWidth = size.columns - 2
        // One blank line at the top and bottom when there is room.
        let padding = innerRows >= lines.count + 2 ? 1 : 0
        let capacity = innerRows - 2 * padding
        var shown = Array(lines.prefix(capacity))
        if shown.count < lines.count, !shown.isEmpty {
            shown[shown.count - 1] = "  \(glyphs.ellipsis) \(lines.count - shown.count + 1) more"
        }
        for (index, line) in shown.enumerated() {
            let text = TextTruncation.truncate(line, toWidth: innerWidth, ellipsis: glyphs.ellipsis)
            block.write(text, at: CellPoint(row: 1 + padding + index, column: 1), style: .plain)
        }
        let origin = CellPoint(row: (screen.rows - size.rows) / 2, column: (screen.columns - size.columns) / 2)
        return PlacedBlock(origin: origin, block: block)
    }

    /// Too many lines to list on a short screen: two columns, each cut to half the width when
    /// they do not fit side by side whole (a wide enough screen shows every word).
    private static func inColumns(_ lines: [String], on screen: CellSize, glyphs: GlyphSet) -> [String] {
        let keysWidth = lines.map { DisplayWidth.of($0) }.max() ?? 0
        let columnWidth = min(keysWidth, (screen.columns - 6) / 2)
        guard lines.count + 4 > screen.rows, columnWidth >= 36 else { return lines }
        let half = (lines.count + 1) / 2
        func cut(_ line: String) -> String {
            TextTruncation.fit(TextTruncation.truncate(line, toWidth: columnWidth, ellipsis: glyphs.ellipsis), toWidth: columnWidth)
        }
        return (0..<half).map { row in
            let right = row + half < lines.count ? cut(lines[row + half]) : ""
            return cut(lines[row]) + "  " + right
        }
    }

    /// What the terminal said, beside the keys when the screen is wide enough, else below them.
    private static func adding(_ terminal: [String], to lines: [String], on screen: CellSize) -> [String] {
        let side = terminal.map { "  " + TextSanitizer.sanitize($0) }
        let keysWidth = lines.map { DisplayWidth.of($0) }.max() ?? 0
        let sideWidth = side.map { DisplayWidth.of($0) }.max() ?? 0
        guard keysWidth + sideWidth + 6 <= screen.columns else { return lines + ["", "  what the terminal said"] + side }
        let rows = max(lines.count, side.count + 1)
        let header = ["  what the terminal said"] + side
        return (0..<rows).map { row in
            let left = row < lines.count ? lines[row] : ""
            let right = row < header.count ? header[row] : ""
            return TextTruncation.fit(left, toWidth: keysWidth) + "  " + right
        }
    }

    /// Draws a rounded border around the block with a title in the top edge.
    static func drawBorder(in block: inout CellBlock, title: String, glyphs: GlyphSet) {
        let rows = block.size.rows
        let columns = block.size.columns
        let style = CellStyle(attributes: .bold)
        let box = glyphs.box
        for column in 1..<(columns - 1) {
            block.set(box[4], at: CellPoint(row: 0, column: column), style: style)
            block.set(box[4], at: CellPoint(row: rows - 1, column: column), style: style)
        }
        for row in 1..<(rows - 1) {
            block.set(box[5], at: CellPoint(row: row, column: 0), style: style)
            block.set(box[5], at: CellPoint(row: row, column: columns - 1), style: style)
        }
        block.set(box[0], at: CellPoint(row: 0, column: 0), style: style)
        block.set(box[1], at: CellPoint(row: 0, column: columns - 1), style: style)
        block.set(box[2], at: CellPoint(row: rows - 1, column: 0), style: style)
        block.set(box[3], at: CellPoint(row: rows - 1, column: columns - 1), style: style)
        if columns > 4 {
            block.write(title, at: CellPoint(row: 0, column: 2), style: style, maxWidth: columns - 4)
        }
    }
}
