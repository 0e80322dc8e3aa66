import FeedSources
import ImageLoading
import LoadSemantics
import TerminalGraphics
import Vocabulary

/// The sub-models' replies taken in: what they say goes to the status bar (and the event log),
/// what they ask of the others is routed here, the one place that knows them all.
extension FeedModel {
    /// What a sub-model's reply says, in order.
    mutating func hear<Request>(_ reply: ModelReply<Request>) {
        for saying in reply.sayings { hear(saying) }
    }

    /// One saying: a note (the status bar and the event log) or the status bar's message alone.
    mutating func hear(_ saying: ModelReply<some Sendable>.Saying) {
        switch saying {
        case .note(let text): note(text)
        case .message(let text): message = text
        }
    }

    /// Routes `message` to the list (its order, the prompt, `G`); starts and stops the loads
    /// and asks for the pages it asks for, its notes kept in order with them.
    mutating func update(list message: ListModel.Message) -> [FeedEffect] {
        let reply = listing.update(message)
        var effects = reply.effects
        for step in reply.steps {
            switch step {
            case .saying(let saying): hear(saying)
            case .request(.plan(let transitions)): effects += plan(transitions)
            case .request(.apply(let diff)): effects += apply(diff)
            case .request(.requestPageIfNeeded): effects += requestPageIfNeeded()
            }
        }
        return effects
    }

    /// The list again after the order or the photos changed (`focus`, else the focused photo,
    /// keeps its line).
    mutating func arrange(focus: PhotoKey? = nil) -> [FeedEffect] {
        update(list: .arrange(items, focus: focus))
    }

    /// Routes `message` to the actions (marks, questions, the Trash, saves); runs what they ask.
    mutating func update(actions message: ActionsModel.Message) -> [FeedEffect] {
        let reply = actions.update(message)
        hear(reply)
        var effects = reply.effects
        for request in reply.requests {
            switch request {
            case .moveFocus(let delta):
                effects += update(list: .move(.focus(delta)))
            case .removePhotos(let keys):
                effects += removePhotos(keys)
            case .restorePhotos(let entries):
                for entry in entries where !items.contains(entry.key) {
                    insertPhoto(entry.photo, as: entry.key, atFeedIndex: entry.index)
                }
                if let first = entries.first { effects += arrange(focus: first.key) }
            case .rememberTrash:
                undoHistory.push(.trash)
            }
        }
        return effects
    }

    /// Routes `message` to the panels (which is open, the event log and its timeline, the info
    /// panel, shaping, the caches' use); runs what they ask.
    mutating func update(panels message: PanelsModel.Message) -> [FeedEffect] {
        let reply = panels.update(message, now: now)
        hear(reply)
        var effects = reply.effects
        for request in reply.requests {
            switch request {
            case .askToClearCaches(let sizes): effects += update(actions: .askToClearCaches(sizes))
            }
        }
        return effects
    }

    /// Routes `message` to the status bar (the pipeline's counts, the audit, the run's files);
    /// the event log keeps what it asks.
    mutating func update(status message: StatusModel.Message) -> [FeedEffect] {
        let reply = status.update(message)
        hear(reply)
        var effects = reply.effects
        for request in reply.requests {
            switch request {
            case .logViolation(let violation, let text):
                let row = violation.slot.flatMap { slot -> Int? in
                    if case .item(let key) = slot { return positions[key] }
                    return nil
                } ?? violation.url.flatMap { photo(loading: $0) }.flatMap { positions[$0] }
                if let row { effects += update(panels: .flagNewest(row: row)) }
                effects += update(panels: .log(row: row, .violation(text)))
            case .logFailure(let text):
                effects += update(panels: .log(row: nil, .failed(text)))
            }
        }
        return effects
    }

    /// Routes `message` to the loads (the planner's decisions, phases, retries, pictures drawn
    /// again); the event log and the timeline keep what they ask, in order.
    mutating func update(loading message: LoadingModel.Message) -> [FeedEffect] {
        let reply = loading.update(message)
        var effects = reply.effects
        for request in reply.requests {
            switch request {
            case .log(let kind, let key): log(kind, for: key)
            case .mark(let mark, let lane): _ = update(panels: .mark(mark, lane: lane))
            case .requestPageIfNeeded: effects += requestPageIfNeeded()
            }
        }
        return effects
    }

