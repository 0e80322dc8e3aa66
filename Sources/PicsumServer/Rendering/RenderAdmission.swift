/// Which renders may run now, as a pure state machine the render cache drives.
///
/// Renders run on two lanes. Small ones (thumbnails, up to `largePixels` output pixels) have
/// `smallSlots` slots; large ones queue for `largeSlots` slots of their own, so twenty
/// 5000×5000 requests hold the memory of one at a time and never delay a thumbnail. Each lane's queue is ordered by
/// urgency (RFC 9218's `u`: a screen's visible rows before its prefetch, requests before the
/// server's own warming), then first come, first served. A render less urgent than the default
/// (a prefetch, the warming) starts only while no render as urgent as the default or more runs
/// or waits, on either lane: on two cores, a prefetched animation's transcode beside a visible
/// one's would take the core the visible one and the client need.
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
        /// Run now; call `release(_:urgency:)` when done.
        case run
        /// Wait until `release` returns this ticket (the slot is then handed over).
        case wait(ticket: Int)
    }

    /// Where a render queues.
    enum Lane: Sendable, Hashable {
        case small
        case large
    }

    /// One lane: its slots, the renders in them, and the queue in urgency order.
    private struct LaneState {
        let slots: Int
        var running = 0
        var waiting: [Waiting] = []

        /// Takes a free slot, if there is one.
        mutating func takeSlot() -> Bool {
            guard running < slots else { return false }
            running += 1
            return true
        }

        /// Queues `waiting` after every waiter at least as urgent.
        mutating func enqueue(_ new: Waiting) {
            let position = waiting.firstIndex { $0.urgency > new.urgency } ?? waiting.endIndex
            waiting.insert(new, at: position)
        }

        /// Starts waiters from the front while slots are free and `mayStart` lets them.
        mutating func startWaiting(_ mayStart: (RequestUrgency) -> Bool) -> [Int] {
            var started: [Int] = []
            while running < slots, let next = waiting.first, mayStart(next.urgency) {
                waiting.removeFirst()
                running += 1
                started.append(next.ticket)
            }
            return started
        }
    }

    private struct Waiting {
        var urgency: RequestUrgency
        var ticket: Int
    }

    let largePixels: Int
    private var small: LaneState
    private var large: LaneState
    private var nextTicket = 0
    /// Renders as urgent as the default or more, running or waiting.
    private(set) var urgentActive = 0

    init(smallSlots: Int, largeSlots: Int, largePixels: Int) {
        small = LaneState(slots: max(1, smallSlots))
        large = LaneState(slots: max(1, largeSlots))
        self.largePixels = largePixels
    }

    var runningSmall: Int { small.running }
    var runningLarge: Int { large.running }

    /// Renders waiting for a slot.
    var waiting: Int { small.waiting.count + large.waiting.count }

    /// The lane of a still render of `pixels` output pixels.
    func lane(forPixels pixels: Int) -> Lane { pixels > largePixels ? .large : .small }

    private static func state(of lane: Lane) -> WritableKeyPath<Self, LaneState> {
        switch lane {
        case .small: \.small
        case .large: \.large
        }
    }

    private static func isUrgent(_ urgency: RequestUrgency) -> Bool { urgency <= .default }

    /// Whether a render of `urgency` may take a free slot while `urgentActive` urgent renders
    /// run or wait.
    private static func mayStart(_ urgency: RequestUrgency, urgentActive: Int) -> Bool {
        isUrgent(urgency) || urgentActive == 0
    }

    /// A render asks to start on `lane`.
    mutating func request(_ lane: Lane, urgency: RequestUrgency) -> Decision {
        if Self.isUrgent(urgency) { urgentActive += 1 }
        let state = Self.state(of: lane)
        if Self.mayStart(urgency, urgentActive: urgentActive), self[keyPath: state].takeSlot() { return .run }
        nextTicket += 1
        self[keyPath: state].enqueue(Waiting(urgency: urgency, ticket: nextTicket))
        return .wait(ticket: nextTicket)
    }

    /// A render of `urgency` on `lane` finished: the tickets that now run, in free slots of
    /// either lane (several when the last urgent render ends and held ones may start).
    mutating func release(_ lane: Lane, urgency: RequestUrgency) -> [Int] {
        if Self.isUrgent(urgency) { urgentActive -= 1 }
        self[keyPath: Self.state(of: lane)].running -= 1
        let urgentActive = urgentActive
        let mayStart = { (urgency: RequestUrgency) in Self.mayStart(urgency, urgentActive: urgentActive) }
        return small.startWaiting(mayStart) + large.startWaiting(mayStart)
    }
}
