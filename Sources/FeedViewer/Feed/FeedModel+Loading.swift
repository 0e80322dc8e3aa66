import FeedSources
import ImageLoading
import Vocabulary

/// Loads: the list's appear/disappear decisions as effects, and the phases that come back.
extension FeedModel {
    /// Runs the planner on a list change (by list position) and asks for a page near the end.
    mutating func apply(_ diff: LazyListDiff) -> [FeedEffect] {
        guard !diff.isEmpty else { return [] }
        return plan(listing.transitions(of: diff))
    }

    /// Runs the planner on photos whose roles changed and asks for a page near the end.
    mutating func plan(_ transitions: [RowLoadPlanner<PhotoKey>.Transition]) -> [FeedEffect] {
        for transition in transitions where (transition.from == .visible) != (transition.to == .visible) {
            _ = update(panels: .mark(transition.to == .visible ? .appear : .disappear, lane: transition.item.description))
        }
        let actions = RowLoadPlanner.plan(transitions, policy: options.onDisappear, status: loadStatus(of:))
        return perform(actions) + requestPageIfNeeded()
    }

    /// Where the load of the photo of `key` stands, from its item (idle when untouched).
    func loadStatus(of key: PhotoKey) -> RowLoadStatus {
        items[key]?.loadStatus ?? .idle
    }

    /// The effects of planner actions, with the model updated to match.
    mutating func perform(_ actions: [RowLoadPlanner<PhotoKey>.Action]) -> [FeedEffect] {
        var effects: [FeedEffect] = []
        for action in actions {
            switch action {
            case .start(let key, let priority):
                effects += startLoad(key, priority: priority)
            case .setPriority(let key, let priority):
                loading.items[key]?.load?.priority = priority
                log(.note("priority \(priority)"), for: key)
                effects.append(.setPriority(.item(key), priority))
            case .cancel(let key):
                loading.items[key]?.load = nil
                loading.items[key]?.state = .idle
                // A preview is no picture to keep: the row shows its placeholder again.
                if loading.items[key]?.bitmap == nil { loading.items[key]?.picture = nil }
                log(.cancel, for: key)
                _ = update(panels: .mark(.cancel, lane: key.description))
                effects.append(.cancel(.item(key)))
            case .release(let key):
                // Off screen: let the image go; the memory cache brings it back on the next appearance.
                loading.items[key]?.bitmap = nil
                loading.items[key]?.picture = nil
                loading.items[key]?.state = .idle
                loading.items[key]?.load = nil
                effects.append(.release(.item(key)))
                effects += releaseAnimation(of: key)
            }
        }
        return effects
    }

    /// A new load for the photo of `key` at the size the picture backend wants.
    mutating func startLoad(_ key: PhotoKey, priority: ImageRequest.Priority) -> [FeedEffect] {
        guard var item = items[key] else { return [] }
        let pixels = pixelSize(for: key)
        let request = item.photo.imageRequest(for: pixels, priority: priority)
        let token = makeToken()
        let url = request.url?.absoluteString
        item.load = FeedItem.Load(token: token, pixels: pixels, url: url, lowData: lowData && request.lowDataURL != nil, priority: priority)
        let verb = item.starts == 0 ? "start " : "restart "
        item.starts += 1
        loading.items[key] = item
        log(.note(verb + "\(priority) \(pixels.width)×\(pixels.height)"), for: key)
        return [.load(.item(key), token, request, lowData: lowData)]
    }

    /// A phase of the load `token` of the photo of `key`; phases of replaced loads are dropped.
    mutating func receive(_ phase: ImagePhase, for key: PhotoKey, token: LoadToken) -> [FeedEffect] {
        guard var item = items[key], item.load?.token == token else { return [] }
        switch phase {
        case .success(let response):
            item.load?.isFinished = true
            let release = RowLoadPlanner.releaseIfUnwanted(key, status: .loaded, isWanted: isWanted(key))
            if !release.isEmpty {
                // Finished off screen (keep, lower-priority): the memory cache holds it for the return.
                return perform(release)
            }
            let replacesPlaceholder = item.picture == nil
            item.bitmap = response.bitmap
            item.picture = pictures.picture(for: response.bitmap, in: geometry.picture.size)
            item.fade = item.picture.flatMap { fade(for: $0, from: response.source, replacingPlaceholder: replacesPlaceholder) }
            adoptAnimation(response, into: &item, key: key)
        case .failure:
            item.load?.isFinished = true
        case .preview(let preview):
            // Drawn in place of the placeholder; a row reloading at another size keeps its
            // sharper picture (and says loading).
            guard item.bitmap == nil else {
                item.state = RowDisplayState(phase: .loading(preview.progress))
                loading.items[key] = item
                return []
            }
            item.picture = pictures.picture(for: preview.bitmap, in: geometry.picture.size)
        case .idle, .loading:
            break
        }
        switch phase {
        case .success: _ = update(panels: .mark(.done, lane: key.description))
        case .failure: _ = update(panels: .mark(.failure, lane: key.description))
        case .idle, .loading, .preview: break
        }
        item.state = item.state.updatingProgress(to: RowDisplayState(phase: phase))
        if item.photo.isLocalFile { item.state = item.state.readFromFile }
        loading.items[key] = item
        return []
    }