    /// Routes `message` to the animation model (`a`, the slideshow); opens the detail view and
    /// steps the focus as it asks, and tells it how that went.
    mutating func update(animation message: AnimationModel.Message) -> [FeedEffect] {
        let reply = animation.update(message)
        var effects = reply.effects
        for step in reply.steps {
            switch step {
            case .saying(let saying): hear(saying)
            case .request(.openDetail): effects += openDetail()
            case .request(.startSlideshow):
                effects += update(animation: .start(detailOpen: detail != nil, interval: options.slideshowInterval, now: now))
            case .request(.step):
                let before = list.focus
                effects += update(list: .move(.focusItems(1)))
                effects += update(animation: .stepped(moved: list.focus != before, interval: options.slideshowInterval, now: now))
            }
        }
        return effects
    }

    /// How the loads draw now: the renderer, the item's picture box, the animation mode,
    /// whether pictures fade in, the time.
    var drawing: LoadingModel.Drawing {
        LoadingModel.Drawing(
            pictures: pictures, box: geometry.picture.size, animation: options.animation, fades: fadesPictures, now: now)
    }

    /// Runs the planner on a list change (by list position) and asks for a page near the end.
    mutating func apply(_ diff: LazyListDiff) -> [FeedEffect] {
        guard !diff.isEmpty else { return [] }
        return plan(listing.transitions(of: diff))
    }

    /// Runs the planner on photos whose roles changed and asks for a page near the end.
    mutating func plan(_ transitions: [RowLoadPlanner<PhotoKey>.Transition]) -> [FeedEffect] {
        update(loading: .plan(transitions, policy: options.onDisappear, drawing: drawing))
    }

    /// A new load for the photo of `key` at the size the picture backend wants.
    mutating func startLoad(_ key: PhotoKey, priority: ImageRequest.Priority) -> [FeedEffect] {
        update(loading: .start(key, priority: priority, drawing: drawing))
    }

    /// Starts failed items again (the pipeline resumes what it kept); the detail view too.
    mutating func retry(_ targets: [PhotoKey]) -> [FeedEffect] {
        var effects = update(loading: .retry(targets, visible: Set(visibleKeys), drawing: drawing))
        if let detailKey, targets.contains(detailKey) { effects += openDetail() }
        return effects
    }

    /// Draws with the renderer the options now describe (kept bitmaps big enough re-rendered,
    /// the others loaded again); the detail view too.
    mutating func replacePictures() -> [FeedEffect] {
        var effects = update(loading: .redraw(keys: keys, visible: Set(visibleKeys), drawing: drawing))
        if detailKey != nil { effects += openDetail() }
        return effects
    }

    /// A change of the pictures' options (the terminal's late answers, the link's floor, `m`,
    /// `i`): its notes, and the pictures drawn again with the new renderer between them (the
    /// list laid out again first: a late cell size can change a grid's columns).
    mutating func change(_ change: FeedViewerOptions.PictureChange) -> [FeedEffect] {
        if let text = change.noteBefore { note(text) }
        let effects = change.redraw ? reflow() + replacePictures() : []
        if let text = change.noteAfter { note(text) }
        return effects
    }

    /// Where the load of the photo of `key` stands, from its item (idle when untouched).
    func loadStatus(of key: PhotoKey) -> RowLoadStatus { loading.loadStatus(of: key) }

    /// The photos an action applies to: the marked ones the list shows (a filter hides the
    /// others: an action never reaches a photo out of sight), else the focused one.
    var actionTargets: [PhotoKey] { actions.targets(in: listing) }

    /// The photos an action applies to, with their photos.
    var actionPhotos: [ActionsModel.Target] { actionTargets.map { ($0, photo($0)) } }
}

/// The detail view (Enter): one photo at the size of the screen, with its own load
/// (``DetailModel``), and the photo after it loading ahead (the loads' ``LoadingModel/aheadKey``).
extension FeedModel {
    /// The cell box the detail view's picture fills on the current screen.
    var detailBox: CellSize {
        DetailFrame.layout(in: compared == nil ? screenSize : compareSide)?.thumbnail.size ?? CellSize(columns: 1, rows: 1)
    }

