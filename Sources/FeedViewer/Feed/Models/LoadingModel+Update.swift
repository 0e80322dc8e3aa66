import ImageCodecs
import ImageLoading
import TerminalScreen
import Vocabulary

/// The loads' own messages: the planner's decisions for photos that came on or went off
/// screen, a load started, the phases that come back, a retry, the pictures drawn again with
/// another renderer, the animations' frames and players, the fades that end. What they read of
/// the rest (how pictures are drawn, which photos are on screen) comes with the message; what
/// the event log and the timeline keep, and a page near the end, are what they ask.
///
/// ```swift
/// var loading = LoadingModel()
/// let drawing = LoadingModel.Drawing(pictures: renderer, box: box, animation: .on, fades: false, now: .zero)
/// var reply = loading.update(.plan(transitions, policy: .keep, drawing: drawing))  // [.load(...)]
/// reply = loading.update(.phase(.success(response), key: key, token: token, isWanted: true, drawing: drawing))
/// ```
extension LoadingModel {
    /// How the pictures are drawn and when: what a load asks for and a phase draws with.
    struct Drawing: Sendable {
        /// The renderer (its pixel size for a box, its pictures).
        var pictures: any PictureRenderer
        /// The cells of an item's picture.
        var box: CellSize
        /// Whether animated images play.
        var animation: AnimationMode
        /// Whether a picture replacing its placeholder fades in.
        var fades: Bool
        /// The time of the message.
        var now: Duration
    }

    /// What the loads are told.
    enum Message: Sendable {
        /// Photos' roles changed: the planner's decisions by `policy`, then a page if needed.
        case plan([RowLoadPlanner<PhotoKey>.Transition], policy: DisappearPolicy, drawing: Drawing)
        /// A new load for the photo of `key` at `priority`.
        case start(PhotoKey, priority: ImageRequest.Priority, drawing: Drawing)
        /// A phase of the load `token` of the photo of `key` (`isWanted`: on screen or ahead).
        case phase(ImagePhase, key: PhotoKey, token: LoadToken, isWanted: Bool, drawing: Drawing)
        /// Failed (or changed) photos start again; `visible` are on screen.
        case retry([PhotoKey], visible: Set<PhotoKey>, drawing: Drawing)
        /// The pictures of `keys` drawn again with `drawing`'s renderer; `visible` are on screen.
        case redraw(keys: [PhotoKey], visible: Set<PhotoKey>, drawing: Drawing)
        /// A frame the animation player `token` of the photo of `key` decoded, or why it stopped;
        /// `budget` slows the animations down together.
        case animationFrame(
            Result<AnimationDelivery, ImageCodecError>, key: PhotoKey, token: LoadToken, budget: AnimationBudget, drawing: Drawing)
        /// A tick: the fades done among `visible` end, the frames whose time came go on screen.
        case tick(visible: [PhotoKey], budget: AnimationBudget, drawing: Drawing)
        /// After every message: the animations of `visible` play when `playing` (animations on,
        /// not paused, no detail view), the others pause, or let their player go by `policy`.
        case reconcileAnimations(
            playing: Bool, visible: Set<PhotoKey>, positions: [PhotoKey: Int], policy: DisappearPolicy, now: Duration)
    }

    /// What the loads ask of the rest of the model.
    enum Request: Sendable {
        /// The event log keeps `kind` against the photo of `key`.
        case log(PipelineEventLog.Kind, for: PhotoKey?)
        /// The timeline marks `mark` on the photo's lane.
        case mark(LoadTimeline.Mark, lane: String)
        /// A page when the list is near its end.
        case requestPageIfNeeded
    }

