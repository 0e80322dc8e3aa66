import Synchronization

/// Follows one request from arrival to the last body byte and logs it exactly once.
///
/// If the response is dropped before its body writer ever runs (the client went away while
/// the head was being written), `deinit` logs it as "client went away".
final class RequestRecorder: Sendable {
    private struct State {
        var status = 0
        var expectedBytes: Int?
        var shaping: String?
        var bytesSent = 0
        var isFinished = false
    }

    private let method: String
    private let target: String
    private let range: String?
    private let requestHeaders: [String: String]
    private let start: ContinuousClock.Instant
    private let log: RequestLog
    private let inFlight: InFlightRequests
    private let state = Mutex(State())

    init(
        method: String, target: String, range: String?, requestHeaders: [String: String] = [:], log: RequestLog,
        inFlight: InFlightRequests
    ) {
        self.method = method
        self.target = target
        self.range = range
        self.requestHeaders = requestHeaders
        self.start = .now
        self.log = log
        self.inFlight = inFlight
        inFlight.begin()
    }

    deinit {
        finish(.clientWentAway)
    }

    /// Notes the response about to be written.
    func respond(status: Int, expectedBytes: Int?) {
        state.withLock { state in
            state.status = status
            state.expectedBytes = expectedBytes
        }
    }

    /// Notes what shaping decided.
    func shaped(_ fate: ShapingFate) {
        state.withLock { $0.shaping = fate.description }
    }

    /// Counts body bytes that reached the connection.
    func sent(_ count: Int) {
        state.withLock { $0.bytesSent += count }
    }

    /// Logs the request; later calls do nothing.
    func finish(_ outcome: RequestLogEntry.Outcome) {
        let snapshot = state.withLock { state -> State? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            return state
        }
        guard let snapshot else { return }
        log.record(RequestLogEntry(
            method: method, target: target, range: range, status: snapshot.status,
            bytesSent: snapshot.bytesSent, expectedBytes: snapshot.expectedBytes, outcome: outcome,
            shaping: snapshot.shaping, duration: ContinuousClock.now - start, requestHeaders: requestHeaders))
        inFlight.end()
    }
}
