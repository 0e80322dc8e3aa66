/// When the runtime draws: at most one frame an `interval` on average, as a pure state machine.
///
/// A frame is drawn at once when the last one began at least `interval` ago, or the one before
/// it at least two intervals ago: two frames may come together (a decision's stars, then at
/// once the next photo), but never more than one an interval for long. A frame asked for sooner
/// is put off until it may be drawn, and every ask in between joins it; a zero interval draws
/// at every ask. A frame that changed nothing on screen does not count. The runtime asks after
/// each batch of messages, and arms a timer when told to wait. (`feedbench --scenario cull`
/// times a key typed right after another's frame.)
///
/// ```swift
/// var pacer = FramePacer(interval: .milliseconds(16))
/// pacer.ask(at: .zero)                    // .draw
/// pacer.ask(at: .milliseconds(2))         // .draw (the second of two together)
/// pacer.ask(at: .milliseconds(5))         // .wait(until: .milliseconds(18))
/// pacer.ask(at: .milliseconds(9))         // .joined
/// pacer.timerFired(at: .milliseconds(18)) // .draw (the put-off frame)
/// ```
struct FramePacer: Sendable, Equatable {
    /// What the runtime does with an ask.
    enum Decision: Sendable, Equatable {
        /// Draw now.
        case draw
        /// Arm a timer for this time, then ask again.
        case wait(until: Duration)
        /// A frame is already put off: the next one shows this ask too.
        case joined
    }

    /// The shortest time between the starts of two frames.
    let interval: Duration
    /// When the last frame began (nil before the first), and the one before it.
    private(set) var lastStart: Duration?
    private(set) var priorStart: Duration?
    /// The frame before ``priorStart``, for a frame that wrote nothing to give its place back.
    private var beforeLast: Duration?
    /// When the put-off frame is due (nil when none is).
    private(set) var due: Duration?

    init(interval: Duration) {
        self.interval = max(.zero, interval)
    }

    /// A frame is wanted at `now`: draw it, or wait. A `.draw` counts as begun at `now`.
    mutating func ask(at now: Duration) -> Decision {
        if let last = lastStart, now - last < interval, let prior = priorStart, now - prior < interval * 2 {
            if due != nil { return .joined }
            let until = min(last + interval, prior + interval * 2)
            due = until
            return .wait(until: until)
        }
        began(at: now)
        return .draw
    }

    /// A frame begins at `now`: nothing is due any more.
    private mutating func began(at now: Duration) {
        beforeLast = priorStart
        priorStart = lastStart
        lastStart = now
        due = nil
    }

    /// The frame just begun wrote nothing (nothing on screen changed): it does not count, and
    /// the frames before it are the last two again.
    mutating func wroteNothing() {
        lastStart = priorStart
        priorStart = beforeLast
    }

    /// The timer armed for the put-off frame went off at `now`: draw it (a timer may wake a
    /// hair early; the frame is drawn all the same, and the interval counts from now).
    mutating func timerFired(at now: Duration) -> Decision {
        guard due != nil else { return ask(at: now) }
        began(at: now)
        return .draw
    }

    /// A frame was drawn at `now` outside the pacing (the first, or a snapshot's settled frame):
    /// the interval counts from it, and a put-off frame is no longer needed.
    mutating func drew(at now: Duration) {
        began(at: now)
    }
}
