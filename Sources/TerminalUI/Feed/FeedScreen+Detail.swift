import BlockArt
import ImageCodecs
import ImageLoading

extension FeedScreen {
    /// The cell box the detail view's picture fills on the current screen.
    var detailBox: TerminalSize {
        DetailFrame.layout(in: screen.size)?.thumbnail.size ?? TerminalSize(rows: 1, columns: 1)
    }

    /// Opens (or re-opens, after a move, resize or symbol change) the detail view of the focused row.
    func openDetail() {
        guard let row = list.focus, rows.indices.contains(row) else { return }
        closeDetail()
        let loader = pipeline.makeLoader()
        loader.lowData = lowData
        detailGeneration += 1
        let (generation, continuation) = (detailGeneration, self.continuation)
        let phases = loader.phases
        var state = DetailState(row: row, loader: loader, generation: generation)
        state.forwarder = Task {
            for await phase in phases { continuation.yield(.detailPhase(generation: generation, phase)) }
        }
        detail = state
        let pixels = pixelSize(for: rows[row].entry, box: detailBox)
        loader.priority = .veryHigh
        loader.load(rows[row].entry.imageRequest(for: pixels, priority: .veryHigh))
        eventLog.append(time: clock.now(), row: row, .note("detail \(pixels.width)×\(pixels.height)"))
    }

    /// Closes the detail view and cancels its load.
    func closeDetail() {
        guard let detail else { return }
        detail.loader.cancel()
        detail.forwarder?.cancel()
        self.detail = nil
        screen.clearAll()
        scheduler.invalidateAll()
    }

    func receiveDetail(_ phase: ImagePhase, generation: Int) {
        guard var detail, detail.generation == generation else { return }
        detail.state = RowDisplayState(phase: phase)
        if case .success(let response) = phase {
            let box = CellSize(columns: detailBox.columns, rows: detailBox.rows)
            detail.picture = CellBlock(grid: renderer.render(response.bitmap, in: box))
        }
        detail.needsRedraw = true
        self.detail = detail
    }

    /// Draws the whole detail view: the Panels `DetailFrame` (title, id, size, picture or
    /// placeholder, state line, key hints), the help overlay on top when open.
    func drawDetail() {
        guard let detail, rows.indices.contains(detail.row) else { return }
        let size = screen.size
        let row = rows[detail.row].model
        let model = DetailFrameModel(
            title: row.author, id: row.id, imageSize: row.imageSize, source: feedName, state: detail.state,
            picture: detail.picture)
        DetailFrame.draw(
            model, on: screen,
            options: RowRenderOptions(placeholder: .spinner, colors: options.colors, glyphs: options.glyphs))
        if showsHelp {
            let overlay = HelpOverlay.render(in: size, glyphs: options.glyphs)
            screen.draw(overlay.block, at: overlay.origin)
        }
        screen.flush()
    }
}
