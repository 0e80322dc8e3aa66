/// The validators of a request (`If-None-Match`, `If-Modified-Since`, `If-Range`) judged
/// against one representation.
///
/// ```swift
/// ConditionalRequest(ifModifiedSince: lastModified).isNotModified(etag: etag, lastModified: lastModified)  // true
/// ```
struct ConditionalRequest: Sendable, Hashable {
    var ifNoneMatch: String?
    var ifModifiedSince: String?
    var ifRange: String?

    init(ifNoneMatch: String? = nil, ifModifiedSince: String? = nil, ifRange: String? = nil) {
        self.ifNoneMatch = ifNoneMatch
        self.ifModifiedSince = ifModifiedSince
        self.ifRange = ifRange
    }

    /// True when the client's copy is current: answer 304 (RFC 9110 §13.2.2). `If-None-Match`
    /// decides when present; else `If-Modified-Since`, when it is a valid date no earlier than
    /// `lastModified`.
    func isNotModified(etag: String, lastModified: String) -> Bool {
        if ifNoneMatch != nil { return isNotModified(etag: etag) }
        guard let ifModifiedSince, let since = HTTPDate.date(from: ifModifiedSince),
            let modified = HTTPDate.date(from: lastModified)
        else { return false }
        return modified <= since
    }

    /// True when `If-None-Match` lists `etag` (weak comparison) or is `*`: answer 304.
    func isNotModified(etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        let tags = ifNoneMatch.split(separator: ",").map { $0.trimmingWhitespace }
        return tags.contains { $0 == "*" || Self.opaque($0) == Self.opaque(etag) }
    }

    /// True when a `Range` may be honoured: no `If-Range`, or one that matches the
    /// representation (an exact strong ETag, or exactly its `Last-Modified` date).
    func allowsRange(etag: String, lastModified: String) -> Bool {
        guard let ifRange = ifRange?.trimmingWhitespace else { return true }
        if ifRange.hasPrefix("W/") { return false }
        if ifRange.hasPrefix("\"") { return ifRange == etag }
        return ifRange == lastModified
    }

    /// The tag without its weakness marker, for weak comparison.
    private static func opaque(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }
}
