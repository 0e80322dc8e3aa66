import ImageLoading
import LoadSemantics
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

    /// Where the load of the photo of `key` stands, from its item (idle when untouched).
    func loadStatus(of key: PhotoKey) -> RowLoadStatus { loading.loadStatus(of: key) }

    /// The photos an action applies to: the marked ones the list shows (a filter hides the
    /// others: an action never reaches a photo out of sight), else the focused one.
    var actionTargets: [PhotoKey] { actions.targets(in: listing) }
}
