import TerminalScreen
import Vocabulary

/// What moves with time by the user's choice: whether `a` paused every animation, and when the
/// slideshow shows its next photo. Which photos animate, and their players, are the items' own
/// (``LoadingModel/animatedKeys``).
///
/// Its state changes only through its own messages (``update(_:)``).
///
/// ```swift
/// var animation = AnimationModel()
/// var reply = animation.update(.togglePause(.on))   // "animations paused (a plays)"
/// reply = animation.update(.toggleSlideshow(detailOpen: true, interval: .seconds(5), now: .zero))
/// animation.nextSlide                               // .seconds(5)
/// ```
struct AnimationModel: Sendable {
    /// Whether `a` paused every animation.
    private(set) var paused = false
    /// When the slideshow shows the next photo (nil: no slideshow).
    private(set) var nextSlide: Duration?
}

/// The animation model's own messages: `a` pausing every animation, and the slideshow (`S` in
/// the detail view, `--slideshow SECONDS`): the next photo every interval, opened like `j`
/// opens it (its picture loads meanwhile, the next ones too as the list prefetches); leaving
/// the detail view or reaching the last photo ends it. What it reads of the rest (whether the
/// detail view is open, whether the focus moved) comes with the message; opening the detail
/// view and stepping to the next photo are what it asks.
///
/// ```swift
/// var animation = AnimationModel()
/// var reply = animation.update(.toggleSlideshow(detailOpen: false, interval: .seconds(5), now: .zero))
/// // asks .openDetail, then .startSlideshow: the model answers with .start(detailOpen:…)
/// reply = animation.update(.tick(now: .seconds(5), detailOpen: true))   // asks .step
/// ```
extension AnimationModel {
    /// What the animation model is told.
    enum Message: Sendable {
        /// `a`: every animation pauses, or plays again (`mode` off: they are off, and stay so).
        case togglePause(AnimationMode)
        /// `S`: the slideshow stops, or starts a photo every `interval` (opening the detail view
        /// first when it is closed).
        case toggleSlideshow(detailOpen: Bool, interval: Duration, now: Duration)
        /// The slideshow starts when the detail view is open (it opened on the slideshow's asking).
        case start(detailOpen: Bool, interval: Duration, now: Duration)
        /// A tick: the next photo when its time came (the slideshow ends with the detail view).
        case tick(now: Duration, detailOpen: Bool)
        /// The slideshow's step was taken: `moved`, the next photo opens and the one after is
        /// due `interval` later; else it was the last photo.
        case stepped(moved: Bool, interval: Duration, now: Duration)
    }

    /// What the animation model asks of the rest of the model.
    enum Request: Sendable {
        /// The detail view opens on the focused photo.
        case openDetail
        /// The slideshow starts if the detail view opened (answered with ``Message/start``).
        case startSlideshow
        /// The focus moves to the next photo (answered with ``Message/stepped``).
        case step
    }

    /// Applies `message`: what the status bar says, what it asks.
    mutating func update(_ message: Message) -> ModelReply<Request> {
        var reply = ModelReply<Request>()
        switch message {
        case .togglePause(let mode):
            guard mode != .off else {
                reply.note("animations are off (--animate off)")
                break
            }
            paused.toggle()
            reply.note(paused ? "animations paused (a plays)" : "animations playing")
        case .toggleSlideshow(let detailOpen, let interval, let now):
            if nextSlide != nil {
                nextSlide = nil
                reply.note("slideshow stopped")
            } else if detailOpen {
                start(interval: interval, now: now, reply: &reply)
            } else {
                reply.ask(.openDetail)
                reply.ask(.startSlideshow)
            }
        case .start(let detailOpen, let interval, let now):
            if detailOpen { start(interval: interval, now: now, reply: &reply) }
        case .tick(let now, let detailOpen):
            guard let due = nextSlide else { break }
            guard detailOpen else {
                nextSlide = nil
                break
            }
            if now >= due { reply.ask(.step) }
        case .stepped(let moved, let interval, let now):
            guard moved else {
                nextSlide = nil
                reply.note("slideshow: the last photo")
                break
            }
            reply.ask(.openDetail)
            nextSlide = now + interval
        }
        return reply
    }

    /// The slideshow starts: its next photo `interval` after `now`.
    private mutating func start(interval: Duration, now: Duration, reply: inout ModelReply<Request>) {
        nextSlide = now + interval
        reply.note("slideshow: a photo every \(ByteCountFormat.duration(interval)) (S stops)")
    }
}