    /// How the detail view draws now: the renderer, its box, its photo, low-data mode.
    var detailDrawing: DetailModel.Drawing {
        DetailModel.Drawing(pictures: pictures, box: detailBox, photo: detailKey.flatMap(photo), lowData: lowData)
    }

    /// The sizes the detail view zooms in; nil with no detail view, or a photo of unknown size.
    var zoomSpace: DetailZoom.Space? { detail?.space(in: detailDrawing) }

    /// Routes `message` to the detail view, when open: the event log keeps what it asks, and
    /// each load it asks for gets a new token.
    mutating func update(detail message: DetailModel.Message) -> [FeedEffect] {
        guard var detail else { return [] }
        let reply = detail.update(message)
        self.detail = detail
        var effects = reply.effects
        for step in reply.steps {
            switch step {
            case .saying(let saying): hear(saying)
            case .request(.log(let kind)): log(kind, for: detailKey)
            case .request(.load(let request)):
                let token = makeToken()
                _ = self.detail?.update(.loading(token))
                effects.append(.load(.detail, token, request, lowData: lowData))
            }
        }
        return effects
    }

    /// Opens (or re-opens, after a move, resize or picture change) the detail view of the focused
    /// photo; `keepingZoom`: the same photo again (a resize, another backend) keeps its zoom.
    mutating func openDetail(keepingZoom: Bool = false) -> [FeedEffect] {
        guard let key = focusedKey, items[key]?.photo != nil else { return [] }
        let previous = detailKey == key ? detail : nil
        // Ahead goes the way the view moved: back after `k`, on otherwise.
        let forward = detailKey.flatMap { positions[$0] }.map { $0 <= (positions[key] ?? 0) } ?? true
        var effects = closeDetailLoad()
        detail = DetailModel(key: key, token: makeToken())
        effects += update(detail: .open(thumbnail: items[key]?.bitmap, previous: previous, keepingZoom: keepingZoom, detailDrawing))
        if let compared { effects += openCompared(compared.key, previous: compared) }
        if keepingZoom, previous?.isZoomed == true { return effects }
        return effects + loadAhead(of: key, forward: forward)
    }

    /// Closes the detail view and cancels its loads.
    mutating func closeDetail() -> [FeedEffect] {
        closeCompare() + closeDetailLoad() + cancelAhead()
    }

    /// Drops the detail view and cancels its load (the photo ahead keeps loading).
    private mutating func closeDetailLoad() -> [FeedEffect] {
        guard detail != nil else { return [] }
        detail = nil
        return [.cancel(.detail)]
    }

    /// Loads the photo after `key` (before it, going back) at the detail view's size and a low
    /// priority, like the list's prefetch: stepping to it (`j`, `k`, the slideshow) then asks
    /// for the same image, which the pipeline's memory cache holds or the download in flight
    /// serves, so it shows sharp at once. One at a time: the previous one is cancelled (a
    /// detail load that joined its download keeps it going).
    private mutating func loadAhead(of key: PhotoKey, forward: Bool) -> [FeedEffect] {
        guard let position = positions[key] else { return cancelAhead() }
        let index = position + (forward ? 1 : -1)
        guard keys.indices.contains(index), let photo = items[keys[index]]?.photo else { return cancelAhead() }
        let target = keys[index]
        guard target != aheadKey else { return [] }
        let effects = cancelAhead()
        loading.loadAhead(target)
        let pixels = pictures.pixelSize(forImage: photo.size, in: detailBox)
        log(.note("ahead of the detail view \(pixels.width)×\(pixels.height)"), for: target)
        return effects + [.load(.ahead, makeToken(), photo.imageRequest(for: pixels, priority: .low), lowData: lowData)]
    }

    /// Cancels the load ahead, if one runs.
    private mutating func cancelAhead() -> [FeedEffect] {
        guard aheadKey != nil else { return [] }
        loading.loadAhead(nil)
        return [.cancel(.ahead)]
    }
}
