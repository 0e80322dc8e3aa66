/// The validators of a request (`If-None-Match`, `If-Range`) judged against one representation.
struct ConditionalRequest: Sendable, Hashable {
    var ifNoneMatch: String?
    var ifRange: String?

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
