import BlockArt
import ImageCodecs
import ImageLoading

extension FeedScreen {
    /// The cell box the detail view's picture fills on the current screen.
    var detailBox: TerminalSize {
        let size = screen.size
        return TerminalSize(rows: max(1, size.rows - 3), columns: max(1, size.columns - 2))
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

    /// Draws the whole detail view: title, picture (or placeholder), state and key hints.
    func drawDetail() {
        guard let detail, rows.indices.contains(detail.row) else { return }
        let size = screen.size
        let model = rows[detail.row].model
        var block = CellBlock(size: size)
        var title = TextSanitizer.sanitize(model.author) + options.glyphs.separator + "#" + TextSanitizer.sanitize(model.id)
        if let size = model.imageSize { title += options.glyphs.separator + "\(size.columns)\(options.glyphs.times)\(size.rows)" }
        _ = block.write(title, at: CellPoint(row: 0, column: 1), style: CellStyle(attributes: .bold), maxWidth: max(0, size.columns - 2))
        let box = detailBox
        let picture: CellBlock
        if let image = detail.picture {
            picture = image
        } else if case .failed(let reason) = detail.state {
            picture = Placeholder.failure(size: box, reason: reason, colors: options.colors, glyphs: options.glyphs)
        } else {
            picture = Placeholder.spinner(
                size: box, frame: 0, fractionCompleted: detail.state.fractionCompleted, colors: options.colors,
                glyphs: options.glyphs)
        }
        block.paste(
            picture,
            at: CellPoint(
                row: 1 + max(0, (box.rows - picture.size.rows) / 2),
                column: 1 + max(0, (box.columns - picture.size.columns) / 2)))
        var footer = StateLine.text(for: detail.state, glyphs: options.glyphs)
        footer.append("   Esc back · j/k next/previous · r retry · m symbols", style: CellStyle(attributes: .dim))
        _ = block.write(footer, at: CellPoint(row: size.rows - 1, column: 1), maxWidth: max(0, size.columns - 2))
        screen.draw(block, at: .zero)
        if showsHelp {
            let overlay = HelpOverlay.render(in: size, glyphs: options.glyphs)
            screen.draw(overlay.block, at: overlay.origin)
        }
        screen.flush()
    }
}
