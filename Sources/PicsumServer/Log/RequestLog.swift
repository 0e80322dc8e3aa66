import Synchronization

/// Fans finished requests out to every subscriber's `AsyncStream`.
final class RequestLog: Sendable {
    private struct State {
        var subscribers: [Int: AsyncStream<RequestLogEntry>.Continuation] = [:]
        var nextToken = 0
        var isFinished = false
    }

    private let state = Mutex(State())
    private let bufferLimit: Int

    init(bufferLimit: Int = 10_000) {
        self.bufferLimit = bufferLimit
    }

    /// A stream of every entry recorded from now on; it finishes when the server stops.
    func subscribe() -> AsyncStream<RequestLogEntry> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: RequestLogEntry.self, bufferingPolicy: .bufferingNewest(bufferLimit))
        let token = state.withLock { state -> Int? in
            guard !state.isFinished else { return nil }
            state.nextToken += 1
            state.subscribers[state.nextToken] = continuation
            return state.nextToken
        }
        guard let token else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: token) }
        }
        return stream
    }

    func record(_ entry: RequestLogEntry) {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.yield(entry) }
    }

    func finish() {
        let subscribers = state.withLock { state in
            state.isFinished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}
