import Synchronization

/// Fans one stream of values out to any number of `AsyncStream` subscribers.
///
/// Values are yielded one send at a time (under `delivery`, a lock of its own), so every
/// subscriber sees them in the order they were sent. The subscribers' state has another lock,
/// never held while yielding: a yield resumes a waiting subscriber under its task's lock, and a
/// subscriber whose task is cancelled runs its termination handler, which takes the state's
/// lock, under that same task lock. One lock for both deadlocked the two (a snapshot hung at its
/// end while a download's events were being sent). With `replaysLast`, a new subscriber first
/// receives the most recent value; after `finish()`, new subscribers receive that value (if any)
/// and end at once.
final class Broadcaster<Element: Sendable>: Sendable {
    private struct State {
        var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextID = 0
        var last: Element?
        var isFinished = false
    }

    private let state = Mutex(State())
    /// Held while one send yields its value to every subscriber (never taken by a termination).
    private let delivery = Mutex(())
    private let replaysLast: Bool
    private let bufferLimit: Int

    init(replaysLast: Bool, initial: Element? = nil, bufferLimit: Int = 1_024) {
        self.replaysLast = replaysLast
        self.bufferLimit = bufferLimit
        state.withLock { $0.last = initial }
    }

    /// The most recent value sent (or the initial one).
    var last: Element? { state.withLock { $0.last } }

    /// A new subscription.
    func stream() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self, bufferingPolicy: .bufferingNewest(bufferLimit))
        let id: Int? = state.withLock { state in
            if replaysLast, let last = state.last { continuation.yield(last) }
            if state.isFinished {
                continuation.finish()
                return nil
            }
            let id = state.nextID
            state.nextID += 1
            state.continuations[id] = continuation
            return id
        }
        if let id {
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
            }
        }
        return stream
    }

    /// Sends a value to every subscriber; ignored after `finish()`.
    func send(_ value: Element) {
        delivery.withLock { _ in
            let continuations = state.withLock { state -> [AsyncStream<Element>.Continuation] in
                guard !state.isFinished else { return [] }
                state.last = value
                return Array(state.continuations.values)
            }
            for continuation in continuations { continuation.yield(value) }
        }
    }

    /// Ends every subscription; later subscribers get only the last value.
    func finish() {
        let continuations = state.withLock { state -> [AsyncStream<Element>.Continuation] in
            guard !state.isFinished else { return [] }
            state.isFinished = true
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
