public import FoundationEssentials

extension CacheFreshness {
    /// The freshness and validators of a response head received at `receivedAt`.
    ///
    /// ```swift
    /// CacheFreshness(head: DataResponseHead(statusCode: 200, headers: ["Cache-Control": "no-store"]),
    ///                receivedAt: Date()).noStore   // true: never written to disk
    /// ```
    public init(head: DataResponseHead, receivedAt: Date) {
        self.init(receivedAt: receivedAt)
        date = head.header("Date").flatMap(HTTPDateParser.date(from:))
        if let age = head.header("Age").flatMap({ Self.deltaSeconds($0.trimmingSpaces()) }) {
            ageHeader = age
        }
        if let cacheControl = head.header("Cache-Control") {
            apply(cacheControl: cacheControl)
        } else if head.header("Pragma")?.lowercased().contains("no-cache") == true {
            noCache = true
        }
        if let text = head.header("Expires") {
            expires = HTTPDateParser.date(from: text.trimmingSpaces()) ?? .distantPast
        }
        etag = Self.nonEmpty(head.header("ETag"))
        lastModified = Self.nonEmpty(head.header("Last-Modified"))
    }

    /// The entry after a `304 Not Modified` received at `receivedAt` (RFC 9111 §4.3.4): the
    /// fields the 304 carries replace the stored ones, the others are kept, and the age starts again.
    /// Only for a 304 that ``isSelected(by:)`` this entry: one that names another
    /// representation must not update it.
    ///
    /// ```swift
    /// let refreshed = stale.refreshed(by: notModifiedHead, receivedAt: Date())
    /// ```
    public func refreshed(by head: DataResponseHead, receivedAt: Date) -> CacheFreshness {
        let update = CacheFreshness(head: head, receivedAt: receivedAt)
        var result = self
        result.receivedAt = receivedAt
        result.date = update.date
        result.ageHeader = update.ageHeader
        if head.header("Cache-Control") != nil || head.header("Pragma") != nil {
            result.maxAge = update.maxAge
            result.noCache = update.noCache
            result.noStore = update.noStore
            result.mustRevalidate = update.mustRevalidate
            result.immutable = update.immutable
        }
        if head.header("Expires") != nil { result.expires = update.expires }
        if let etag = update.etag { result.etag = etag }
        if let lastModified = update.lastModified { result.lastModified = lastModified }
        return result
    }

    /// Whether a `304 Not Modified` is about this entry, as RFC 9111 §4.3.4 selects the stored
    /// response to freshen: a strong `ETag` in the 304 must equal this entry's strong ETag; with
    /// only a weak one, it must equal this entry's ETag by weak comparison; with no `ETag`, a
    /// `Last-Modified` must equal this entry's. A 304 with no validator at all is taken as this
    /// entry's: there is one stored response per URL, the request carried its validators, and
    /// a 304 need not repeat `Last-Modified` (RFC 9110 §15.4.5).
    ///
    /// ```swift
    /// stored.isSelected(by: DataResponseHead(statusCode: 304, headers: ["ETag": "\"v2\""]))   // false for "v1"
    /// ```
    public func isSelected(by head: DataResponseHead) -> Bool {
        if let received = Self.nonEmpty(head.header("ETag")) {
            guard let etag else { return false }
            if !received.hasPrefix("W/") { return !etag.hasPrefix("W/") && etag == received }
            return Self.opaqueTag(etag) == Self.opaqueTag(received)
        }
        if let received = Self.nonEmpty(head.header("Last-Modified")) {
            return lastModified == received
        }
        return true
    }

    /// An entity tag without its weakness indicator (weak comparison, RFC 9110 §8.8.3.2).
    private static func opaqueTag(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }

    /// The greatest delta-seconds value a cache must keep (RFC 9111 §1.2.2): 2³¹ seconds.
    public static let maxDeltaSeconds: TimeInterval = 2_147_483_648

    /// A `delta-seconds` value (RFC 9111 §1.2.2: one or more ASCII digits): one that is larger
    /// than 2³¹ or overflows is 2³¹ (``maxDeltaSeconds``); nil when not digits.
    static func deltaSeconds(_ text: some StringProtocol) -> TimeInterval? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        guard let value = Int(text), TimeInterval(value) < maxDeltaSeconds else { return maxDeltaSeconds }
        return TimeInterval(value)
    }

    /// Reads the directives a private cache obeys; `s-maxage`, `private`, `public` and
    /// `proxy-revalidate` concern shared caches and are ignored.
    private mutating func apply(cacheControl: String) {
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts.first.map { $0.trimmingSpaces().lowercased() } ?? ""
            let argument = parts.count == 2
                ? Self.unquoted(parts[1].trimmingSpaces())
                : nil
            switch name {
            case "max-age":
                // A malformed or repeated max-age is invalid freshness information: stale (§4.2.1).
                // An overflowing one is 2³¹ seconds (§1.2.2), not malformed.
                if maxAge == nil, let argument, let seconds = Self.deltaSeconds(argument) {
                    maxAge = seconds
                } else {
                    maxAge = 0
                }
            case "no-cache": noCache = true
            case "no-store": noStore = true
            case "must-revalidate": mustRevalidate = true
            case "immutable": immutable = true
            default: break
            }
        }
    }

    /// `text` without its leading and trailing double quotes.
    private static func unquoted(_ text: String) -> String {
        var text = Substring(text)
        while text.first == "\"" { text.removeFirst() }
        while text.last == "\"" { text.removeLast() }
        return String(text)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingSpaces(), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
