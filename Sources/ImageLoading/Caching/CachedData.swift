public import FoundationEssentials

/// One disk-cache entry as the pipeline sees it: the original bytes and, when the response that
/// brought them said anything, their HTTP freshness and validators.
///
/// ```swift
/// let entry = CachedData(bytes: body, freshness: CacheFreshness(head: head, receivedAt: Date()))
/// if entry.isFresh(at: Date()) { /* use it, no request */ }
/// ```
public struct CachedData: Sendable, Hashable {
    /// The original (encoded) image bytes.
    public var bytes: [UInt8]
    /// Freshness and validators; nil for bytes stored without them (a version-1 entry, or
    /// `store(_:for:)` with bytes only), which are always fresh: see ``isFresh(at:heuristics:)``.
    public var freshness: CacheFreshness?

    public init(bytes: [UInt8], freshness: CacheFreshness? = nil) {
        self.bytes = bytes
        self.freshness = freshness
    }

    /// True when the entry may be used at `now` with no request.
    ///
    /// An entry without freshness is fresh: version-1 entries were written before the cache kept
    /// HTTP metadata, by builds that served every entry without a request — nearly all for
    /// picsum-style URLs that never change what they name — and they carry no validator, so
    /// "revalidating" one would mean downloading it whole again. They keep being served as before
    /// and leave through the LRU sweep; the next download of their URL writes a version-2 entry.
    public func isFresh(at now: Date, heuristics: CacheFreshness.Heuristics = .standard) -> Bool {
        freshness?.isFresh(at: now, heuristics: heuristics) ?? true
    }
}
