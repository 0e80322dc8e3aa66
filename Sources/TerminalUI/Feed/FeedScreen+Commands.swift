import BlockArt

extension FeedScreen {
    /// The context the key map reads keys in.
    var keyContext: KeyMap.Context {
        if detail != nil { return .detail }
        if showsHelp || showsEventLog || showsNetworkPanel { return .overlay }
        return .list
    }

    /// One input event: network-panel keys first, then the key map.
    func handle(_ input: InputEvent) {
        if showsNetworkPanel, case .key(.character(let character)) = input,
            let step = ShapingKnobs.step(forKey: character)
        {
            adjustNetwork(step.knob, up: step.up)
            return
        }
        guard let command = keyMap.command(for: input, in: keyContext) else { return }
        execute(command)
    }

    func execute(_ command: Command) {
        switch command {
        case .moveFocus(let delta):
            apply(list.moveFocus(by: delta))
            if detail != nil { openDetail() }
        case .scroll(let delta): apply(list.scroll(by: delta))
        case .pageDown: apply(list.pageDown())
        case .pageUp: apply(list.pageUp())
        case .jumpToTop: apply(list.jumpToTop())
        case .jumpToEnd: apply(list.jumpToEnd())
        case .openDetail: openDetail()
        case .back: back()
        case .quit: exit = .quit
        case .terminate(let signal): exit = .signal(signal)
        case .retryFocused:
            // At the end of the list r retries a failed page (and the focused row only if it failed).
            let page = pageRetryIsInReach && retryPage()
            if let focus = list.focus, !page || rows[focus].isFailed { retry([focus]) }
        case .retryAllFailed:
            retry(rows.indices.filter { rows[$0].isFailed })
            retryPage()
        case .clearMemoryCache:
            pipeline.clearMemoryCache()
            note("memory cache cleared")
        case .clearAllCaches:
            pipeline.clearMemoryCache()
            let pipeline = self.pipeline
            background.append(Task { await pipeline.clearAllCaches() })
            note("memory and disk caches cleared")
        case .cycleSymbols: cycleSymbols()
        case .cyclePlaceholder:
            options.placeholder = options.placeholder.next
            scheduler.invalidateAll()
        case .toggleLowData:
            lowData.toggle()
            for row in rows where row.loader != nil { row.loader?.lowData = lowData }
            detail?.loader.lowData = lowData
            if lowData, !rows.isEmpty, !rows.contains(where: { $0.entry.hasLowDataVariant }) {
                note("low-data mode on, but this feed has no smaller variant: originals load as usual")
            } else {
                note(lowData ? "low-data mode on (quarter-size images)" : "low-data mode off")
            }
        case .toggleEventLog:
            showsEventLog.toggle()
            if showsEventLog { showsNetworkPanel = false }
            scheduler.invalidateAll()
        case .toggleNetworkPanel:
            showsNetworkPanel.toggle()
            if showsNetworkPanel { showsEventLog = false }
            scheduler.invalidateAll()
        case .toggleHelp:
            showsHelp.toggle()
            scheduler.invalidateAll()
            detail?.needsRedraw = true
        case .redraw:
            screen.clearAll()
            scheduler.invalidateAll()
            detail?.needsRedraw = true
        case .relayout(let size):
            relayout(size)
        }
    }

    private func back() {
        if showsHelp {
            showsHelp = false
        } else if detail != nil {
            closeDetail()
        } else {
            showsEventLog = false
            showsNetworkPanel = false
        }
        scheduler.invalidateAll()
        detail?.needsRedraw = true
    }

    private func relayout(_ size: TerminalSize) {
        let layout = RowLayout(thumbnail: options.thumbnail, width: size.columns)
        apply(list.resize(viewportHeight: FeedFrame.viewportHeight(for: size), rowHeight: layout.rowHeight))
        screen.clearAll()
        scheduler.invalidateAll()
        if detail != nil { openDetail() }
    }

    /// Starts failed rows again (the pipeline resumes what it kept).
    func retry(_ targets: [Int]) {
        let visible = list.visibleRows
        for row in targets where rows.indices.contains(row) {
            rows[row].model.state = .idle
            rows[row].model.thumbnail = nil
            rows[row].bitmap = nil
            perform(planner.reset(row: row, visibleRows: visible))
            scheduler.invalidate(row: row)
        }
        if let detail, targets.contains(detail.row) { openDetail() }
        updateAnimation()
    }

    /// Next symbol set: re-render from kept bitmaps when they are big enough, else reload.
    private func cycleSymbols() {
        let all = SymbolSet.allCases
        let next = all[((all.firstIndex(of: options.art.symbols) ?? 0) + 1) % all.count]
        options.art.symbols = next
        renderer = BlockArtRenderer(options: options.art)
        var reload: [Int] = []
        for row in rows.indices {
            let needed = pixelSize(for: rows[row].entry, box: options.thumbnail)
            guard let bitmap = rows[row].bitmap else {
                // A load still running at a smaller size would finish too small: restart it at the new size.
                if let priority = planner.running[row], let asked = rows[row].requestedPixels,
                    asked.width < needed.width || asked.height < needed.height
                {
                    start(row: row, priority: priority)
                }
                continue
            }
            if bitmap.width >= needed.width && bitmap.height >= needed.height {
                rows[row].model.thumbnail = thumbnail(for: bitmap)
            } else {
                rows[row].model.thumbnail = thumbnail(for: bitmap)
                reload.append(row)
            }
        }
        for row in reload {
            planner.markFinished(row: row)
            perform(planner.reset(row: row, visibleRows: list.visibleRows))
        }
        note("symbols: \(next)")
        scheduler.invalidateAll()
        if detail != nil { openDetail() }
    }

    /// A short message in the event log (and the status line until the next one).
    func note(_ text: String) {
        message = text
        eventLog.append(time: clock.now(), row: nil, .note(text))
        scheduler.invalidateStatus()
    }
}
