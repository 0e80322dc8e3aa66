import ImageCodecs

/// Renders representations once and keeps them: a bounded LRU of encoded images, a bounded
/// LRU of decoded sources, and coalescing so concurrent requests for one representation
/// (or one source) share a single render.
///
/// Rendering runs in detached tasks on the global concurrent executor, never inline on a
/// NIO event loop thread, at most `maxConcurrentRenders` at a time (so a burst of huge sizes
/// cannot allocate without bound).
actor RenderCache {
    private let photos: [Photo]
    private let quality: Int
    private var encoded: CostLimitedLRU<RepresentationKey, EncodedImage>
    private var encoding: [RepresentationKey: Task<EncodedImage, any Error>] = [:]
    private var sources: CostLimitedLRU<Int, Bitmap>
    private var decoding: [Int: Task<Bitmap, any Error>] = [:]
    private(set) var statistics = RenderStatistics()
    private let maxConcurrentRenders: Int
    private var runningRenders = 0
    private var waitingRenders: [CheckedContinuation<Void, Never>] = []

    init(photos: [Photo], quality: Int, encodedCacheBytes: Int, decodedCacheBytes: Int, maxConcurrentRenders: Int) {
        self.photos = photos
        self.maxConcurrentRenders = max(1, maxConcurrentRenders)
        self.quality = quality
        encoded = CostLimitedLRU(costLimit: encodedCacheBytes, countLimit: 4096)
        sources = CostLimitedLRU(costLimit: decodedCacheBytes, countLimit: 256)
    }

    /// The encoded representation of `item` at `options`, from the cache or rendered now.
    func image(for item: FeedItem, options: ImageOptions) async throws -> EncodedImage {
        let key = RepresentationKey(id: item.id, options: options)
        if let hit = encoded.value(for: key) {
            statistics.cacheHits += 1
            return hit
        }
        if let running = encoding[key] {
            statistics.coalesced += 1
            return try await running.value
        }
        let quality = quality
        let task = Task.detached { [self] in
            let source = try await self.source(item.photoIndex)
            await self.acquireRenderSlot()
            let rendered = Result {
                EncodedImage(jpeg: try ImageRenderer.render(source: source, item: item, options: options, quality: quality))
            }
            await self.releaseRenderSlot()
            return try rendered.get()
        }
        encoding[key] = task
        do {
            let image = try await task.value
            encoding[key] = nil
            encoded.insert(image, for: key, cost: image.count)
            statistics.encodes += 1
            return image
        } catch {
            encoding[key] = nil
            statistics.failures += 1
            throw error
        }
    }

    private func acquireRenderSlot() async {
        if runningRenders < maxConcurrentRenders {
            runningRenders += 1
            return
        }
        await withCheckedContinuation { waitingRenders.append($0) }
    }

    /// Hands the slot to the next waiting render, or frees it.
    private func releaseRenderSlot() {
        if waitingRenders.isEmpty {
            runningRenders -= 1
        } else {
            waitingRenders.removeFirst().resume()
        }
    }

    private func source(_ index: Int) async throws -> Bitmap {
        if let hit = sources.value(for: index) { return hit }
        if let running = decoding[index] { return try await running.value }
        let photo = photos[index]
        let task = Task.detached { try ImageRenderer.decodeSource(photo) }
        decoding[index] = task
        do {
            let bitmap = try await task.value
            decoding[index] = nil
            sources.insert(bitmap, for: index, cost: bitmap.byteCount)
            statistics.decodes += 1
            return bitmap
        } catch {
            decoding[index] = nil
            throw error
        }
    }
}

/// Counters of the server's render cache.
public struct RenderStatistics: Sendable, Hashable {
    /// Source photos decoded.
    public var decodes = 0
    /// Representations encoded.
    public var encodes = 0
    /// Requests answered from the encoded cache.
    public var cacheHits = 0
    /// Requests that joined a render already running.
    public var coalesced = 0
    /// Renders that failed.
    public var failures = 0

    public init() {}
}
