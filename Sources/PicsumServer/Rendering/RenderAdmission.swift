/// Which renders may run now, as a pure state machine the render cache drives.
///
/// Renders run on two lanes. Small ones (thumbnails, up to `largePixels` output pixels) have
/// `smallSlots` slots; heavy ones — large stills and animation transcodes, which hold many
/// frames at once — queue for `largeSlots` slots of their own, so twenty 5000×5000 requests
/// hold the memory of one at a time and never delay a thumbnail. Each lane's queue is ordered by
/// urgency (RFC 9218's `u`: a screen's visible rows before its prefetch, requests before the
/// server's own warming), then first come, first served. A render less urgent than the default
/// (a prefetch, the warming) starts only while no render as urgent as the default or more runs
/// or waits, on either lane: on two cores, a prefetched animation's transcode beside a visible
/// one's took the core the visible one and the client needed.
///
/// ```swift
/// var admission = RenderAdmission(smallSlots: 4, largeSlots: 1, largePixels: 1 << 20)
/// let lane = admission.lane(forPixels: 25_000_000)          // .large
/// if case .wait(let ticket) = admission.request(lane, urgency: .default) { /* park ticket */ }
/// for next in admission.release(lane, urgency: .default) { /* resume next */ }
/// ```
struct RenderAdmission: Sendable {
    /// What a request should do.
    enum Decision: Equatable, Sendable {
        /// Run now; call `release(_:)` when done.
        case run
        /// Wait until `release` returns this ticket (the slot is then handed over).
        case wait(ticket: Int)
    }

    /// Where a render queues.
    enum Lane: Sendable, Hashable {
        case small
        case large
    }

    let smallSlots: Int
    let largeSlots: Int
    let largePixels: Int
    private(set) var runningSmall = 0
    private(set) var runningLarge = 0
    private var waitingSmall: [Waiting] = []
    private var waitingLarge: [Waiting] = []
    private var nextTicket = 0
    /// Renders as urgent as the default or more, running or waiting.
    private(set) var urgentActive = 0

    private struct Waiting {
        var urgency: RequestUrgency
        var ticket: Int
    }

    init(smallSlots: Int, largeSlots: Int, largePixels: Int) {
        self.smallSlots = max(1, smallSlots)
        self.largeSlots = max(1, largeSlots)
        self.largePixels = largePixels
    }

    /// Renders waiting for a slot.
    var waiting: Int { waitingSmall.count + waitingLarge.count }

    /// The lane of a still render of `pixels` output pixels.
    func lane(forPixels pixels: Int) -> Lane { pixels > largePixels ? .large : .small }

    /// Whether a render of `urgency` may take a free slot now.
    private func mayStart(_ urgency: RequestUrgency) -> Bool {
        Self.isUrgent(urgency) || urgentActive == 0
    }

    private static func isUrgent(_ urgency: RequestUrgency) -> Bool { urgency <= .default }

    /// A render asks to start on `lane`.
    mutating func request(_ lane: Lane, urgency: RequestUrgency) -> Decision {
        if Self.isUrgent(urgency) { urgentActive += 1 }
        if mayStart(urgency) {
            switch lane {
            case .large:
                if runningLarge < largeSlots {
                    runningLarge += 1
                    return .run
                }
            case .small:
                if runningSmall < smallSlots {
                    runningSmall += 1
                    return .run
                }
            }
        }
        nextTicket += 1
        let waiting = Waiting(urgency: urgency, ticket: nextTicket)
        switch lane {
        case .large: Self.enqueue(waiting, in: &waitingLarge)
        case .small: Self.enqueue(waiting, in: &waitingSmall)
        }
        return .wait(ticket: nextTicket)
    }

    /// A render of `urgency` on `lane` finished: the tickets that now run, in free slots of
    /// either lane (several when the last urgent render ends and held ones may start).
    mutating func release(_ lane: Lane, urgency: RequestUrgency) -> [Int] {
        if Self.isUrgent(urgency) { urgentActive -= 1 }
        switch lane {
        case .large: runningLarge -= 1
        case .small: runningSmall -= 1
        }
        var started: [Int] = []
        while runningSmall < smallSlots, let next = waitingSmall.first, mayStart(next.urgency) {
            waitingSmall.removeFirst()
            runningSmall += 1
            started.append(next.ticket)
        }
        while runningLarge < largeSlots, let next = waitingLarge.first, mayStart(next.urgency) {
            waitingLarge.removeFirst()
            runningLarge += 1
            started.append(next.ticket)
        }
        return started
    }

    /// Queues `waiting` after every waiter at least as urgent.
    private static func enqueue(_ waiting: Waiting, in queue: inout [Waiting]) {
        let position = queue.firstIndex { $0.urgency > waiting.urgency } ?? queue.endIndex
        queue.insert(waiting, at: position)
    }
}
