/// Which renders may run now, as a pure state machine the render cache drives.
///
/// Renders are charged their output pixels. Small ones (up to `largePixels`) run on
/// `smallSlots` lanes; large ones queue for `largeSlots` lanes of their own, so twenty
/// 5000×5000 requests hold the memory of one at a time and never delay a thumbnail.
/// Each queue is first come, first served.
///
/// ```swift
/// var admission = RenderAdmission(smallSlots: 4, largeSlots: 1, largePixels: 1 << 20)
/// if case .wait(let ticket) = admission.request(pixels: 25_000_000) { /* park ticket */ }
/// if let next = admission.release(pixels: 25_000_000) { /* resume next */ }
/// ```
struct RenderAdmission: Sendable {
    /// What a request should do.
    enum Decision: Equatable, Sendable {
        /// Run now; call `release(pixels:)` when done.
        case run
        /// Wait until `release` returns this ticket (the slot is then handed over).
        case wait(ticket: Int)
    }

    let smallSlots: Int
    let largeSlots: Int
    let largePixels: Int
    private(set) var runningSmall = 0
    private(set) var runningLarge = 0
    private var waitingSmall: [Int] = []
    private var waitingLarge: [Int] = []
    private var nextTicket = 0

    init(smallSlots: Int, largeSlots: Int, largePixels: Int) {
        self.smallSlots = max(1, smallSlots)
        self.largeSlots = max(1, largeSlots)
        self.largePixels = largePixels
    }

    /// Renders waiting for a slot.
    var waiting: Int { waitingSmall.count + waitingLarge.count }

    func isLarge(_ pixels: Int) -> Bool { pixels > largePixels }

    /// A render of `pixels` output pixels asks to start.
    mutating func request(pixels: Int) -> Decision {
        if isLarge(pixels) {
            if runningLarge < largeSlots {
                runningLarge += 1
                return .run
            }
            nextTicket += 1
            waitingLarge.append(nextTicket)
            return .wait(ticket: nextTicket)
        }
        if runningSmall < smallSlots {
            runningSmall += 1
            return .run
        }
        nextTicket += 1
        waitingSmall.append(nextTicket)
        return .wait(ticket: nextTicket)
    }

    /// A render of `pixels` finished: the ticket that now runs in its slot, if any waits.
    mutating func release(pixels: Int) -> Int? {
        if isLarge(pixels) {
            guard !waitingLarge.isEmpty else {
                runningLarge -= 1
                return nil
            }
            return waitingLarge.removeFirst()
        }
        guard !waitingSmall.isEmpty else {
            runningSmall -= 1
            return nil
        }
        return waitingSmall.removeFirst()
    }
}
