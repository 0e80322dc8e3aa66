extension FeedScreen {
    /// Lines the open panel takes above the status bar (0 when none is open).
    var panelHeight: Int {
        guard showsEventLog || showsNetworkPanel else { return 0 }
        let available = FeedFrame.viewportHeight(for: screen.size)
        return showsNetworkPanel ? min(available, NetworkPanel.preferredHeight) : min(available, max(6, available / 2))
    }

    /// The screen line of the row after the last photo ("loading more…", a failed page, the
    /// end of the feed), or nil when it is off screen, under a panel, or there is no footer.
    var footerLine: Int? {
        let size = screen.size
        let layout = RowLayout(thumbnail: options.thumbnail, width: size.columns)
        let fits = size.rows >= layout.minimumScreenSize.rows && size.columns >= layout.minimumScreenSize.columns
        guard fits, pageState != .idle, let last = rows.indices.last, let line = list.line(ofRow: last) else {
            return nil
        }
        let footer = line + list.rowHeight
        return footer < FeedFrame.viewportHeight(for: size) - panelHeight ? footer : nil
    }

    /// Draws a frame update: rows (clipped above an open panel), then the panel and the
    /// "loading more…" row, then one flush.
    func drawFrame(_ update: FrameUpdate, _ current: FeedFrame) {
        let size = screen.size
        let viewport = FeedFrame.viewportHeight(for: size)
        let panelTop = viewport - panelHeight
        let clipped = ClippedScreen(base: screen, hidden: panelTop..<viewport)
        FeedFrameRenderer.draw(update, of: current, on: clipped)
        let layout = RowLayout(thumbnail: options.thumbnail, width: size.columns)
        let fits = size.rows >= layout.minimumScreenSize.rows && size.columns >= layout.minimumScreenSize.columns
        if let line = footerLine,
            let kind = pageState.footer(animationFrame: update.animationFrame, rowCount: rows.count)
        {
            screen.draw(
                FeedFooterRow.render(kind, width: size.columns, glyphs: options.glyphs),
                at: CellPoint(row: line, column: 0))
        }
        if fits, panelHeight > 0 {
            let panel = showsNetworkPanel ? networkPanel(width: size.columns) : eventLogPanel(width: size.columns)
            screen.draw(panel, at: CellPoint(row: panelTop, column: 0))
        }
        if showsHelp {
            let overlay = HelpOverlay.render(in: size, glyphs: options.glyphs)
            screen.draw(overlay.block, at: overlay.origin)
        }
        screen.flush()
    }

    /// The event log: the Panels event-log box with the latest events, newest at the bottom.
    func eventLogPanel(width: Int) -> CellBlock {
        EventLogPanel.render(eventLog, size: TerminalSize(rows: panelHeight, columns: width), glyphs: options.glyphs)
    }

    /// The network panel: the embedded server's knobs and the keys that change them.
    func networkPanel(width: Int) -> CellBlock {
        NetworkPanel.render(
            network?.knobs, source: feedName, size: TerminalSize(rows: panelHeight, columns: width),
            glyphs: options.glyphs)
    }

    func adjustNetwork(_ knob: ShapingKnobs.Knob, up: Bool) {
        guard let network else { return }
        let knobs = network.update(network.knobs.stepping(knob, up: up))
        note("network: \(NetworkPanel.value(knob, of: knobs))")
        scheduler.invalidateAll()
    }
}
