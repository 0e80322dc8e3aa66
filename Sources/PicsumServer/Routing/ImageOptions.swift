/// The size and effects of one image representation.
struct ImageOptions: Sendable, Hashable {
    var width: Int
    var height: Int
    var grayscale: Bool
    /// Blur radius 1…10, or 0 for none.
    var blur: Int
    /// The encoding: JPEG, or WebP for a path ending in `.webp` (as picsum serves).
    var format: Format = .jpeg

    /// How a representation is encoded.
    enum Format: Sendable, Hashable {
        case jpeg
        case webp

        /// The `Content-Type`.
        var mediaType: String {
            switch self {
            case .jpeg: "image/jpeg"
            case .webp: "image/webp"
            }
        }
    }

    /// The largest side the server renders.
    static let maxSide = 5000

    /// The query string that reproduces these effects (`?grayscale&blur=3`), or "".
    var effectsQuery: String {
        var items: [String] = []
        if grayscale { items.append("grayscale") }
        if blur > 0 { items.append("blur=\(blur)") }
        return items.isEmpty ? "" : "?" + items.joined(separator: "&")
    }
}
