import Synchronization

/// A one-shot "the server is stopping" flag that waiting tasks can await.
///
/// Stalled responses and slow bodies wait on it so `stop()` never waits for a client.
final class ShutdownSignal: Sendable {
    private struct State {
        var isTriggered = false
        var waiters = Waiters()
    }

    private let state = Mutex(State())

    var isTriggered: Bool { state.withLock { $0.isTriggered } }

    /// Wakes every waiter, now and later.
    func trigger() {
        let waiters = state.withLock { state in
            state.isTriggered = true
            return state.waiters.takeAll()
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns when triggered, or when the calling task is cancelled.
    func wait() async {
        await state.wait(parkingIn: \.waiters) { $0.isTriggered }
    }

    /// Sleeps for `duration` on `clock`; returns false when the signal cut the sleep short.
    func sleep(for duration: Duration, clock: any Clock<Duration>) async -> Bool {
        guard duration > .zero else { return !isTriggered }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                do {
                    try await clock.sleep(for: duration)
                    return true
                } catch {
                    return false
                }
            }
            group.addTask {
                await self.wait()
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first && !isTriggered
        }
    }
}
