import Synchronization

/// Counts responses still being written, so `stop()` can let them finish before closing sockets.
final class InFlightRequests: Sendable {
    private struct State {
        var count = 0
        var idleWaiters = Waiters()
    }

    private let state = Mutex(State())

    var count: Int { state.withLock { $0.count } }

    func begin() {
        state.withLock { $0.count += 1 }
    }

    func end() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count -= 1
            guard state.count == 0 else { return [] }
            return state.idleWaiters.takeAll()
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no response is in flight, or when the calling task is cancelled.
    func waitUntilIdle() async {
        await state.wait(parkingIn: \.idleWaiters) { $0.count == 0 }
    }
}