    /// Applies `message`: the loads' effects, and what the event log and the timeline keep.
    mutating func update(_ message: Message) -> ModelReply<Request> {
        var reply = ModelReply<Request>()
        switch message {
        case .plan(let transitions, let policy, let drawing):
            for transition in transitions where (transition.from == .visible) != (transition.to == .visible) {
                reply.ask(.mark(transition.to == .visible ? .appear : .disappear, lane: transition.item.description))
            }
            let actions = RowLoadPlanner.plan(transitions, policy: policy, status: loadStatus(of:))
            perform(actions, drawing: drawing, reply: &reply)
            reply.ask(.requestPageIfNeeded)
        case .start(let key, let priority, let drawing):
            startLoad(key, priority: priority, drawing: drawing, reply: &reply)
        case .phase(let phase, let key, let token, let isWanted, let drawing):
            receive(phase, for: key, token: token, isWanted: isWanted, drawing: drawing, reply: &reply)
        case .retry(let targets, let visible, let drawing):
            for key in targets where items[key] != nil {
                items[key]?.state = .idle
                items[key]?.picture = nil
                items[key]?.bitmap = nil
                items[key]?.damage = nil
                if items[key]?.load?.isFinished == true { items[key]?.load = nil }
                let restart = RowLoadPlanner.restart(key, status: loadStatus(of: key), isVisible: visible.contains(key))
                perform(restart, drawing: drawing, reply: &reply)
            }
        case .redraw(let keys, let visible, let drawing):
            redraw(keys, visible: visible, drawing: drawing, reply: &reply)
        case .animationFrame(let result, let key, let token, let budget, let drawing):
            receiveAnimationFrame(result, for: key, token: token, budget: budget, drawing: drawing, reply: &reply)
        case .tick(let visible, let budget, let drawing):
            endFades(of: visible, now: drawing.now)
            reply.effects += advanceAnimations(budget: budget, drawing: drawing)
        case .reconcileAnimations(let playing, let visible, let positions, let policy, let now):
            reply.effects += reconcileAnimations(playing: playing, visible: visible, positions: positions, policy: policy, now: now)
        }
        return reply
    }

    /// What is missing from the picture of `key`, when it was drawn damaged (nil: whole, or none).
    func damage(of key: PhotoKey) -> ImageDamage? {
        items[key]?.damage
    }

    /// Where the load of the photo of `key` stands, from its item (idle when untouched).
    func loadStatus(of key: PhotoKey) -> RowLoadStatus {
        items[key]?.loadStatus ?? .idle
    }

    /// The animation of `key` let go (off screen, gone, loading again): its player is replaced.
    mutating func releaseAnimation(of key: PhotoKey, now: Duration) -> [FeedEffect] {
        guard var item = items[key], var playback = item.playback else { return [] }
        item.animation = nil
        playback.pause(now: now, releasing: true)
        playback.replacePlayer(with: makeToken())
        item.playback = playback
        items[key] = item
        return [.releaseAnimation(key)]
    }

    // MARK: Loads

    /// The planner's actions, with the items updated to match.
    mutating func perform(
        _ actions: [RowLoadPlanner<PhotoKey>.Action], drawing: Drawing, reply: inout ModelReply<Request>
    ) {
        for action in actions {
            switch action {
            case .start(let key, let priority):
                startLoad(key, priority: priority, drawing: drawing, reply: &reply)
            case .setPriority(let key, let priority):
                items[key]?.load?.priority = priority
                reply.ask(.log(.note("priority \(priority)"), for: key))
                reply.effects.append(.setPriority(.item(key), priority))
            case .cancel(let key):
                items[key]?.load = nil
                items[key]?.state = .idle
                // A preview is no picture to keep: the row shows its placeholder again.
                if items[key]?.bitmap == nil { items[key]?.picture = nil }
                reply.ask(.log(.cancel, for: key))
                reply.ask(.mark(.cancel, lane: key.description))
                reply.effects.append(.cancel(.item(key)))
            case .release(let key):
                // Off screen: let the image go; the memory cache brings it back on the next appearance.
                items[key]?.bitmap = nil
                items[key]?.picture = nil
                items[key]?.state = .idle
                items[key]?.load = nil
                reply.effects.append(.release(.item(key)))
                reply.effects += releaseAnimation(of: key, now: drawing.now)
            }
        }
    }

    /// A new load for the photo of `key` at the size the picture backend wants.
    mutating func startLoad(
        _ key: PhotoKey, priority: ImageRequest.Priority, drawing: Drawing, reply: inout ModelReply<Request>
    ) {
        guard var item = items[key] else { return }
        let pixels = drawing.pictures.pixelSize(forImage: item.photo.size, in: drawing.box)
        let request = item.photo.imageRequest(for: pixels, priority: priority)
        let token = makeToken()
        let url = request.url?.absoluteString
        item.load = FeedItem.Load(token: token, pixels: pixels, url: url, lowData: lowData && request.lowDataURL != nil, priority: priority)
        let verb = item.starts == 0 ? "start " : "restart "
        item.starts += 1
        items[key] = item
        reply.ask(.log(.note(verb + "\(priority) \(pixels.width)×\(pixels.height)"), for: key))
        reply.effects.append(.load(.item(key), token, request, lowData: lowData))
    }
}
