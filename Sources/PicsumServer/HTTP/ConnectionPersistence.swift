/// Whether a connection stays open after each response (RFC 9112 §9.3), as a pure state
/// machine the ``ConnectionPersistenceHandler`` drives.
///
/// An HTTP/1.1 request keeps the connection unless it says `Connection: close`; an HTTP/1.0
/// request closes it unless it says `Connection: keep-alive`. A response that says
/// `Connection: close` closes it too. Pipelined requests are answered in order, so each
/// response head takes the oldest request not yet answered; once a response closes the
/// connection, requests read after the one it answers are dropped unanswered.
///
/// ```swift
/// var persistence = ConnectionPersistence()
/// persistence.requestHead(version: .http1_0, keepAlive: false)        // true: pass it on
/// let head = persistence.responseHead(saysClose: false)  // version 1.0, connection "close"
/// persistence.responseEnd()                               // .close
/// ```
struct ConnectionPersistence: Sendable, Equatable {
    /// The HTTP version of a request, as far as persistence cares.
    enum Version: Sendable, Equatable {
        case http1_0
        case http1_1
    }

    /// What a response head must carry.
    struct ResponseHead: Sendable, Equatable {
        /// The version to answer with: the request's (a 1.0 client gets no chunked body).
        var version: Version
        /// The `Connection` header to set, or nil to leave the response's own.
        var connection: String?
    }

    /// What to do once a response's last byte is written.
    enum AfterResponse: Sendable, Equatable {
        case keepOpen
        case close
    }

    private struct Pending: Sendable, Equatable {
        var version: Version
        var keepAlive: Bool
    }

    /// Requests read and not yet answered, oldest first.
    private var pending: [Pending] = []
    /// Whether the response being written closes the connection once it ends.
    private var closesAfterCurrent = false
    /// Set once a request that closes the connection has been read: later ones are dropped.
    private var isDraining = false

    /// Records a request head; false when it must be dropped (it follows one that closes).
    mutating func requestHead(version: Version, keepAlive: Bool) -> Bool {
        guard !isDraining else { return false }
        pending.append(Pending(version: version, keepAlive: keepAlive))
        if !keepAlive { isDraining = true }
        return true
    }

    /// The version and `Connection` header of the next response head. `saysClose`: the
    /// response itself carries `Connection: close`.
    mutating func responseHead(saysClose: Bool) -> ResponseHead {
        // A response with no request (an unparseable one) answers as 1.1 and closes.
        let request = pending.first ?? Pending(version: .http1_1, keepAlive: false)
        closesAfterCurrent = saysClose || !request.keepAlive
        if closesAfterCurrent {
            isDraining = true
            return ResponseHead(version: request.version, connection: "close")
        }
        return ResponseHead(version: request.version, connection: request.version == .http1_0 ? "keep-alive" : nil)
    }

    /// The response's last part is being written: the connection closes after it or stays.
    mutating func responseEnd() -> AfterResponse {
        if !pending.isEmpty { pending.removeFirst() }
        return closesAfterCurrent ? .close : .keepOpen
    }
}
