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
    ///
    /// Under the detail view the rows are hidden: one that comes into the list's view as `j`
    /// steps starts no load (the CPU goes to the photo shown and its neighbours) until the view
    /// closes (``resumeRows()``); loads running go on, rows leaving are let go as ever.
    mutating func plan(_ transitions: [RowLoadPlanner<PhotoKey>.Transition]) -> [FeedEffect] {
        let planned = detail == nil ? transitions : transitions.filter { $0.to == .offscreen || loadStatus(of: $0.item) != .idle }
        return update(loading: .plan(planned, policy: options.onDisappear, drawing: drawing))
    }

    /// The rows on screen or in the prefetch window that started no load under the detail view
    /// start now, in the list's order.
    mutating func resumeRows() -> [FeedEffect] {
        let idle = wantedPlaces.filter { loadStatus(of: $0.key) == .idle }
            .sorted { (positions[$0.key] ?? 0) < (positions[$1.key] ?? 0) }
        guard !idle.isEmpty else { return [] }
        return plan(idle.map { .init(item: $0.key, from: .offscreen, to: $0.value == .visible ? .visible : .prefetch) })
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
/// (``DetailModel``), and its neighbours prepared ahead (``NeighbourLoads``).
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
    ///
    /// A neighbour prepared ahead is taken as it is: its picture shown at once (no thumbnail
    /// drawn first, nothing loaded), or its running load adopted as the view's own. The photo
    /// the view leaves keeps its picture, ready for a step back.
    mutating func openDetail(keepingZoom: Bool = false) -> [FeedEffect] {
        guard let key = focusedKey, items[key]?.photo != nil else { return [] }
        let previous = detailKey == key ? detail : nil
        var effects = leaveDetail(for: key)
        detail = DetailModel(key: key, token: makeToken())
        let target = previous == nil ? neighbourTarget(key) : nil
        let ahead = target.flatMap { neighbours.take(key, for: $0) }
        var ready: NeighbourLoads.Prepared?
        if case .ready(let prepared) = ahead { ready = prepared }
        var opened = update(detail: .open(
            thumbnail: ready == nil ? items[key]?.bitmap : nil, previous: previous, keepingZoom: keepingZoom, detailDrawing))
        if let ahead { opened = take(ahead, of: key, as: target, in: opened) }
        effects += opened
        if let compared { effects += openCompared(compared.key, previous: compared) }
        return effects + reconcileNeighbours()
    }

    /// The detail view's load (in `effects`, as the view asked for it) answered by the neighbour
    /// `key`'s load ahead: its picture, or its running load adopted. One prepared for another
    /// request than the view's is dropped (its load cancelled), and the view loads its own.
    private mutating func take(
        _ ahead: NeighbourLoads.State, of key: PhotoKey, as target: NeighbourLoads.Target?, in effects: [FeedEffect]
    ) -> [FeedEffect] {
        var effects = effects
        let index = effects.firstIndex { if case .load(.detail, _, _, _) = $0 { true } else { false } }
        guard let index, case .load(.detail, let token, let request, let lowData) = effects[index],
            NeighbourLoads.Target(key: key, request: request, lowData: lowData, box: detailBox, renderer: pictures.name) == target
        else {
            if case .loading = ahead { effects.append(.cancelPrefetch(key)) }
            return effects
        }
        switch ahead {
        case .loading:
            effects[index] = .adopt(key, token, request, lowData: lowData)
        case .ready(let prepared):
            effects.remove(at: index)
            log(.note("drawn ahead"), for: key)
            effects += update(detail: .prepared(prepared, detailDrawing))
        case .failed, .pending:
            break
        }
        return effects
    }

    /// Drops the detail view for one of `key`: the photo it leaves, when a neighbour, keeps its
    /// picture for a step back, or its running load goes on as the load ahead of it; otherwise
    /// its load is cancelled.
    private mutating func leaveDetail(for key: PhotoKey) -> [FeedEffect] {
        guard let leaving = detail, leaving.key != key, let target = neighbourTarget(leaving.key) else { return closeDetailLoad() }
        if let fitted = leaving.fitted {
            neighbours.keep(target, prepared: fitted)
        } else if let request = leaving.loadingFit,
            NeighbourLoads.Target(key: leaving.key, request: request, lowData: lowData, box: detailBox, renderer: pictures.name) == target
        {
            detail = nil
            let token = makeToken()
            neighbours.keepLoading(target, token: token)
            return [.keepAhead(leaving.key, token, target.request)]
        }
        return closeDetailLoad()
    }

    /// Closes the detail view and cancels its loads, and those ahead of it; the rows it hid
    /// that wait for their loads start them.
    mutating func closeDetail() -> [FeedEffect] {
        closeCompare() + closeDetailLoad() + neighbours.removeAll().map { .cancelPrefetch($0) } + resumeRows()
    }

    /// Drops the detail view and cancels its load.
    private mutating func closeDetailLoad() -> [FeedEffect] {
        guard detail != nil else { return [] }
        detail = nil
        return [.cancel(.detail)]
    }

    /// The load ahead of the photo of `key` for its detail view: the request the view will make
    /// at its box and renderer now (nil: no such photo).
    func neighbourTarget(_ key: PhotoKey) -> NeighbourLoads.Target? {
        guard let photo = items[key]?.photo else { return nil }
        let box = detailBox
        let pictures = self.pictures
        let pixels = pictures.pixelSize(forImage: photo.size, in: box)
        return NeighbourLoads.Target(
            key: key, request: photo.imageRequest(for: pixels, priority: .veryHigh), lowData: lowData, box: box,
            renderer: pictures.name)
    }

    /// After every message: while the detail view shows a photo fitted, the photos `j` and `k`
    /// would go to (the list's order and filter now) load ahead at a low priority, like the
    /// list's prefetch; what is no longer a neighbour (a step, a filter, a zoom, the view
    /// closed, another size) is cancelled, what still is keeps its load or picture.
    mutating func reconcileNeighbours() -> [FeedEffect] {
        var targets: [NeighbourLoads.Target] = []
        if let detail, !detail.isZoomed, let position = positions[detail.key] {
            for index in [position + 1, position - 1] where keys.indices.contains(index) {
                if let target = neighbourTarget(keys[index]) { targets.append(target) }
            }
        }
        if targets.isEmpty, neighbours.keys.isEmpty { return [] }
        let plan = neighbours.retarget(targets)
        var effects = plan.cancel.map { FeedEffect.cancelPrefetch($0) }
        for target in plan.start {
            let token = makeToken()
            neighbours.started(target, token: token)
            let pixels = pictures.pixelSize(forImage: items[target.key]?.photo.size, in: target.box)
            log(.note("ahead of the detail view \(pixels.width)×\(pixels.height)"), for: target.key)
            effects.append(.prefetch(target.key, token, target.request, lowData: target.lowData))
        }
        return effects
    }

    /// A phase of a load ahead: an image arrived is drawn now, between keys (a step to it then
    /// draws nothing), and its loader let go.
    mutating func receiveNeighbour(_ phase: ImagePhase, token: LoadToken) -> [FeedEffect] {
        let (pictures, box) = (self.pictures, detailBox)
        guard let key = neighbours.receive(phase, token: token, draw: { pictures.picture(for: $0, in: box) }) else { return [] }
        return [.releasePrefetch(key)]
    }
}
