/// The `Cache-Control` of image responses: a `max-age` (picsum sends long-lived ones), `immutable`
/// for URLs that name one image for the server's lifetime, or `no-store`.
///
/// ```swift
/// ImageCacheControl(maxAge: 86_400).value(immutable: true)   // "public, max-age=86400, immutable"
/// ImageCacheControl(maxAge: 0).value(immutable: true)        // "public, max-age=0"
/// ```
struct ImageCacheControl: Sendable, Hashable {
    /// Seconds a response stays fresh.
    var maxAge: Int
    /// Say `no-store` instead.
    var noStore = false

    /// The header value. `immutable` is left out when nothing stays fresh (max-age 0), where it
    /// would mean nothing.
    func value(immutable: Bool) -> String {
        if noStore { return "no-store" }
        return "public, max-age=\(maxAge)" + (immutable && maxAge > 0 ? ", immutable" : "")
    }
}
