/// What one client may hold of the server: how long a connection may sit without a request in
/// progress, how large a request body may be, and how many connections are served at once.
///
/// ```swift
/// var configuration = PicsumServer.Configuration()
/// configuration.limits.idleTimeout = .seconds(10)
/// ```
public struct ConnectionLimits: Sendable, Hashable {
    /// A connection with no request in progress is closed after this long: a silent one, one
    /// still sending its request head (slowloris), or a kept-alive one between requests. The
    /// time counts from the connection's start or its last response, so trickling header bytes
    /// does not extend it; it is also the request-head timeout.
    public var idleTimeout: Duration
    /// The largest request body accepted (only `PUT /control/shaping` reads one); a larger one
    /// is answered 413 at once and the connection closed, unread.
    public var maxRequestBodyBytes: Int
    /// Connections served at once; further ones wait in the listen backlog until one closes. An
    /// idle kept-alive connection costs a few kilobytes, so the default (4096) lets a thousand
    /// idle clients stay while others are served (`ServerHTTPClientsTests`).
    public var maxConnections: Int
    /// The longest a stalled response (shaping's stall rate) holds its connection before the
    /// server closes it, for a client that never gives up.
    public var maxStall: Duration

    public init(
        idleTimeout: Duration = .seconds(30), maxRequestBodyBytes: Int = 64 * 1024, maxConnections: Int = 4096,
        maxStall: Duration = .seconds(60)
    ) {
        self.idleTimeout = idleTimeout
        self.maxRequestBodyBytes = maxRequestBodyBytes
        self.maxConnections = maxConnections
        self.maxStall = maxStall
    }

    /// Throws a `PicsumServerError` naming the first value out of range.
    public func validate() throws {
        guard idleTimeout > .zero, idleTimeout <= .seconds(3600) else {
            throw PicsumServerError.invalidConfiguration("idle timeout must be over 0 and at most 3600 s (got \(idleTimeout))")
        }
        guard (0...(64 << 20)).contains(maxRequestBodyBytes) else {
            throw PicsumServerError.invalidConfiguration(
                "max request body must be 0…\(64 << 20) bytes (got \(maxRequestBodyBytes))")
        }
        guard maxStall > .zero, maxStall <= .seconds(3600) else {
            throw PicsumServerError.invalidConfiguration("max stall must be over 0 and at most 3600 s (got \(maxStall))")
        }
        guard (1...100_000).contains(maxConnections) else {
            throw PicsumServerError.invalidConfiguration("max connections must be 1…100000 (got \(maxConnections))")
        }
    }
}
