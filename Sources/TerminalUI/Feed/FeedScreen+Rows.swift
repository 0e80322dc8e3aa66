import BlockArt
import FeedSources
import ImageCodecs
import ImageLoading

extension FeedScreen {
    // MARK: List changes

    /// Runs the planner on a list change and redraws what moved.
    func apply(_ diff: LazyListDiff) {
        guard !diff.isEmpty else { return }
        perform(planner.plan(diff))
        if diff.scrolled || !diff.appeared.isEmpty || !diff.disappeared.isEmpty {
            scheduler.invalidateAll()
        } else if diff.focusChanged {
            scheduler.invalidate(rows: [diff.oldFocus, diff.newFocus].compactMap { $0 })
        }
        updateAnimation()
        scheduler.invalidateStatus()
        requestPageIfNeeded()
    }

    /// Tells the scheduler which visible rows show a placeholder.
    func updateAnimation() {
        let visible = list.visibleRows
        scheduler.retain(visible: visible)
        for row in visible {
            scheduler.setAnimating(row: row, rows[row].model.showsPlaceholder)
        }
    }

    func perform(_ actions: [RowLoadPlanner.Action]) {
        for action in actions {
            switch action {
            case .start(let row, let priority):
                start(row: row, priority: priority)
            case .setPriority(let row, let priority):
                rows[row].loader?.priority = priority
                eventLog.append(time: clock.now(), row: row, .note("priority \(priority)"))
            case .cancel(let row):
                rows[row].loader?.cancel()
                eventLog.append(time: clock.now(), row: row, .cancel)
            case .release(let row):
                // Off screen: let the image go; the memory cache brings it back on the next appearance.
                rows[row].bitmap = nil
                rows[row].model.thumbnail = nil
                rows[row].model.state = .idle
            }
        }
    }

    // MARK: Loading

    /// The pixel size a row's thumbnail needs under the current symbol set.
    func pixelSize(for entry: FeedPhoto, box: TerminalSize) -> PixelSize {
        let cells = CellSize(columns: box.columns, rows: box.rows)
        if let size = entry.size, !size.isEmpty {
            return renderer.pixelSize(forImage: size, in: cells)
        }
        let symbols = renderer.options.symbols
        return PixelSize(width: box.columns * symbols.pixelsPerCellX, height: box.rows * symbols.pixelsPerCellY)
    }

    func start(row: Int, priority: ImageRequest.Priority) {
        let loader: any RowLoading
        if let existing = rows[row].loader {
            loader = existing
        } else {
            loader = pipeline.makeLoader()
            loader.lowData = lowData
            rows[row].generation += 1
            rows[row].loader = loader
            let (generation, continuation) = (rows[row].generation, self.continuation)
            let phases = loader.phases
            rows[row].forwarder = Task {
                for await phase in phases { continuation.yield(.phase(row: row, generation: generation, phase)) }
            }
        }
        let pixels = pixelSize(for: rows[row].entry, box: options.thumbnail)
        let request = rows[row].entry.imageRequest(for: pixels, priority: priority)
        rows[row].requestedPixels = pixels
        rows[row].url = request.url?.absoluteString
        loader.priority = priority
        loader.load(request)
        eventLog.append(
            time: clock.now(), row: row,
            .note((rows[row].resumedFrom == nil ? "start " : "restart ") + "\(priority) \(pixels.width)×\(pixels.height)"))
        // A memory-cache hit has settled already: show it in this frame, not after a placeholder one.
        let settled = loader.phase
        if settled.isTerminal {
            receive(settled, row: row, generation: rows[row].generation)
            rows[row].settledEchoes += 1
        }
    }

    /// A phase from a row loader's stream: the same as `receive`, except the echo of a final
    /// phase `start` already showed, which would only render the same thumbnail again.
    func receiveForwarded(_ phase: ImagePhase, row: Int, generation: Int) {
        guard rows.indices.contains(row), rows[row].generation == generation else { return }
        if phase.isTerminal, rows[row].settledEchoes > 0 {
            rows[row].settledEchoes -= 1
            return
        }
        receive(phase, row: row, generation: generation)
    }

    func receive(_ phase: ImagePhase, row: Int, generation: Int) {
        guard rows.indices.contains(row), rows[row].generation == generation else { return }
        switch phase {
        case .success(let response):
            planner.markFinished(row: row)
            rows[row].resumedFrom = nil
            let release = planner.releaseIfOffscreen(row: row, list: list)
            if !release.isEmpty {
                // Finished off screen (keep, lower-priority): the memory cache holds it for the return.
                perform(release)
                return
            }
            rows[row].bitmap = response.bitmap
            rows[row].model.thumbnail = thumbnail(for: response.bitmap)
        case .failure:
            planner.markFinished(row: row, failed: true)
            rows[row].resumedFrom = nil
        case .idle, .loading:
            break
        }
        rows[row].model.state = RowDisplayState(phase: phase, resumedFrom: rows[row].resumedFrom)
        if list.visibleRows.contains(row) {
            scheduler.invalidate(row: row)
            scheduler.setAnimating(row: row, rows[row].model.showsPlaceholder)
        }
        if case .loading = phase {} else {
            scheduler.invalidateStatus()
        }
        if detail?.row == row { detail?.needsRedraw = true }
    }

    /// Block art for a decoded thumbnail, in the row's box.
    func thumbnail(for bitmap: Bitmap) -> CellBlock {
        let box = CellSize(columns: options.thumbnail.columns, rows: options.thumbnail.rows)
        return CellBlock(grid: renderer.render(bitmap, in: box))
    }

    // MARK: Pipeline events

    func record(_ event: ImagePipeline.Event) {
        refreshMetrics()
        scheduler.invalidateStatus()
        // Progress is frequent and names no row change: skip the search over every row.
        if case .progress = event.kind { return }
        let row = rows.firstIndex { $0.url == event.url }
        switch event.kind {
        case .resumed(let offset):
            if let row {
                rows[row].resumedFrom = offset
                let resumed = Int64(offset)
                if case .loading(let completed, let expected, _) = rows[row].model.state {
                    rows[row].model.state = .loading(
                        completed: max(completed, resumed), expected: expected, resumedFrom: resumed)
                } else {
                    rows[row].model.state = .loading(completed: resumed, expected: nil, resumedFrom: resumed)
                }
                scheduler.invalidate(row: row)
            }
        default:
            break
        }
        guard event.stage != .image else { return }
        eventLog.append(time: clock.now(), row: row, PipelineEventLog.Kind(event))
        if showsEventLog { scheduler.invalidateStatus() }
    }

    func refreshMetrics() {
        let counters = pipeline.counters
        let queue = pipeline.queueCounts
        metrics.inFlight = queue.running
        metrics.queued = queue.waiting
        metrics.cancelled = counters.cancelled
        metrics.coalesced = counters.coalesced
        metrics.resumed = counters.resumed
        metrics.memoryHits = counters.memoryHits
        metrics.memoryLookups = counters.tasksStarted
        metrics.diskHits = counters.diskHits
        metrics.diskLookups = counters.diskHits + counters.queued
        metrics.bytesDownloaded = Int64(counters.bytesReceived)
    }
}
