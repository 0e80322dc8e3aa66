/// Which renders may run now, as a pure state machine the render cache drives.
///
/// Renders run on two lanes. Small ones (thumbnails, up to `largePixels` output pixels) have
/// `smallSlots` slots; heavy ones — large stills and animation transcodes, which hold many
/// frames at once — queue for `largeSlots` slots of their own, so twenty 5000×5000 requests
/// hold the memory of one at a time and never delay a thumbnail. Each lane's queue is ordered by
/// urgency (RFC 9218's `u`: a screen's visible rows before its prefetch, requests before the
/// server's own warming), then first come, first served.
///
/// ```swift
/// var admission = RenderAdmission(smallSlots: 4, largeSlots: 1, largePixels: 1 << 20)
/// let lane = admission.lane(forPixels: 25_000_000)          // .large
/// if case .wait(let ticket) = admission.request(lane, urgency: .default) { /* park ticket */ }
/// if let next = admission.release(lane) { /* resume next */ }
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

    /// A render asks to start on `lane`.
    mutating func request(_ lane: Lane, urgency: RequestUrgency) -> Decision {
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
        nextTicket += 1
        let waiting = Waiting(urgency: urgency, ticket: nextTicket)
        switch lane {
        case .large: Self.enqueue(waiting, in: &waitingLarge)
        case .small: Self.enqueue(waiting, in: &waitingSmall)
        }
        return .wait(ticket: nextTicket)
    }

    /// A render on `lane` finished: the ticket that now runs in its slot, if any waits.
    mutating func release(_ lane: Lane) -> Int? {
        switch lane {
        case .large:
            guard !waitingLarge.isEmpty else {
                runningLarge -= 1
                return nil
            }
            return waitingLarge.removeFirst().ticket
        case .small:
            guard !waitingSmall.isEmpty else {
                runningSmall -= 1
                return nil
            }
            return waitingSmall.removeFirst().ticket
        }
    }

    /// Queues `waiting` after every waiter at least as urgent.
    private static func enqueue(_ waiting: Waiting, in queue: inout [Waiting]) {
        let position = queue.firstIndex { $0.urgency > waiting.urgency } ?? queue.endIndex
        queue.insert(waiting, at: position)
    }
}