    /// A pipeline event: the status bar's counts, and the event log (by the photo whose request it names).
    mutating func record(_ event: ImagePipeline.Event, stats: PipelineStats) {
        _ = update(status: .pipeline(stats))
        if let key = photo(loading: event.url) { _ = update(panels: .chart(event, lane: key.description)) }
        // Progress is frequent and the phases carry it already.
        if case .progress = event.kind { return }
        guard event.stage != .image else { return }
        // A download's end shows as its task's end.
        if event.stage == .data, case .finished = event.kind { return }
        log(PipelineEventLog.Kind(event), for: photo(loading: event.url))
    }

    /// Starts failed items again (the pipeline resumes what it kept).
    mutating func retry(_ targets: [PhotoKey]) -> [FeedEffect] {
        let visible = Set(visibleKeys)
        var effects: [FeedEffect] = []
        for key in targets where items[key] != nil {
            loading.items[key]?.state = .idle
            loading.items[key]?.picture = nil
            loading.items[key]?.bitmap = nil
            if loading.items[key]?.load?.isFinished == true { loading.items[key]?.load = nil }
            effects += perform(RowLoadPlanner.restart(key, status: loadStatus(of: key), isVisible: visible.contains(key)))
        }
        if let detail, targets.contains(detail.key) { effects += openDetail() }
        return effects
    }

    /// The next picture variant (`m`).
    mutating func cyclePictures() -> [FeedEffect] {
        guard options.graphics == .blocks, pictures.nextVariant() != nil else {
            note("\(pictures.name) pictures have no symbol sets")
            return []
        }
        options.art.symbols = options.art.symbols.next
        let effects = replacePictures()
        note("symbols: \(pictures.name)")
        return effects
    }

    /// The next picture backend the terminal can show (`i`): block art, or pixels.
    mutating func cycleGraphics() -> [FeedEffect] {
        let choices = options.graphicsChoices
        guard choices.count > 1 else {
            note("pictures: \(pictures.name) is all this terminal shows")
            return []
        }
        let next = choices[((choices.firstIndex(of: options.graphics) ?? 0) + 1) % choices.count]
        options.graphics = next
        options.graphicsChosenByUser = true
        let effects = replacePictures()
        note("pictures: \(pictures.name)")
        return effects
    }

    /// Draws with the renderer the options now describe: re-render from kept bitmaps that are
    /// big enough, reload the others (keeping the old picture meanwhile), restart loads that
    /// would finish too small.
    mutating func replacePictures() -> [FeedEffect] {
        let next = pictures
        let box = geometry.picture.size
        var effects: [FeedEffect] = []
        var reload: [PhotoKey] = []
        for key in keys {
            guard let item = items[key] else { continue }
            let needed = next.pixelSize(forImage: item.photo.size, in: box)
            guard let bitmap = item.bitmap else {
                // A load still running at a smaller size would finish too small: restart it at the new size.
                if let priority = item.loadStatus.runningPriority, let asked = item.load?.pixels,
                    asked.width < needed.width || asked.height < needed.height
                {
                    effects += startLoad(key, priority: priority)
                }
                continue
            }
            loading.items[key]?.picture = next.picture(for: bitmap, in: box)
            if bitmap.width < needed.width || bitmap.height < needed.height { reload.append(key) }
        }
        let visible = Set(visibleKeys)
        // Each loads again at once (all are on screen or ahead), showing its picture meanwhile.
        for key in reload {
            let priority = visible.contains(key)
                ? RowLoadPlanner<PhotoKey>.visiblePriority : RowLoadPlanner<PhotoKey>.prefetchPriority
            effects += startLoad(key, priority: priority)
        }
        if detail != nil { effects += openDetail() }
        return effects
    }
}
