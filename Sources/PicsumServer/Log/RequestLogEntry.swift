import TerminalText
/// One finished request, as the server saw it.
///
/// ```swift
/// for await entry in server.requests where entry.clientWentAway {
///     print(entry)   // GET /id/3/200/300 -> 200, 1200/15403 bytes, 812 ms, client went away
/// }
/// ```
public struct RequestLogEntry: Sendable, Hashable, CustomStringConvertible {
    /// How the response ended.
    public enum Outcome: String, Sendable, Hashable {
        /// Every byte of the response was written.
        case completed
        /// The client closed the connection (or stopped being reachable) before the body was complete.
        case clientWentAway = "client went away"
        /// Shaping closed the connection part-way through the body.
        case truncated
        /// The server stopped while the response was being written.
        case serverStopped = "server stopped"
        /// A stalled response reached the longest stall allowed and the server closed it.
        case stallTimedOut = "stall timed out"
    }

    /// The request method, e.g. `GET`.
    public var method: String
    /// Path and query, as requested.
    public var target: String
    /// The `Range` header, if any.
    public var range: String?
    /// The response status code.
    public var status: Int
    /// Body bytes written to the connection.
    public var bytesSent: Int
    /// Body bytes the response announced (Content-Length), if it announced any.
    public var expectedBytes: Int?
    /// How the response ended.
    public var outcome: Outcome
    /// What shaping decided for this request (`deliver`, `fail`, `stall`, `truncate at 40%`), nil when unshaped.
    public var shaping: String?
    /// From the request's arrival to the end of its response.
    public var duration: Duration
    /// The request's headers, names lowercased, repeats joined by ", " (at most
    /// ``maxRecordedHeaders``, values cut at ``maxRecordedValueLength`` characters). Not printed.
    public var requestHeaders: [String: String]

    /// The most request headers an entry keeps.
    public static let maxRecordedHeaders = 64
    /// The longest header value an entry keeps.
    public static let maxRecordedValueLength = 256

    /// True when the client went away before the body was complete.
    public var clientWentAway: Bool { outcome == .clientWentAway }

    public init(
        method: String, target: String, range: String?, status: Int, bytesSent: Int,
        expectedBytes: Int?, outcome: Outcome, shaping: String?, duration: Duration,
        requestHeaders: [String: String] = [:]
    ) {
        self.method = method
        self.target = target
        self.range = range
        self.status = status
        self.bytesSent = bytesSent
        self.expectedBytes = expectedBytes
        self.outcome = outcome
        self.shaping = shaping
        self.duration = duration
        self.requestHeaders = requestHeaders
    }

    /// Request headers as an entry keeps them: lowercased names, repeats joined, bounded.
    public static func recordedHeaders(_ fields: some Sequence<(name: String, value: String)>) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in fields {
            let key = name.lowercased()
            let value = String(value.prefix(maxRecordedValueLength))
            if let existing = headers[key] {
                headers[key] = String((existing + ", " + value).prefix(maxRecordedValueLength))
            } else {
                guard headers.count < maxRecordedHeaders else { continue }
                headers[key] = value
            }
        }
        return headers
    }

    /// One log line: `GET /id/3/200/300 range=bytes=0-99 -> 206, 100 bytes, 3 ms`. What the
    /// client sent (method, target, range) is sanitised: a log read in a terminal shows no
    /// client's escape sequences.
    public var description: String {
        var line = "\(TextSanitizer.sanitize(method)) \(TextSanitizer.sanitize(target))"
        if let range { line += " range=\(TextSanitizer.sanitize(range))" }
        line += " -> \(status), "
        if let expectedBytes, expectedBytes != bytesSent {
            line += "\(bytesSent)/\(expectedBytes) bytes"
        } else {
            line += "\(bytesSent) bytes"
        }
        line += ", \(duration.milliseconds) ms"
        if let shaping, shaping != ShapingFate.deliver.description { line += ", shaped: \(shaping)" }
        if outcome != .completed { line += ", \(outcome.rawValue)" }
        return line
    }
}
