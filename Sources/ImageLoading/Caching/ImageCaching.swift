
/// An in-memory store of processed images (with an animation's bytes), keyed by URL and processors.
public protocol ImageCaching: Sendable {
    func image(for key: ImageCacheKey) -> ImageContainer?
    func store(_ image: ImageContainer, for key: ImageCacheKey)
    func removeImage(for key: ImageCacheKey)
    /// Removes every image of `url` (or image id), whatever its processors (the file changed).
    func removeImages(of url: String)
    func removeAll()
}

/// The memory-cache key of a request: its URL and its processors.
public struct ImageCacheKey: Sendable, Hashable, CustomStringConvertible {
    public let url: String
    public let processors: [ImageProcessor]

    public init(url: String, processors: [ImageProcessor]) {
        self.url = url
        self.processors = processors
    }

    /// The key of a request: its `imageID` (else its URL) and its processors.
    public init?(_ request: ImageRequest) {
        guard let url = request.dataKey else { return nil }
        self.init(url: url, processors: request.processors)
    }

    public var description: String { processors.isEmpty ? url : url + " " + processors.cacheKey }
}
