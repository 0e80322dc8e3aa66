/// The way to the terminal, measured by round trips: how many bytes may be on their way at once,
/// how fast they arrive and how long an answer takes. Pure: the screen tells it what it wrote
/// and when a fence was answered; it answers with the window pictures must keep within.
///
/// A terminal answers a question only after it has read everything written before it, so a
/// fence (DA1, which every terminal answers) written after a picture's bytes comes back when the
/// picture has really arrived, however much sshd, a socket or a channel window holds on the way.
/// The bytes written since the last answered fence are in flight; pictures may add to them only
/// up to ``window``, so text written after them (a frame, a key's effect) waits behind at most a
/// window of pictures.
///
/// The window adapts like a congestion window: it starts at ``initialWindow`` and is then the
/// measured rate times the link's own delay plus ``queueingDelay`` — it grows while answers
/// come back fast (each full window delivers faster than the last estimate) and shrinks when
/// they slow. The link's own delay is the shortest round trip of a fence with little ahead of it
/// (at most ``smallAhead``: the screen writes one before a picture when the link was empty), or,
/// before there is one, the shortest round trip less the time its bytes ahead took at the
/// measured rate. `feedbench --scenario slow-tty` measures what keys cost over links of
/// 100 KB/s to 2 MB/s; `TerminalLinkTests` checks the rules.
///
/// ```swift
/// var link = TerminalLink()
/// link.wrote(60_000, at: start)            // a picture's bytes
/// link.fenced(at: start)                   // DA1 written after them
/// link.answered(at: start + .milliseconds(600))
/// link.reading.rate                        // ≈ 100 KB/s
/// ```
public struct TerminalLink: Sendable {
    /// The window before anything was measured: two kitty chunks and their escapes.
    public static let initialWindow = 8 * 1024
    /// The smallest window: a key's frame and a chunk of a picture.
    public static let minimumWindow = 2 * 1024
    /// The largest window (a local terminal is never the bottleneck).
    public static let maximumWindow = 8 * 1024 * 1024
    /// How long text may wait behind pictures already written, beyond the link's own round trip.
    public static let queueingDelay = Duration.milliseconds(25)
    /// How many recent samples the rate and the shortest round trip are taken from.
    static let sampleCount = 8
    /// The most bytes ahead of a fence whose round trip is the link's own delay.
    public static let smallAhead = 2 * 1024

    /// A fence written and not answered yet.
    struct Fence: Sendable {
        /// The bytes written before it (the fence included), counted from the start.
        var written: Int
        /// When it was written.
        var sentAt: ContinuousClock.Instant
        /// The bytes in flight when it was written (itself included): they arrive before it.
        var ahead: Int
        /// Whether the window was at least half used when it was written: a rate measured
        /// with less in flight says what the viewer sent, not what the link carries.
        var windowFilled: Bool
    }

    /// What the link measured, for the status bar and `?`.
    public struct Reading: Hashable, Sendable {
        /// Bytes a second the terminal reads (nil before the first answer).
        public var rate: Double?
        /// The last round trip (nil before the first answer).
        public var roundTrip: Duration?
        /// The window pictures keep within now.
        public var window: Int
        /// Bytes written and not yet known to have arrived.
        public var inFlight: Int
        /// Whether a fence is on its way.
        public var awaitsAnswer: Bool
        /// How many samples the rate is the median of (one answer read late makes one wrong).
        public var samples: Int

        /// A reading.
        public init(
            rate: Double?, roundTrip: Duration?, window: Int, inFlight: Int, awaitsAnswer: Bool = false, samples: Int = 0
        ) {
            self.rate = rate
            self.roundTrip = roundTrip
            self.window = window
            self.inFlight = inFlight
            self.awaitsAnswer = awaitsAnswer
            self.samples = samples
        }
    }

    /// The window pictures keep within.
    public private(set) var window = Self.initialWindow
    /// Bytes written since the start.
    public private(set) var written = 0
    /// Bytes known to have arrived: those before the last answered fence.
    public private(set) var delivered = 0
    private var fences: [Fence] = []
    private var rateSamples: [Double] = []
    /// Round trips of fences with little ahead: the link's own delay.
    private var delaySamples: [Duration] = []
    /// Round trips less the time of the bytes ahead at the rate measured then.
    private var estimatedDelaySamples: [Duration] = []
    private var lastRoundTrip: Duration?
    private var lastAnswer: ContinuousClock.Instant?
    /// When the bytes in flight began to be written after the link was empty.
    private var busySince: ContinuousClock.Instant?

