import Synchronization

/// A clock that moves only when the test advances it; sleepers wake deterministically.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol, CustomStringConvertible {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        var description: String { "\(offset)" }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
        /// Every sleep asked for, as a duration from the time it was asked.
        var requested: [Duration] = []
        var requestWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (due, wake) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    state.requested.append(state.now.duration(to: deadline))
                    let ready = state.requestWaiters.filter { $0.count <= state.requested.count }.map(\.continuation)
                    state.requestWaiters.removeAll { $0.count <= state.requested.count }
                    if deadline <= state.now { return (true, ready) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return (false, ready)
                }
                for waiter in wake { waiter.resume() }
                if due { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper now due.
    func advance(by duration: Duration) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = state.now.advanced(by: duration)
            let ready = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in ready.keys { state.sleepers[id] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Returns once `count` sleeps have been asked for in all.
    func sleepRequested(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.requested.count >= count { return true }
                state.requestWaiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Every sleep asked for so far.
    var requestedSleeps: [Duration] { state.withLock { $0.requested } }
}
