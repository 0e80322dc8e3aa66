/// When the runtime draws: at most one frame an `interval`, as a pure state machine.
///
/// A frame asked for sooner than `interval` after the last one began is put off until then, and
/// every ask in between joins it; a zero interval draws at every ask. The runtime asks after
/// each batch of messages, and arms a timer when told to wait.
///
/// ```swift
/// var pacer = FramePacer(interval: .milliseconds(16))
/// pacer.ask(at: .zero)                    // .draw
/// pacer.ask(at: .milliseconds(5))         // .wait(until: .milliseconds(16))
/// pacer.ask(at: .milliseconds(9))         // .joined
/// pacer.timerFired(at: .milliseconds(16)) // .draw (the put-off frame)
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
    /// When the last frame began (nil before the first).
    private(set) var lastStart: Duration?
    /// When the put-off frame is due (nil when none is).
    private(set) var due: Duration?

    init(interval: Duration) {
        self.interval = max(.zero, interval)
    }

    /// A frame is wanted at `now`: draw it, or wait. A `.draw` counts as begun at `now`.
    mutating func ask(at now: Duration) -> Decision {
        if let last = lastStart, now - last < interval {
            if due != nil { return .joined }
            let until = last + interval
            due = until
            return .wait(until: until)
        }
        lastStart = now
        due = nil
        return .draw
    }

    /// The timer armed for the put-off frame went off at `now`: draw it (a timer may wake a
    /// hair early; the frame is drawn all the same, and the interval counts from now).
    mutating func timerFired(at now: Duration) -> Decision {
        guard due != nil else { return ask(at: now) }
        lastStart = now
        due = nil
        return .draw
    }

    /// A frame was drawn at `now` outside the pacing (the first, or a snapshot's settled frame):
    /// the interval counts from it, and a put-off frame is no longer needed.
    mutating func drew(at now: Duration) {
        lastStart = now
        due = nil
    }
}
