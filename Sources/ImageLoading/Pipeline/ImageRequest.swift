public import FoundationEssentials
import FoundationExtras

/// What to load: a URL, how to process it, how urgently, and how to cache it.
///
/// ```swift
/// let request = ImageRequest(
///     string: "https://picsum.photos/id/10/400/300",
///     processors: [.resize(to: PixelSize(width: 64, height: 48), mode: .fill)],
///     priority: .high)
/// let image = try await ImagePipeline.shared.image(for: request)
/// ```
public struct ImageRequest: Sendable, Hashable {
    /// The image's address: http, https or file. Nil means the caller had no usable URL;
    /// loading it fails with `ImageLoadError.invalidURL`.
    public var url: URL?
    /// A smaller variant, loaded instead when the loader is in low-data mode.
    public var lowDataURL: URL?
    /// Applied in order to the decoded image.
    public var processors: [ImageProcessor]
    /// How urgently to load.
    public var priority: Priority
    /// Which caches may keep the result.
    public var cachePolicy: CachePolicy
    /// Extra HTTP header fields sent with the request.
    public var headers: [String: String]
    /// Identifies the image in the caches and for coalescing instead of the URL, when the URL
    /// is not stable (an embedded server on an ephemeral port, a signed URL). Nil: the URL.
    public var imageID: String?

    /// A request for `url`.
    public init(
        url: URL?,
        lowDataURL: URL? = nil,
        processors: [ImageProcessor] = [],
        priority: Priority = .normal,
        cachePolicy: CachePolicy = .persistent,
        headers: [String: String] = [:],
        imageID: String? = nil
    ) {
        self.imageID = imageID
        self.url = url
        self.lowDataURL = lowDataURL
        self.processors = processors
        self.priority = priority
        self.cachePolicy = cachePolicy
        self.headers = headers
    }

    /// A request for a URL string or a plain file path (`/photos/a.jpg`, `photos/a.jpg`).
    ///
    /// A string that is neither a URL with a scheme nor a path yields a request whose `url`
    /// is nil, which fails with `invalidURL` when loaded (never an endless "loading").
    public init(
        string: String,
        processors: [ImageProcessor] = [],
        priority: Priority = .normal,
        cachePolicy: CachePolicy = .persistent,
        headers: [String: String] = [:]
    ) {
        self.init(
            url: ImageRequest.parseURL(string), processors: processors, priority: priority,
            cachePolicy: cachePolicy, headers: headers)
    }

    /// Parses a URL string or a plain path; nil when it is neither.
    public static func parseURL(_ string: String) -> URL? {
        let trimmed = string.trimmingWhitespace(includingNewlines: true)
        guard !trimmed.isEmpty else { return nil }
        if trimmed.contains("://") { return URL(string: trimmed) }
        if trimmed.hasPrefix("/") || trimmed.hasPrefix("./") || trimmed.hasPrefix("../") || trimmed.hasPrefix("~") {
            return URL(fileURLWithPath: PathText.expandingHome(trimmed))
        }
        // A bare relative path ("photos/a.jpg") is a file; anything with a scheme-like prefix was handled above.
        guard !trimmed.contains(":") else { return nil }
        return URL(fileURLWithPath: trimmed)
    }

    /// The same request for its low-data URL (nil when there is none).
    public var lowDataVariant: ImageRequest? {
        guard let lowDataURL else { return nil }
        var copy = self
        copy.url = lowDataURL
        copy.lowDataURL = nil
        copy.imageID = imageID.map { $0 + "#low-data" }
        return copy
    }

    /// The key of the original bytes in the disk cache and the data stage: `imageID`, else the URL.
    var dataKey: String? { imageID ?? url?.absoluteString }
}

extension ImageRequest {
    /// How urgently a request is loaded. Higher runs first when the network queue is full.
    public enum Priority: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
        case veryLow = 0, low, normal, high, veryHigh

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The urgency sent to HTTP servers in the `Priority` request header (RFC 9218: 0 is
        /// the most urgent, 3 the default), so a server that renders on demand can answer a
        /// screen's visible rows before its prefetch; nil for `normal` (the default: no header).
        public var httpUrgency: Int? {
            switch self {
            case .veryHigh: 1
            case .high: 2
            case .normal: nil
            case .low: 5
            case .veryLow: 6
            }
        }

        public var description: String {
            switch self {
            case .veryLow: "veryLow"
            case .low: "low"
            case .normal: "normal"
            case .high: "high"
            case .veryHigh: "veryHigh"
            }
        }
    }

    /// Which caches may keep a request's result.
    public enum CachePolicy: Sendable, Hashable, CustomStringConvertible {
        /// No caching beyond the task (the row) that asked for it.
        case viewLifetime
        /// The in-memory cache only.
        case session
        /// Memory plus the disk cache (the default).
        case persistent

        var usesMemory: Bool { self != .viewLifetime }
        var usesDisk: Bool { self == .persistent }

        public var description: String {
            switch self {
            case .viewLifetime: "viewLifetime"
            case .session: "session"
            case .persistent: "persistent"
            }
        }
    }
}
