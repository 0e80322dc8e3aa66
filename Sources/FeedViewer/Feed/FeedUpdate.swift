import ImageLoading
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
        var effects = model.route(message)
        if !effects.contains(where: \.isQuit) { effects += model.releaseHeldInput() }
        if let newsBasis { model.announceNews(since: newsBasis, after: message) }
        if !effects.contains(where: \.isQuit) { effects += model.checkSettled() }
        if !effects.contains(where: \.isQuit) {
            effects += model.reconcileAnimations() + model.followInfo() + model.readDecisions() + model.reconcileNeighbours()
        }
        return effects
    }
}

extension FeedModel {
    /// Routes `message` to the part of the model it is for; returns what to do.
    mutating func route(_ message: FeedMessage) -> [FeedEffect] {
        switch message {
        case .start:
            return requestPage(.automatic)
        case .input(let input):
            return handle(input)
        case .phase(.item(let key), let token, let phase):
            return update(loading: .phase(phase, key: key, token: token, isWanted: isWanted(key), drawing: drawing))
        case .phase(.detail, let token, let phase):
            return update(detail: .phase(phase, token: token, detailDrawing))
        case .phase(.compared, let token, let phase):
            return update(compared: .phase(phase, token: token, comparedDrawing))
        case .phase(.ahead, let token, let phase):
            return receiveNeighbour(phase, token: token)
        case .page(let result):
            return receivePage(result)
        case .listing(let progress):
            return receiveListing(progress)
        case .tick:
            return update(loading: .tick(visible: visibleKeys, budget: animationBudget, drawing: drawing))
                + update(animation: .tick(now: now, detailOpen: detail != nil)) + update(panels: .tick)
        case .animationFrame(let key, let token, let result):
            return update(loading: .animationFrame(result, key: key, token: token, budget: animationBudget, drawing: drawing))
        case .trashed(let outcome):
            return update(actions: .trashed(outcome, items: items))
        case .restored(let outcome):
            return update(actions: .restored(outcome))
        case .decisionRead(let key, let result):
            return update(decisions: .read(key, result))
        case .decisionWritten(let key, let decision, let error):
            return update(decisions: .written(key, decision, error))
        case .folderChanged(let changes):
            return receiveFolderChanges(changes)
        case .deadline:
            return settle == nil ? [] : [.quit(.settled)]
        case .linkMeasured(let rate):
            return change(options.linkMeasured(rate))
        case .pipeline, .shaping, .notice, .saveProgress, .saved, .infoRead, .violations, .outputFailed, .cachesMeasured:
            receiveReport(message)
            return []
        }
    }

    /// A report that changes the model and asks for nothing: routed to the panels, the
    /// actions or the status bar.
    private mutating func receiveReport(_ message: FeedMessage) {
        switch message {
        case .pipeline(let event, let stats):
            record(event, stats: stats)
        case .shaping(let knobs):
            _ = update(panels: .shaping(knobs))
        case .notice(let text):
            note(text)
        case .saveProgress(let key, let progress):
            _ = update(actions: .saveProgress(key, progress))
        case .saved(let key, let text):
            _ = update(actions: .saved(key, text))
        case .infoRead(let key, let result):
            _ = update(panels: .infoRead(key, result))
        case .violations(let violations):
            _ = update(status: .violations(violations))
        case .outputFailed(let reason):
            _ = update(status: .outputFailed(reason))
        case .cachesMeasured(let sizes):
            _ = update(panels: .cachesMeasured(sizes))
        default:
            break
        }
    }
}

extension FeedModel {
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

}

extension FeedModel {
    /// After every message: the animations on screen play (not after `a`, not under the detail
    /// view, never with `--animate off`), the others pause, or let their player go as a load
    /// would be (``LoadingModel/reconcileAnimations(playing:visible:positions:policy:now:)``).
    mutating func reconcileAnimations() -> [FeedEffect] {
        guard !animatedKeys.isEmpty else { return [] }
        return update(loading: .reconcileAnimations(
            playing: options.animation != .off && !animationsPaused && detail == nil, visible: Set(visibleKeys),
            positions: positions, policy: options.onDisappear, now: now))
    }
}

extension FeedModel {
    /// After every message: while the info panel is open (or the screen-reader mode's detail
    /// view, which says the info instead of showing the picture), the focused photo's file is
    /// read (once per photo focused).
    mutating func followInfo() -> [FeedEffect] {
        guard panel == .info || (options.text && detail != nil), let key = focusedKey, info?.key != key, let photo = photo(key)
        else { return [] }
        _ = update(panels: .follow(key))
        let pixels = requestedPixels(of: key) ?? pixelSize(for: key)
        return [.readInfo(key, photo.imageRequest(for: pixels, priority: .normal))]
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
        _ = update(panels: .log(row: nil, .note(text)))
    }

    /// Logs `kind` against the photo of `key`.
    mutating func log(_ kind: PipelineEventLog.Kind, for key: PhotoKey?) {
        _ = update(panels: .log(row: key.flatMap { positions[$0] }, kind))
    }

    /// Snapshot mode: scroll once the first page is shown, then quit when every visible item settled.
    mutating func checkSettled() -> [FeedEffect] {
        guard let settle, pagesLoaded > 0 else { return [] }
        var effects: [FeedEffect] = []
        if loading.scrollOnce(), settle.scroll != 0 { effects += update(list: .move(.scroll(settle.scroll))) }
        let visible = visibleKeys
        if loading.allSettled(visible) && (!visible.isEmpty || pageState == .ended) { effects.append(.quit(.settled)) }
        return effects
    }
}
