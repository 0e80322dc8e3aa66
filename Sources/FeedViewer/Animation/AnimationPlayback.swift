public import ImageCodecs
public import TerminalScreen
public import Vocabulary

/// Where one item's animation stands: a pure state machine the model keeps per animated photo.
///
/// It never decodes: it says which frame to ask the player for, and when the frame that came
/// back goes on screen. One frame is asked for ahead (decoded while the current one shows).
/// Pausing (the item left the screen, `a`, the detail view) keeps the frame on screen, how long
/// it had left, and, unless the player is released, the frame decoded ahead; playing again
/// continues from there.
///
/// ```swift
/// var playback = AnimationPlayback(token: token, frameSize: size, frameCount: 3, mode: .on)
/// playback.play(now: now)            // .request(0): frame 0 is asked for
/// playback.receive(frame, info: info, now: now)   // shown at once (the first); .request(1)
/// playback.advance(now: later, slowdown: 1)       // frame 1 shown when its time came
/// ```
public struct AnimationPlayback: Sendable {
    /// What the model does next for this animation.
    public enum Step: Sendable, Equatable {
        /// Nothing.
        case none
        /// Ask the player for the frame at this index.
        case request(Int)
    }

    /// Names the player serving this playback; frames with another token are stale.
    public internal(set) var token: LoadToken
    /// The size every frame comes at (the still's size: frames replace it in place).
    public let frameSize: PixelSize
    /// Frames in one loop (the header's count, then the player's).
    public internal(set) var frameCount: Int
    /// Plays the file asks for (nil: forever), capped at one by `--animate once`.
    public internal(set) var loopLimit: Int?
    /// The mode it plays in.
    public let mode: AnimationMode
    /// The index of the frame on screen; nil until the player's first frame arrived (the still shows).
    public internal(set) var shown: Int?
    /// When the shown frame went up; nil while paused.
    public internal(set) var shownAt: Duration?
    /// How long the shown frame stays (its duration times the budget's slowdown).
    public internal(set) var shownFor: Duration = .zero
    /// Its own duration, as the file says (what the budget counts).
    public internal(set) var frameDuration: Duration = .zero
    /// While paused: how much of the shown frame's time was left.
    public internal(set) var remaining: Duration?
    /// The next frame, decoded ahead, waiting for its time.
    public internal(set) var pending: AnimationFrame?
    /// The index asked for and not delivered yet.
    public internal(set) var requested: Int?
    /// Whole loops shown.
    public internal(set) var loopsDone = 0
    /// Whether it stopped for good (the loops ran out, or a frame failed).
    public internal(set) var finished = false
    /// Whether it is playing (not paused, not finished).
    public internal(set) var isPlaying = false
    /// Whether the screen shows the still again (its picture was loaded anew): the frame it was
    /// at is asked for first and shown at once.
    public internal(set) var restoring = false

    /// A playback that has shown nothing yet.
    public init(token: LoadToken, frameSize: PixelSize, frameCount: Int, mode: AnimationMode) {
        self.token = token
        self.frameSize = frameSize
        self.frameCount = max(1, frameCount)
        self.mode = mode
        self.loopLimit = mode == .once ? 1 : nil
    }

    /// When the frame decoded ahead is due; nil when none waits or it is paused.
    public var deadline: Duration? {
        guard isPlaying, pending != nil, let shownAt else { return nil }
        return shownAt + shownFor
    }

    /// Starts or continues playing at `now`: the frame to ask for, if one is needed.
    public mutating func play(now: Duration) -> Step {
        guard !finished, !isPlaying else { return .none }
        isPlaying = true
        if shown != nil {
            shownAt = now - (shownFor - (remaining ?? .zero))
            remaining = nil
        }
        return requestNext()
    }

    /// Stops at `now`, keeping the frame on screen and its time left; `releasing` drops the
    /// frame decoded ahead (the player and its frames are let go).
    public mutating func pause(now: Duration, releasing: Bool) {
        if isPlaying, let shownAt { remaining = max(.zero, shownAt + shownFor - now) }
        isPlaying = false
        shownAt = nil
        requested = nil
        if releasing { pending = nil }
    }

    /// The player is gone (released with its item's picture): frames come from a new one, named `token`.
    public mutating func replacePlayer(with token: LoadToken) {
        self.token = token
        pending = nil
        requested = nil
    }

    /// The item's picture was loaded again and shows the still: play on from the frame it was at.
    public mutating func restoreShownFrame() {
        guard shown != nil, shown != 0 else { return }
        restoring = true
        pending = nil
        requested = nil
    }

    /// A frame arrived: shown at once when it is the first or its time has come, else kept.
    /// Returns whether it went on screen, and the next frame to ask for.
    public mutating func receive(_ frame: AnimationFrame, info: AnimationInfo, now: Duration, slowdown: Double)
        -> (shown: Bool, step: Step)
    {
        guard requested != nil else { return (false, .none) }
        requested = nil
        frameCount = max(1, info.frameCount)
        if let limit = info.loopCount { loopLimit = min(limit, loopLimit ?? limit) }
        guard isPlaying else {
            pending = frame
            return (false, .none)
        }
        let due = shownAt.map { now >= $0 + shownFor } ?? true
        if shown == nil || due || restoring {
            show(frame, now: now, slowdown: slowdown)
            return (true, requestNext())
        }
        pending = frame
        return (false, .none)
    }

    /// At `now`: the frame decoded ahead goes on screen when its time has come.
    public mutating func advance(now: Duration, slowdown: Double) -> (shown: AnimationFrame?, step: Step) {
        guard let deadline, now >= deadline, let frame = pending else { return (nil, .none) }
        pending = nil
        show(frame, now: now, slowdown: slowdown)
        return (frame, requestNext())
    }

    /// A frame could not be decoded: the animation stops on the frame it shows.
    public mutating func fail() {
        finished = true
        isPlaying = false
        requested = nil
        pending = nil
    }

    private mutating func show(_ frame: AnimationFrame, now: Duration, slowdown: Double) {
        if frame.index == 0, shown != nil, !restoring { loopsDone += 1 }
        restoring = false
        shown = frame.index
        shownAt = now
        frameDuration = frame.duration
        shownFor = frame.duration * max(1, slowdown)
    }

    /// The frame after the shown one, unless it is already asked for or decoded, or the loops ran out.
    private mutating func requestNext() -> Step {
        guard isPlaying, requested == nil, pending == nil else { return .none }
        guard let shown else {
            requested = 0
            return .request(0)
        }
        if restoring {
            requested = shown
            return .request(shown)
        }
        let next = shown + 1 < frameCount ? shown + 1 : 0
        if next == 0, let loopLimit, loopsDone + 1 >= loopLimit {
            finished = true
            isPlaying = false
            return .none
        }
        if frameCount == 1 {
            finished = true
            isPlaying = false
            return .none
        }
        requested = next
        return .request(next)
    }
}
