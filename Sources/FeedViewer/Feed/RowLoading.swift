public import FoundationEssentials
public import ImageCodecs
public import ImageLoading

/// The loader a row owns: the seam between the feed loop and the pipeline.
///
/// `ImageLoader` is the live conformance; tests pass a fake that records calls.
public protocol RowLoading: AnyObject, Sendable {
    /// The current phase, then every change.
    var phases: AsyncStream<ImagePhase> { get }
    /// The phase now: right after `load`, a success or failure here means it settled at once
    /// (a memory-cache hit), so the row can show it without a placeholder frame in between.
    var phase: ImagePhase { get }
    /// The priority of the current and later loads.
    var priority: ImageRequest.Priority { get set }
    /// Low-data mode (load the request's `lowDataURL`).
    var lowData: Bool { get set }
    /// Starts loading `request`, cancelling an earlier load.
    func load(_ request: ImageRequest?)
    /// Stops the current load.
    func cancel()
}

extension ImageLoader: RowLoading {}

/// What the feed loop needs from the image pipeline beyond the row loaders.
public protocol FeedPipelineProviding: Sendable {
    /// A new loader for one row (or the detail view).
    func makeLoader() -> any RowLoading
    /// Every pipeline event, for counts, resume offsets and the event log.
    var events: AsyncStream<ImagePipeline.Event> { get }
    /// Running totals.
    var counters: ImagePipeline.Counters { get }
    /// Downloads running and waiting for a slot.
    var queueCounts: (running: Int, waiting: Int) { get }
    /// Empties the memory cache.
    func clearMemoryCache()
    /// Empties the memory and the disk cache.
    func clearAllCaches() async
    /// How much the caches hold now.
    func cacheSizes() async -> CacheSizes
    /// What a photo's file says about itself (header and EXIF), from the bytes `request` loads
    /// (the disk cache's, the file's, else the network's).
    func metadata(for request: ImageRequest) async throws -> PhotoMetadata
    /// Removes the stored thumbnails of `file` (it went to the Trash).
    func forgetThumbnails(of file: URL)
    /// Removes the memory cache's images of `url` (the file changed on disk).
    func forgetImages(of url: URL)
    /// A request's original bytes: the disk cache's when it holds the same resource, else a
    /// download (resumed from kept bytes when one was cut), `progress` told as bytes arrive.
    func data(for request: ImageRequest, progress: @escaping @Sendable (LoadProgress) -> Void) async throws -> [UInt8]
}

extension FeedPipelineProviding {
    /// No bytes unless the pipeline loads them.
    public func data(for request: ImageRequest, progress: @escaping @Sendable (LoadProgress) -> Void) async throws -> [UInt8] {
        throw ImageLoadError.decodingFailed("this pipeline loads no originals")
    }

    /// Nothing to forget unless the pipeline keeps thumbnails.
    public func forgetThumbnails(of file: URL) {}

    /// Nothing to forget unless the pipeline keeps images.
    public func forgetImages(of url: URL) {}

    /// No metadata unless the pipeline reads it.
    public func metadata(for request: ImageRequest) async throws -> PhotoMetadata {
        throw ImageLoadError.decodingFailed("this pipeline reads no metadata")
    }
}

/// The live pipeline seam.
public struct LiveFeedPipeline: FeedPipelineProviding {
    /// The pipeline every row loads through.
    public let pipeline: ImagePipeline

    /// Wraps a pipeline.
    public init(pipeline: ImagePipeline) {
        self.pipeline = pipeline
    }

    public func makeLoader() -> any RowLoading { ImageLoader(pipeline: pipeline) }
    public func data(for request: ImageRequest, progress: @escaping @Sendable (LoadProgress) -> Void) async throws -> [UInt8] {
        try await pipeline.data(for: request, progress: progress)
    }

    public func forgetImages(of url: URL) {
        pipeline.configuration.memoryCache?.removeImages(of: url.absoluteString)
    }

    public func forgetThumbnails(of file: URL) {
        (pipeline.configuration.thumbnailCache as? FreedesktopThumbnailCache)?.removeThumbnails(of: file)
    }

    public func metadata(for request: ImageRequest) async throws -> PhotoMetadata {
        try await pipeline.metadata(for: request)
    }
    public var events: AsyncStream<ImagePipeline.Event> { pipeline.events }
    public var counters: ImagePipeline.Counters { pipeline.counters }
    public var queueCounts: (running: Int, waiting: Int) { pipeline.networkQueueCounts }
    public func clearMemoryCache() { pipeline.configuration.memoryCache?.removeAll() }
    public func clearAllCaches() async { await pipeline.removeAllCachedData() }
    public func cacheSizes() async -> CacheSizes {
        let memory = pipeline.configuration.memoryCache as? ImageCache
        let disk = pipeline.configuration.diskCache as? DiskCache
        return CacheSizes(
            memoryImages: memory?.count ?? 0, memoryBytes: memory?.totalCost ?? 0, diskBytes: await disk?.totalSize(),
            memoryLimit: memory?.costLimit, diskLimit: disk?.sizeLimit)
    }
}
