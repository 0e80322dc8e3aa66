import Synchronization

/// Tasks parked until their owner wakes them: a token counter and the parked continuations by token.
///
/// Kept inside the owner's `Mutex` state, so the owner's condition is checked and the task is
/// parked under one lock and a wake-up is never lost. Waiting goes through
/// `Mutex.wait(parkingIn:until:)`; the owner wakes every waiter by taking ``takeAll()`` under
/// its lock and resuming them after it; a cancelled task removes and resumes only itself.
///
/// ```swift
/// struct State { var isOpen = false; var waiters = Waiters() }
/// await state.wait(parkingIn: \.waiters) { $0.isOpen }
/// let woken = state.withLock { $0.isOpen = true; return $0.waiters.takeAll() }
/// for waiter in woken { waiter.resume() }
/// ```
struct Waiters: Sendable {
    private var nextToken = 0
    private var parked: [Int: CheckedContinuation<Void, Never>] = [:]

    /// Removes every parked continuation; the caller resumes them once the lock is released.
    mutating func takeAll() -> [CheckedContinuation<Void, Never>] {
        defer { parked = [:] }
        return Array(parked.values)
    }

    fileprivate mutating func makeToken() -> Int {
        nextToken += 1
        return nextToken
    }

    fileprivate mutating func park(_ continuation: CheckedContinuation<Void, Never>, token: Int) {
        parked[token] = continuation
    }

    fileprivate mutating func remove(token: Int) -> CheckedContinuation<Void, Never>? {
        parked.removeValue(forKey: token)
    }
}

extension Mutex {
    /// Returns once `isReady` holds (checked under the lock before parking; afterwards the owner
    /// wakes the task through the `Waiters` at `waiters`), or when the calling task is cancelled.
    func wait(
        parkingIn waiters: any WritableKeyPath<Value, Waiters> & Sendable, until isReady: (borrowing Value) -> Bool
    ) async {
        let token = withLock { $0[keyPath: waiters].makeToken() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = withLock { state in
                    if isReady(state) || Task.isCancelled { return true }
                    state[keyPath: waiters].park(continuation, token: token)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = withLock { $0[keyPath: waiters].remove(token: token) }
            waiter?.resume()
        }
    }
}