    /// A link measured from nothing.
    public init() {}

    /// Bytes written and not yet known to have arrived.
    public var inFlight: Int { written - delivered }

    /// Whether a fence is on its way.
    public var awaitsAnswer: Bool { !fences.isEmpty }

    /// How many picture bytes may be written now without passing the window.
    public var allowance: Int { max(0, window - inFlight) }

    /// The rate: the median of the recent samples (one answer read late makes one sample
    /// too high, the next too low).
    var rate: Double? {
        guard !rateSamples.isEmpty else { return nil }
        return rateSamples.sorted()[rateSamples.count / 2]
    }

    /// Whether the link was measured at ``PictureAllowance/fastRate`` or more, by a few samples
    /// (one answer read late can make one sample too high).
    public var isFast: Bool {
        guard rateSamples.count >= 3, let rate else { return false }
        return rate >= PictureAllowance.fastRate
    }

    /// Whether bytes were written after the last fence: a fence now would measure them.
    public var hasUnfencedBytes: Bool { written > (fences.last?.written ?? delivered) }

    /// What the link measured.
    public var reading: Reading {
        Reading(
            rate: self.rate, roundTrip: lastRoundTrip, window: window, inFlight: inFlight, awaitsAnswer: awaitsAnswer,
            samples: rateSamples.count)
    }

    /// Counts `count` bytes written at `now` (text or pictures).
    public mutating func wrote(_ count: Int, at now: ContinuousClock.Instant) {
        guard count > 0 else { return }
        if inFlight == 0 { busySince = now }
        written += count
    }

    /// Counts a fence of `count` bytes written at `now`, after everything written so far.
    public mutating func fenced(_ count: Int, at now: ContinuousClock.Instant) {
        let filled = inFlight * 2 >= window
        wrote(count, at: now)
        fences.append(Fence(written: written, sentAt: now, ahead: inFlight, windowFilled: filled))
    }

    /// The oldest fence was answered at `now`: everything written before it has arrived. An
    /// answer with no fence on its way (a late reply to the start-up questions) changes nothing.
    public mutating func answered(at now: ContinuousClock.Instant) {
        guard !fences.isEmpty else { return }
        let fence = fences.removeFirst()
        let arrived = fence.written - delivered
        let start = max(busySince ?? fence.sentAt, lastAnswer ?? fence.sentAt)
        delivered = fence.written
        lastAnswer = now
        if inFlight == 0 { busySince = nil }
        let roundTrip = now - fence.sentAt
        lastRoundTrip = roundTrip
        let seconds = Self.seconds(now - start)
        // A few bytes, or answers read at once (dated alike), say nothing of the rate.
        if arrived >= Self.smallAhead, seconds > 0 {
            let sample = Double(arrived) / seconds
            // A sample from a window not filled says what was sent, not what the link carries:
            // it may raise the estimate, never lower it.
            if fence.windowFilled || sample > (rate ?? 0) { remember(sample, in: &rateSamples) }
        }
        if fence.ahead <= Self.smallAhead {
            remember(roundTrip, in: &delaySamples)
        } else if let rate, rate > 0 {
            let queued = Duration.nanoseconds(Int64(Double(fence.ahead) / rate * 1e9))
            remember(max(.zero, roundTrip - queued), in: &estimatedDelaySamples)
        }
        if rate == nil {
            // Nothing measured the rate yet: a full window answered with no queue doubles.
            let shortest = delaySamples.min() ?? roundTrip
            if fence.windowFilled, roundTrip <= shortest + Self.queueingDelay { window = min(Self.maximumWindow, window * 2) }
        } else {
            adapt()
        }
    }

    /// The window from the estimates: the rate times the link's shortest own delay and the
    /// queueing delay, within the bounds.
    private mutating func adapt() {
        guard let rate, let shortest = delaySamples.min() ?? estimatedDelaySamples.min() else { return }
        let bytes = rate * Self.seconds(shortest + Self.queueingDelay)
        window = Int(min(Double(Self.maximumWindow), max(Double(Self.minimumWindow), bytes)))
    }

    private func remember<Sample>(_ sample: Sample, in samples: inout [Sample]) {
        samples.append(sample)
        if samples.count > Self.sampleCount { samples.removeFirst(samples.count - Self.sampleCount) }
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

