import Synchronization

/// A barrier a fake loader waits at until the test opens it. Tests can also wait until the loader
/// has reached it, so nothing needs a sleep.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var arrivals = 0
        var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
        var arrivalWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var nextID = 0
        var cancelled: Set<Int> = []
    }

    private let state = Mutex(State())

    /// Waits until opened; throws `CancellationError` when the waiting task is cancelled.
    func wait() async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case pass, cancelled, wait }
                let (outcome, arrived) = state.withLock { state -> (Outcome, [CheckedContinuation<Void, Never>]) in
                    state.arrivals += 1
                    let ready = state.arrivalWaiters.filter { $0.count <= state.arrivals }.map(\.continuation)
                    state.arrivalWaiters.removeAll { $0.count <= state.arrivals }
                    if state.cancelled.remove(id) != nil { return (.cancelled, ready) }
                    if state.isOpen { return (.pass, ready) }
                    state.waiters[id] = continuation
                    return (.wait, ready)
                }
                for waiter in arrived { waiter.resume() }
                switch outcome {
                case .pass: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .wait: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                guard let waiter = state.waiters.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return CheckedContinuation<Void, any Error>?.none
                }
                return waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Lets every current and future waiter through.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once `count` waits have arrived at the gate in all.
    func reached(_ count: Int = 1) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.arrivals >= count { return true }
                state.arrivalWaiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Waits that have arrived so far.
    var arrivals: Int { state.withLock { $0.arrivals } }
}
