import Vocabulary

/// The viewer's update function: a message in, the model changed, effects out. Pure.
///
/// Every decision lives here (or in the pure helpers it calls: ``LazyList``,
/// ``RowLoadPlanner``, ``PageLoadState``, ``KeyMap``): which loads start, which are cancelled
/// or lowered when items leave the screen, what is prefetched, when a picture reloads at
/// another size, when a page is asked for, when a snapshot has settled. The runtime only runs
/// the effects and sends their results back.
///
/// ```swift
/// var model = FeedModel(options: options, feedName: "fake", screenSize: size)
/// var effects = FeedUpdate.update(&model, .start, now: .zero)              // [.loadPage]
/// effects = FeedUpdate.update(&model, .page(.success(page)), now: .zero)   // loads for the visible items
/// effects = FeedUpdate.update(&model, .input(.key(.character("j"))), now: .zero)
/// ```
public enum FeedUpdate {
    /// Applies `message` to `model` at time `now` (since the viewer started); returns what to do.
    public static func update(_ model: inout FeedModel, _ message: FeedMessage, now: Duration) -> [FeedEffect] {
        model.now = now
        let newsBasis = model.newsBasis(for: message)
        var effects: [FeedEffect]
        switch message {
        case .start:
            effects = model.requestPage(.automatic)
        case .input(let input):
            effects = model.handle(input)
        case .phase(.item(let key), let token, let phase):
            effects = model.receive(phase, for: key, token: token)
        case .phase(.detail, let token, let phase):
            effects = model.receiveDetail(phase, token: token)
        case .phase(.ahead, _, _):
            // Nothing shows it: its image waits in the pipeline's memory cache for the step.
            effects = []
        case .pipeline(let event, let stats):
            model.record(event, stats: stats)
            effects = []
        case .page(let result):
            effects = model.receivePage(result)
        case .listing(let progress):
            effects = model.receiveListing(progress)
        case .shaping(let knobs):
            model.receiveShaping(knobs)
            effects = []
        case .tick:
            model.endFades()
            effects = model.advanceAnimations() + model.advanceSlideshow() + model.remeasureCaches()
        case .animationFrame(let key, let token, let result):
            effects = model.receiveAnimationFrame(result, for: key, token: token)
        case .trashed(let outcome):
            effects = model.receiveTrashed(outcome)
        case .restored(let outcome):
            effects = model.receiveRestored(outcome)
        case .folderChanged(let changes):
            effects = model.receiveFolderChanges(changes)
        case .notice(let text):
            model.note(text)
            effects = []
        case .saveProgress(let key, let progress):
            if model.saving[key] != nil { model.saving[key] = progress }
            effects = []
        case .saved(let key, let text):
            model.saving[key] = nil
            model.note(text)
            effects = []
        case .infoRead(let key, let result):
            model.receiveInfo(result, for: key)
            effects = []
        case .deadline:
            effects = model.settle == nil ? [] : [.quit(.settled)]
        case .violations(let violations):
            model.receive(violations)
            effects = []
        case .outputFailed(let reason):
            model.receiveOutputFailure(reason)
            effects = []
        case .cachesMeasured(let sizes):
            model.receiveCacheSizes(sizes)
            effects = []
        }
        if !effects.contains(where: \.isQuit) { effects += model.releaseHeldInput() }
        if let newsBasis { model.announceNews(since: newsBasis, after: message) }
        if !effects.contains(where: \.isQuit) { effects += model.checkSettled() }
        if !effects.contains(where: \.isQuit) { effects += model.reconcileAnimations() + model.followInfo() }
        return effects
    }
}

extension FeedEffect {
    /// Whether this effect ends the viewer.
    public var isQuit: Bool {
        if case .quit = self { return true }
        return false
    }
}

extension FeedModel {
    /// A short message in the event log (and the last message).
    mutating func note(_ text: String) {
        message = text
        eventLog.append(time: now, row: nil, .note(text))
    }

    /// Logs `kind` against the photo of `key`.
    mutating func log(_ kind: PipelineEventLog.Kind, for key: PhotoKey?) {
        eventLog.append(time: now, row: key.flatMap { positions[$0] }, kind)
    }

    /// Snapshot mode: scroll once the first page is shown, then quit when every visible item settled.
    mutating func checkSettled() -> [FeedEffect] {
        guard let settle, pagesLoaded > 0 else { return [] }
        var effects: [FeedEffect] = []
        if !settleScrolled {
            settleScrolled = true
            if settle.scroll != 0 { effects += apply(list.scroll(by: settle.scroll)) }
        }
        let visible = visibleKeys
        let settled = visible.allSatisfy { key in
            switch items[key]?.state {
            case .loaded?, .failed?: true
            default: false
            }
        }
        if settled && (!visible.isEmpty || pageState == .ended) { effects.append(.quit(.settled)) }
        return effects
    }
}
