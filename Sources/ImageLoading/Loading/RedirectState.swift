public import FoundationEssentials

/// Following redirects, one hop at a time, as a pure state machine (``HTTPDataLoader`` runs it;
/// the client follows none itself, so headers are chosen anew for every hop).
///
/// A 301, 302, 303, 307 or 308 with a `Location` goes on to that URL (resolved against the
/// current one; http and https only); anything else is the answer. More than `limit` hops, or a
/// URL seen before, is an error. ``headers(adding:for:)`` gives each hop its fields: the request's
/// own, less the credentials (`Authorization`, `Cookie`, `Proxy-Authorization`, `Origin`) once
/// the hop left the first URL's origin, plus the user's ``RequestHeaders`` for that hop's origin
/// only.
///
/// ```swift
/// var state = RedirectState(start: url, limit: 5)
/// switch try state.next(status: 302, location: "https://cdn.example/1.jpg") {
/// case .follow(let next): print("on to", next)
/// case .done: print("the answer")
/// }
/// ```
public struct RedirectState: Sendable {
    /// What to do with a response.
    public enum Step: Sendable, Equatable {
        /// Request this URL next (drop this response).
        case follow(URL)
        /// This response is the answer.
        case done
    }

    /// Why redirects were not followed to the end.
    public enum Failure: Error, Sendable, Equatable {
        case tooMany(Int)
        case cycle
    }

    /// The URL asked for first.
    public let start: URL
    /// The URL being requested now.
    public private(set) var current: URL
    /// Redirects allowed.
    public let limit: Int
    private var visited: Set<String>

    /// Redirect statuses followed.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]
    /// Fields never carried to another origin (as browsers and AsyncHTTPClient do).
    static let credentials = ["authorization", "cookie", "proxy-authorization", "origin"]

    /// Starts at `start`, following at most `limit` redirects.
    public init(start: URL, limit: Int) {
        self.start = start
        self.current = start
        self.limit = max(0, limit)
        visited = [start.absoluteString]
    }

    /// Redirects followed so far.
    public var hops: Int { visited.count - 1 }

    /// The step for a response with `status` and `location` to the current URL.
    public mutating func next(status: Int, location: String?) throws(Failure) -> Step {
        guard Self.statuses.contains(status), let location, !location.isEmpty,
            let target = URL(string: location, relativeTo: current)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil
        else { return .done }
        guard hops < limit else { throw .tooMany(limit) }
        guard visited.insert(target.absoluteString).inserted else { throw .cycle }
        current = target
        return .follow(target)
    }

    /// The fields for a request to the current URL: `requestFields` (less credentials once off
    /// the first origin), then `extra`'s fields for the current URL's origin.
    public func headers(
        adding extra: RequestHeaders, to requestFields: [(name: String, value: String)]
    ) -> [(name: String, value: String)] {
        var fields = requestFields
        if HTTPOrigin(current) != HTTPOrigin(start) {
            fields.removeAll { Self.credentials.contains($0.name.lowercased()) }
        }
        let added = extra.headers(for: current)
        // The user's field replaces a request field of the same name (one value each).
        let names = Set(added.map { $0.name.lowercased() })
        fields.removeAll { names.contains($0.name.lowercased()) }
        return fields + added
    }
}
