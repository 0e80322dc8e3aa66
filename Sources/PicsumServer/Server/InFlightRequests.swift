import Synchronization

/// Counts responses still being written, so `stop()` can let them finish before closing sockets.
final class InFlightRequests: Sendable {
    private struct State {
        var count = 0
        var nextToken = 0
        var idleWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
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
            defer { state.idleWaiters = [:] }
            return Array(state.idleWaiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no response is in flight, or when the calling task is cancelled.
    func waitUntilIdle() async {
        let token = state.withLock { state in
            state.nextToken += 1
            return state.nextToken
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.count == 0 || Task.isCancelled { return true }
                    state.idleWaiters[token] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.idleWaiters.removeValue(forKey: token) }
            waiter?.resume()
        }
    }
}
