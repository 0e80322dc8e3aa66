public import FoundationEssentials

/// What a response said about how long it may be reused and how to check it afterwards: the
/// freshness and validators a disk-cache entry keeps beside its bytes (RFC 9111, as a private cache).
///
/// A pure value: `isFresh(at:)` and `currentAge(at:)` are arithmetic on the stored fields and the
/// time given, so tests pin the clock.
///
/// - The freshness lifetime is `max-age` if given, else `Expires − Date`, else a heuristic:
///   10% of the time since `Last-Modified` (capped at a week), else — no explicit freshness and
///   no `Last-Modified` — `Heuristics.defaultLifetime` (a week). Image URLs rarely change what
///   they name, and such a response usually has no validator either, so treating it as stale
///   at once would mean downloading it again on every launch.
/// - The age is RFC 9111 §4.2.3's without the request time: the response's `Age`, or the gap
///   between its `Date` and when it arrived if larger, plus the time since it arrived. No `Date`:
///   the arrival time stands for it.
/// - `no-cache` makes an entry stale at once (stored, but revalidated before every use);
///   `no-store` means it is never written; `immutable` is kept (the entry needs no revalidation
///   while fresh, which every fresh entry gets anyway).
///
/// ```swift
/// let head = DataResponseHead(statusCode: 200, headers: ["Cache-Control": "max-age=60", "ETag": "\"v1\""])
/// let freshness = CacheFreshness(head: head, receivedAt: now)
/// freshness.isFresh(at: now + 30)        // true: served from disk, no request
/// freshness.isFresh(at: now + 61)        // false: revalidated with If-None-Match: "v1"
/// ```
public struct CacheFreshness: Sendable, Hashable, Codable {
    /// When the response arrived (RFC 9111's `response_time`); a 304 moves it.
    public var receivedAt: Date
    /// The response's `Date` (the origin's clock), when present and valid.
    public var date: Date?
    /// The response's `Age` in seconds (0 when absent).
    public var ageHeader: TimeInterval = 0
    /// `Cache-Control: max-age` in seconds (0 when the directive was malformed: stale).
    public var maxAge: TimeInterval?
    /// `Expires`; an invalid value (e.g. `0`) is stored as the distant past: already expired.
    public var expires: Date?
    /// `Cache-Control: no-cache` (or `Pragma: no-cache` without `Cache-Control`).
    public var noCache = false
    /// `Cache-Control: no-store`.
    public var noStore = false
    /// `Cache-Control: must-revalidate`: once stale, never served without a successful check.
    public var mustRevalidate = false
    /// `Cache-Control: immutable` (RFC 8246).
    public var immutable = false
    /// The entity tag, quotes (and a `W/`) included.
    public var etag: String?
    /// `Last-Modified`, as sent (it goes back verbatim in `If-Modified-Since`).
    public var lastModified: String?

    /// Freshness given when the response gives none.
    public struct Heuristics: Sendable, Hashable {
        /// The fraction of the time since `Last-Modified` a response stays fresh.
        public var lastModifiedFraction: Double = 0.1
        /// The most a `Last-Modified` heuristic gives.
        public var lastModifiedCap: TimeInterval = 7 * 86_400
        /// The lifetime of a response with neither explicit freshness nor `Last-Modified`.
        public var defaultLifetime: TimeInterval = 7 * 86_400

        public init() {}

        /// The rules above.
        public static let standard = Heuristics()
    }

    /// A value with no directives and no validators, received at `receivedAt`.
    public init(receivedAt: Date) {
        self.receivedAt = receivedAt
    }

    /// How long the response is fresh from its origin's point of view (seconds).
    public func freshnessLifetime(_ heuristics: Heuristics = .standard) -> TimeInterval {
        if let maxAge { return maxAge }
        let base = date ?? receivedAt
        if let expires { return max(0, expires.timeIntervalSince(base)) }
        if let modified = lastModified.flatMap(HTTPDateParser.date(from:)) {
            let sinceModified = max(0, base.timeIntervalSince(modified))
            return min(heuristics.lastModifiedCap, sinceModified * heuristics.lastModifiedFraction)
        }
        return heuristics.defaultLifetime
    }

    /// The response's age at `now` (seconds), RFC 9111 §4.2.3 without the request time.
    public func currentAge(at now: Date) -> TimeInterval {
        let apparentAge = date.map { max(0, receivedAt.timeIntervalSince($0)) } ?? 0
        let initialAge = max(apparentAge, ageHeader)
        return initialAge + max(0, now.timeIntervalSince(receivedAt))
    }

    /// True when the entry may be used at `now` with no request at all.
    public func isFresh(at now: Date, heuristics: Heuristics = .standard) -> Bool {
        !noCache && currentAge(at: now) < freshnessLifetime(heuristics)
    }

    /// True when the stale entry may be used if it cannot be revalidated (the origin is
    /// unreachable or failing): not when it said `must-revalidate` or `no-cache`.
    public var allowsStaleOnError: Bool { !mustRevalidate && !noCache }

    /// True when a stale entry can be checked with a conditional request.
    public var hasValidators: Bool { etag != nil || lastModified != nil }

    /// `If-None-Match` and `If-Modified-Since` for a revalidation (empty without validators).
    public var conditionalHeaders: [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        if let etag { headers.append(("If-None-Match", etag)) }
        if let lastModified { headers.append(("If-Modified-Since", lastModified)) }
        return headers
    }

    /// True when `validator` (an `If-Range` value kept with partial bytes) names this entry's
    /// representation: its strong ETag or, with no ETag, its `Last-Modified`.
    func identifies(validator: String) -> Bool {
        if let etag { return !etag.hasPrefix("W/") && etag == validator }
        return lastModified == validator
    }
}
