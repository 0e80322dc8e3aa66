import Synchronization

/// The memory cache: processed bitmaps (and animations' files), least recently used evicted first, bounded by bytes and count.
///
/// ```swift
/// let cache = ImageCache(costLimit: 64 << 20, countLimit: 500)
/// ```
public final class ImageCache: ImageCaching {
    private let state: Mutex<LRUState<ImageCacheKey, ImageContainer>>

    /// The bytes a cache holds when not told otherwise: 128 MiB.
    public static let defaultCostLimit = 128 * 1024 * 1024

    /// The most bytes this cache holds.
    public let costLimit: Int

    /// A cache holding at most `costLimit` bytes of pixels and `countLimit` images.
    public init(costLimit: Int = ImageCache.defaultCostLimit, countLimit: Int = 1_000) {
        self.costLimit = costLimit
        state = Mutex(LRUState(costLimit: costLimit, countLimit: countLimit))
    }

    public func image(for key: ImageCacheKey) -> ImageContainer? {
        state.withLock { $0.value(for: key) }
    }

    public func store(_ image: ImageContainer, for key: ImageCacheKey) {
        state.withLock { _ = $0.insert(image, for: key, cost: image.cost) }
    }

    public func removeImage(for key: ImageCacheKey) {
        state.withLock { $0.removeValue(for: key) }
    }

    public func removeImages(of url: String) {
        state.withLock { state in
            for key in state.keysByRecency where key.url == url { state.removeValue(for: key) }
        }
    }

    public func removeAll() {
        state.withLock { $0.removeAll() }
    }

    /// Images held now.
    public var count: Int { state.withLock { $0.count } }

    /// Bytes held now: pixels, and animations' files.
    public var totalCost: Int { state.withLock { $0.totalCost } }

    /// Keys from least to most recently used.
    public var keysByRecency: [ImageCacheKey] { state.withLock { $0.keysByRecency } }
}
