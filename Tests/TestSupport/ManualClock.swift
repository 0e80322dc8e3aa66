import Synchronization

/// A clock that moves only when the test moves it, so timing is checked without waiting.
///
/// By default a sleeper waits until `advance(by:)` passes its deadline, and wakes then,
/// deterministically. Made with `sleepsAdvanceTime: true`, every sleep returns at once and moves
/// the clock to its deadline: pacing (a sequence of sleeps) is checked in virtual time. Either
/// way the clock records every sleep asked for (`requestedSleeps`).
public final class ManualClock: Clock, Sendable {
    /// A point in the clock's time: how far it is from the clock's start.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        public var offset: Duration
        public init(offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        public var description: String { "\(offset)" }
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
    private let sleepsAdvanceTime: Bool

    /// A clock at zero; with `sleepsAdvanceTime`, each sleep moves it to the sleep's deadline
    /// and returns at once instead of waiting for `advance(by:)`.
    public init(sleepsAdvanceTime: Bool = false) {
        self.sleepsAdvanceTime = sleepsAdvanceTime
    }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        if sleepsAdvanceTime {
            try Task.checkCancellation()
            let wake = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.requested.append(state.now.duration(to: deadline))
                state.now = max(state.now, deadline)
                return Self.takeReadyWaiters(&state)
            }
            for waiter in wake { waiter.resume() }
            return
        }
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (due, wake) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    state.requested.append(state.now.duration(to: deadline))
                    let ready = Self.takeReadyWaiters(&state)
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
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = state.now.advanced(by: duration)
            let ready = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in ready.keys { state.sleepers[id] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Returns once `count` sleeps have been asked for in all.
    public func sleepRequested(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.requested.count >= count { return true }
                state.requestWaiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Every sleep asked for so far, each as a duration from the time it was asked.
    public var requestedSleeps: [Duration] { state.withLock { $0.requested } }

    /// The `sleepRequested` waiters whose count of sleeps is reached, removed from `state`.
    private static func takeReadyWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        let ready = state.requestWaiters.filter { $0.count <= state.requested.count }.map(\.continuation)
        state.requestWaiters.removeAll { $0.count <= state.requested.count }
        return ready
    }
}
