import ImageCodecs
import Vocabulary

/// Renders representations once and keeps them: a bounded LRU of encoded images, a bounded
/// LRU of decoded sources, and coalescing so concurrent requests for one representation
/// (or one source) share a single render.
///
/// Rendering runs on Dispatch worker threads (`RenderWork`), never inline on a NIO event loop
/// thread nor on Swift's cooperative pool, admitted by `RenderAdmission` (source decode included): small
/// renders on one slot per core, large ones (over a megapixel) one at a time on their own
/// lane, the rest queued by the request's urgency (its `Priority` header), then first come,
/// first served. A burst of huge sizes holds the memory of one and never starves a thumbnail;
/// a screen's visible thumbnails go before its prefetch, and a prefetch's render (like the
/// server's warming) runs at background CPU priority, taking only what the visible rows' work
/// leaves.
actor RenderCache {
    private let photos: [Photo]
    private let quality: Int
    /// Renders of at least this many pixels are progressive JPEGs.
    private let progressiveMinimumPixels: Int
    private var encoded: CostLimitedLRU<RepresentationKey, EncodedImage>
    private var encoding: [RepresentationKey: Task<EncodedImage, any Error>] = [:]
    /// Decoded sources by photo index and DCT scale (1, 2, 4, 8).
    private var sources: CostLimitedLRU<SourceKey, Bitmap>
    private var decoding: [SourceKey: Task<Bitmap, any Error>] = [:]

    struct SourceKey: Hashable, Sendable {
        var index: Int
        var scale: Int
    }
    private(set) var statistics = RenderStatistics()
    private var admission: RenderAdmission
    private var waitingRenders: [Int: CheckedContinuation<Void, Never>] = [:]
    private var runningPixels = 0
    /// Source decodes under way (each holds a render slot).
    private var runningDecodes = 0

    /// Scaled sources kept on disk across runs (nil: decoded in every run).
    private let sourceStore: SourceStore?

    init(
        photos: [Photo], quality: Int, progressiveMinimumPixels: Int = Int.max, encodedCacheBytes: Int, decodedCacheBytes: Int, maxConcurrentRenders: Int,
        largeRenderPixels: Int = 1 << 20, sourceStore: SourceStore? = nil
    ) {
        self.photos = photos
        self.sourceStore = sourceStore
        admission = RenderAdmission(smallSlots: maxConcurrentRenders, largeSlots: 1, largePixels: largeRenderPixels)
        self.quality = quality
        self.progressiveMinimumPixels = progressiveMinimumPixels
        encoded = CostLimitedLRU(costLimit: encodedCacheBytes, countLimit: 4096)
        sources = CostLimitedLRU(costLimit: decodedCacheBytes, countLimit: 256)
    }

    /// The media type an animated photo is served as (nil for a still, which is rendered).
    static func animationMediaType(of header: ImageHeader) -> String? {
        guard header.isAnimated else { return nil }
        switch header.format {
        case .gif: return "image/gif"
        case .webp: return "image/webp"
        default: return nil
        }
    }

    /// The encoded representation of `item` at `options`, from the cache or rendered now
    /// (an animated GIF or WebP: its file, whatever the size and options asked for).
    /// `urgency`: the request's (RFC 9218), which orders the renders waiting for a slot.
    func image(for item: FeedItem, options: ImageOptions, urgency: RequestUrgency = .default) async throws -> EncodedImage {
        let key = RepresentationKey(id: item.id, options: options)
        if let hit = encoded.value(for: key) {
            statistics.cacheHits += 1
            return hit
        }
        if let running = encoding[key] {
            statistics.coalesced += 1
            return try await running.value
        }
        let photo = photos[item.photoIndex]
        let quality = quality
        let pixels = options.width * options.height
        let lane = admission.lane(forPixels: pixels)
        let task: Task<EncodedImage, any Error>
        if let mediaType = Self.animationMediaType(of: photo.header) {
            // An animation at the size asked for (its file when that is its own size or larger):
            // the client decodes its frames as it plays them.
            let store = sourceStore
            task = Task.detached { [self] in
                try await self.inRenderSlot(pixels: pixels, lane: lane, urgency: urgency) {
                    try await RenderWork.run(urgency) {
                        try AnimationRenderer.render(
                            photo, mediaType: mediaType, asked: PixelSize(width: options.width, height: options.height),
                            quality: quality, store: store)
                    }
                }
            }
        } else {
            let progressive = pixels >= progressiveMinimumPixels
            let scale = ImageRenderer.sourceScale(for: item, options: options, format: photo.header.format)
            task = Task.detached { [self] in
                // The slot is taken before the source is decoded: decodes run a core each, in
                // the order the requests came, so a burst (a screen's rows, then its prefetch)
                // finishes its first requests first instead of sharing the cores among all.
                try await self.inRenderSlot(pixels: pixels, lane: lane, urgency: urgency) {
                    let (source, scale) = try await self.source(SourceKey(index: item.photoIndex, scale: scale), urgency: urgency)
                    return try await RenderWork.run(urgency) {
                        EncodedImage(
                            encoded: try ImageRenderer.render(
                                source: source, scale: scale, item: item, options: options, quality: quality,
                                progressive: progressive))
                    }
                }
            }
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

    /// Makes the thumbnail sources of `items` ready, one photo at a time in their order, each
    /// in a render slot of its own (requests use the others, and join a decode under way for
    /// the same source): every large JPEG still's 1/8 source (where decodes cost; smaller
    /// photos and animations are quick to render when asked for). Stops when cancelled.
    func warm(_ items: [FeedItem]) async {
        var done: Set<Int> = []
        for item in items where !Task.isCancelled && done.insert(item.photoIndex).inserted {
            let header = photos[item.photoIndex].header
            guard header.format == .jpeg, header.size.pixelCount > Self.warmedMinimumPixels else { continue }
            _ = try? await inRenderSlot(pixels: 0, lane: .small, urgency: .background) {
                try await self.source(SourceKey(index: item.photoIndex, scale: 8), urgency: .background)
            }
        }
    }

    /// Photos of at most this many pixels (a megapixel) are not warmed.
    static let warmedMinimumPixels = 1 << 20

    /// `render`'s result, run in a render slot of `pixels` on `lane`: taken first (waiting its
    /// turn), given back whatever `render` does.
    private func inRenderSlot<T: Sendable>(
        pixels: Int, lane: RenderAdmission.Lane, urgency: RequestUrgency, _ render: @Sendable () async throws -> T
    ) async throws -> T {
        await acquireRenderSlot(pixels: pixels, lane: lane, urgency: urgency)
        defer { releaseRenderSlot(pixels: pixels, lane: lane, urgency: urgency) }
        return try await render()
    }

    private func acquireRenderSlot(pixels: Int, lane: RenderAdmission.Lane, urgency: RequestUrgency) async {
        if case .wait(let ticket) = admission.request(lane, urgency: urgency) {
            await withCheckedContinuation { waitingRenders[ticket] = $0 }
        }
        runningPixels += pixels
        statistics.peakRenderPixels = max(statistics.peakRenderPixels, runningPixels)
    }

    /// Frees the slot and starts the renders that may now run.
    private func releaseRenderSlot(pixels: Int, lane: RenderAdmission.Lane, urgency: RequestUrgency) {
        runningPixels -= pixels
        for next in admission.release(lane, urgency: urgency) {
            waitingRenders.removeValue(forKey: next)?.resume()
        }
    }

    /// The source for `key`, or a finer one already decoded (a full-size source serves a
    /// thumbnail too); returns the scale of the one returned.
    private func source(_ key: SourceKey, urgency: RequestUrgency) async throws -> (Bitmap, Int) {
        var finer = key.scale
        while finer >= 1 {
            if let hit = sources.value(for: SourceKey(index: key.index, scale: finer)) { return (hit, finer) }
            finer /= 2
        }
        return (try await decodedSource(key, urgency: urgency), key.scale)
    }

    /// `urgency`: the first asker's; a later asker joins the decode at that priority (a visible
    /// row joining a warming decode waits on a background thread, which the warming's head start
    /// during the page's latency makes rare).
    private func decodedSource(_ key: SourceKey, urgency: RequestUrgency) async throws -> Bitmap {
        if let running = decoding[key] { return try await running.value }
        let photo = photos[key.index]
        let store = sourceStore
        let task = Task.detached {
            try await RenderWork.run(urgency) {
                try store?.source(of: photo, scale: key.scale) ?? ImageRenderer.decodeSource(photo, scale: key.scale)
            }
        }
        decoding[key] = task
        runningDecodes += 1
        statistics.peakDecodes = max(statistics.peakDecodes, runningDecodes)
        defer { runningDecodes -= 1 }
        do {
            let bitmap = try await task.value
            decoding[key] = nil
            sources.insert(bitmap, for: key, cost: bitmap.byteCount)
            statistics.decodes += 1
            return bitmap
        } catch {
            decoding[key] = nil
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
    /// The most output pixels being rendered at one moment (what bounds the renders' memory).
    public var peakRenderPixels = 0
    /// The most source photos being decoded at one moment (at most the render slots: one a core
    /// plus the large lane).
    public var peakDecodes = 0

    public init() {}
}
