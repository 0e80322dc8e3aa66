import TerminalText
import TerminalGraphics
import TerminalScreen
import Vocabulary

/// Draws the screen-reader mode (`--text`): words instead of pictures, one photo a line.
///
/// A screen reader (Orca, speakup, brltty) reads the line the cursor is on, so the frame puts
/// the cursor at the start of the focused photo's line (``Frame/cursor``): moving the focus
/// moves the cursor and the reader says the photo. The bottom line holds the latest news
/// (``FeedModel/announcement``) and changes only when there is news, so a reader that speaks
/// changed text says it once. No picture is placed and no glyph art is drawn: the grid reads
/// as the list, the detail view says the photo's info, and panels and help are lines of words.
///
/// ```
/// Photo 1 of 30 by Alejandro Escamilla, 5616 by 3744, loaded from the network in 240 ms
/// Photo 2 of 30 by Paul Jarvis, 5000 by 3333, failed: HTTP 404        ← the cursor, when focused
/// …
/// photo 2 failed: HTTP 404
/// ```
enum TextFeedView {
    /// Draws `model` into `frame` (already blank and screen-sized).
    static func draw(_ model: FeedModel, on frame: inout Frame) {
        let size = model.screenSize
        guard size.rows >= 2, size.columns >= 10 else {
            frame.draw(TinyTerminalMessage.render(in: size, minimum: CellSize(columns: 10, rows: 2)), at: .zero)
            return
        }
        let content = size.rows - 1
        if var lines = page(of: model) {
            if lines.count > content {
                // Said, not cut silently.
                lines = Array(lines.prefix(content - 1)) + ["and \(lines.count - content + 1) more lines: a taller terminal shows them"]
            }
            for (row, line) in lines.prefix(content).enumerated() {
                write(line, row: row, on: &frame, style: row == 0 ? CellStyle(attributes: .bold) : .plain)
            }
            frame.cursor = .zero
            frame.showsPage = true
        } else {
            drawList(model, rows: content, on: &frame)
        }
        drawBottomLine(model, on: &frame)
    }

    /// The photos in view, a line each; the focused one highlighted with the cursor on it.
    static func drawList(_ model: FeedModel, rows: Int, on frame: inout Frame) {
        for index in model.list.visibleItems {
            guard let key = model.key(at: index), let line = model.list.line(ofItem: index), line >= 0, line < rows,
                let row = model.spokenRow(for: key)
            else { continue }
            let focused = model.list.focus == index
            write(row.sentence, row: line, on: &frame, style: focused ? CellStyle(attributes: .reverse) : .plain)
            if focused { frame.cursor = CellPoint(row: line, column: 0) }
        }
        if let line = model.footerLine, line < rows, let kind = model.footer(animationFrame: 0) {
            write(footer(kind), row: line, on: &frame, style: .plain)
        }
        if model.keys.isEmpty, !model.order.filter.isEmpty {
            write("no photo matches /\(model.order.filter.text); Esc shows all", row: 0, on: &frame, style: .plain)
            frame.cursor = .zero
        }
        if frame.cursor == nil { frame.cursor = .zero }
    }

    /// The bottom line: the filter being typed (with the cursor after it), else the latest news.
    static func drawBottomLine(_ model: FeedModel, on frame: inout Frame) {
        let row = model.screenSize.rows - 1
        if case .filter(let text, _)? = model.prompt {
            let matches = "\(model.keys.count) of \(model.items.count) match"
            let typed = "/" + TextSanitizer.sanitize(text)
            let columns = write(typed, row: row, on: &frame, style: .plain)
            write(matches, row: row, column: min(model.screenSize.columns, columns + 3), on: &frame, style: .plain)
            frame.cursor = CellPoint(row: row, column: min(model.screenSize.columns - 1, columns))
            return
        }
        let news = model.announcement ?? "\(model.feedName): ? lists the keys"
        write(news, row: row, on: &frame, style: .plain)
    }

    /// The footer after the last photo, in words.
    static func footer(_ kind: FeedFooterRow.Kind) -> String {
        switch kind {
        case .loadingMore: "loading more photos"
        case .listing(let files, _): "reading the folder: \(files) files so far"
        case .endOfFeed(let count): "the end of the feed: \(count) photos"
        case .pageFailed(let reason): "the next page failed: \(TextSanitizer.sanitize(reason)); r retries"
        }
    }

    /// Writes `text` on screen line `row` from `column`, cut to the width; returns the columns used.
    @discardableResult
    static func write(_ text: String, row: Int, column: Int = 0, on frame: inout Frame, style: CellStyle) -> Int {
        let width = frame.size.columns - column
        guard width > 0 else { return 0 }
        var block = CellBlock(size: CellSize(columns: width, rows: 1))
        let used = block.write(
            TextTruncation.truncate(TextSanitizer.sanitize(text), toWidth: width, ellipsis: "..."), at: .zero, style: style)
        frame.draw(block, at: CellPoint(row: row, column: column))
        return used
    }
}
