/// Everything one frame of the feed list shows.
public struct FeedFrame: Sendable {
    /// The list state (its viewport height is the screen height minus the status bar).
    public var list: LazyList
    /// The models of (at least) the visible rows; a visible row without one is drawn blank.
    public var rows: [Int: RowViewModel]
    /// The status bar numbers.
    public var status: StatusMetrics
    /// The thumbnail box size.
    public var thumbnail: TerminalSize
    /// Placeholder style, colours, glyphs.
    public var options: RowRenderOptions
    /// Whether the help overlay is open.
    public var showsHelp: Bool

    /// Creates a frame description.
    public init(
        list: LazyList, rows: [Int: RowViewModel], status: StatusMetrics, thumbnail: TerminalSize,
        options: RowRenderOptions = RowRenderOptions(), showsHelp: Bool = false
    ) {
        self.list = list
        self.rows = rows
        self.status = status
        self.thumbnail = thumbnail
        self.options = options
        self.showsHelp = showsHelp
    }

    /// The lines available to the list on a screen of `size` (all but the status bar).
    public static func viewportHeight(for size: TerminalSize) -> Int {
        max(0, size.rows - 1)
    }
}

/// Draws a ``FrameUpdate`` of the feed onto a screen: only the rows it names, unless it is a full redraw.
///
/// ```swift
/// if let update = scheduler.takeFrame(at: now) {
///     FeedFrameRenderer.draw(update, of: frame, on: screen)
/// }
/// ```
public enum FeedFrameRenderer {
    /// Draws and flushes.
    public static func draw(_ update: FrameUpdate, of frame: FeedFrame, on screen: some Screen) {
        let size = screen.size
        let layout = RowLayout(thumbnail: frame.thumbnail, width: size.columns)
        let minimum = layout.minimumScreenSize
        guard size.rows >= minimum.rows, size.columns >= minimum.columns else {
            screen.draw(TinyTerminalMessage.render(in: size, minimum: minimum), at: .zero)
            screen.flush()
            return
        }
        let viewport = FeedFrame.viewportHeight(for: size)
        let rows = update.fullRedraw ? Array(frame.list.visibleRows) : update.rows
        if update.fullRedraw {
            screen.clear(CellRect(row: 0, column: 0, rows: viewport, columns: size.columns))
        }
        for row in rows {
            guard let line = frame.list.line(ofRow: row) else { continue }
            let block: CellBlock
            if let model = frame.rows[row] {
                block = RowView.render(
                    model, layout: layout, focused: frame.list.focus == row, frame: update.animationFrame,
                    options: frame.options)
            } else {
                block = CellBlock(size: TerminalSize(rows: layout.rowHeight, columns: layout.width))
            }
            draw(block, atLine: line, limit: viewport, on: screen)
        }
        if update.status || update.fullRedraw {
            screen.draw(
                StatusBar.render(frame.status, width: size.columns, glyphs: frame.options.glyphs),
                at: CellPoint(row: size.rows - 1, column: 0))
        }
        if frame.showsHelp {
            let overlay = HelpOverlay.render(in: size, glyphs: frame.options.glyphs)
            screen.draw(overlay.block, at: overlay.origin)
        }
        screen.flush()
    }

    /// Draws the lines of `block` that fall above `limit`.
    private static func draw(_ block: CellBlock, atLine line: Int, limit: Int, on screen: some Screen) {
        for offset in 0..<block.size.rows where line + offset < limit {
            block.withRow(offset) { cells in
                screen.put(cells, at: CellPoint(row: line + offset, column: 0))
            }
        }
    }
}
