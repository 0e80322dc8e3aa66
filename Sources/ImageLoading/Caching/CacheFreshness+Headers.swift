public import Foundation

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
        if let age = head.header("Age").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), age >= 0 {
            ageHeader = TimeInterval(age)
        }
        if let cacheControl = head.header("Cache-Control") {
            apply(cacheControl: cacheControl)
        } else if head.header("Pragma")?.lowercased().contains("no-cache") == true {
            noCache = true
        }
        if let text = head.header("Expires") {
            expires = HTTPDateParser.date(from: text.trimmingCharacters(in: .whitespaces)) ?? .distantPast
        }
        etag = Self.nonEmpty(head.header("ETag"))
        lastModified = Self.nonEmpty(head.header("Last-Modified"))
    }

    /// The entry after a `304 Not Modified` received at `receivedAt` (RFC 9111 §4.3.4): the
    /// fields the 304 carries replace the stored ones, the others are kept, and the age starts again.
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

    /// Reads the directives a private cache obeys; `s-maxage`, `private`, `public` and
    /// `proxy-revalidate` concern shared caches and are ignored.
    private mutating func apply(cacheControl: String) {
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            let argument = parts.count == 2
                ? parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                : nil
            switch name {
            case "max-age":
                // A malformed or repeated max-age is invalid freshness information: stale (§4.2.1).
                if maxAge == nil, let argument, let seconds = Int(argument), seconds >= 0 {
                    maxAge = TimeInterval(seconds)
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

    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
