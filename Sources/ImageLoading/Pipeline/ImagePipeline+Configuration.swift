public import FoundationEssentials

extension ImagePipeline {
    /// Everything a pipeline depends on: loader, caches, limits, clock, retry policy, queue widths.
    ///
    /// ```swift
    /// var configuration = ImagePipeline.Configuration()
    /// configuration.diskCache = try DiskCache(directory: URL(fileURLWithPath: "/tmp/cache"))
    /// configuration.maxConcurrentDownloads = 4
    /// let pipeline = ImagePipeline(configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// Fetches bytes (HTTP and files by default).
        public var dataLoader: any DataLoading
        /// Processed images; nil disables memory caching.
        public var memoryCache: (any ImageCaching)?
        /// Original bytes; nil disables disk caching.
        public var diskCache: (any DataCaching)?
        /// Thumbnails of local files (the freedesktop.org cache), read before a file URL's
        /// original and written after decoding it; nil (the default) reads every original.
        public var thumbnailCache: (any ThumbnailCaching)?
        /// Size and time limits.
        public var limits: Limits
        /// When failed downloads are retried.
        public var retryPolicy: RetryPolicy
        /// The clock retry delays sleep on and previews are spaced by (a manual clock in tests).
        public var clock: any Clock<Duration>
        /// Downloads at once (the network queue's width).
        public var maxConcurrentDownloads: Int
        /// Decodes at once (default: the number of cores).
        public var decodeConcurrency: Int
        /// Bytes of interrupted downloads kept for resuming.
        public var resumableDataLimit: Int
        /// The wall-clock time disk-cache freshness is judged by (a fixed or stepped date in tests).
        public var currentDate: @Sendable () -> Date
        /// The shortest time between two previews of one download, and before its first one
        /// (progressive JPEGs draw their complete scans while they download, as
        /// `ImagePhase.preview`, unless the download is over sooner); nil: none.
        public var previewInterval: Duration? = .milliseconds(250)
        /// Damaged pictures drawn as far as they decode (issue 50): a file cut short or corrupt,
        /// and a download that ended early and could not be resumed (no range support, a
        /// changed representation, the retries spent), are a success whose
        /// ``ImageResponse/damage`` says what is missing; such a download is never written to
        /// the disk cache, nor its picture kept in the memory cache. Off (the default): they
        /// fail as before.
        public var allowsPartialImages = false

        /// A configuration; the default loader follows `limits`' timeouts and redirect limit.
        public init(
            dataLoader: (any DataLoading)? = nil,
            memoryCache: (any ImageCaching)? = ImageCache(),
            diskCache: (any DataCaching)? = nil,
            thumbnailCache: (any ThumbnailCaching)? = nil,
            limits: Limits = Limits(),
            retryPolicy: RetryPolicy = .default,
            clock: any Clock<Duration> = ContinuousClock(),
            maxConcurrentDownloads: Int = 6,
            decodeConcurrency: Int? = nil,
            resumableDataLimit: Int = 64 * 1024 * 1024,
            currentDate: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.dataLoader = dataLoader ?? DataLoader(http: HTTPDataLoader(configuration: limits.httpConfiguration))
            self.memoryCache = memoryCache
            self.diskCache = diskCache
            self.thumbnailCache = thumbnailCache
            self.limits = limits
            self.retryPolicy = retryPolicy
            self.clock = clock
            self.maxConcurrentDownloads = max(1, maxConcurrentDownloads)
            self.decodeConcurrency = max(1, decodeConcurrency ?? ProcessInfo.processInfo.activeProcessorCount)
            self.resumableDataLimit = max(0, resumableDataLimit)
            self.currentDate = currentDate
        }
    }

    /// Size and time limits. A load over a limit fails with a clear error, never a crash.
    public struct Limits: Sendable, Hashable {
        /// Bytes allowed in one response (checked on Content-Length and while streaming).
        public var maxResponseBytes: Int
        /// Pixels allowed in a decoded image (checked from the header before decoding).
        public var maxDecodedPixels: Int
        /// Time allowed to connect.
        public var connectTimeout: Duration
        /// Time allowed without receiving a byte. An image is small: a server that sends nothing
        /// for 10 s has stalled, and the retry (which resumes) does better than waiting longer.
        public var idleTimeout: Duration
        /// Redirects followed.
        public var maxRedirects: Int

        public init(
            maxResponseBytes: Int = 30 * 1024 * 1024,
            maxDecodedPixels: Int = 50_000_000,
            connectTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(10),
            maxRedirects: Int = 5
        ) {
            self.maxResponseBytes = max(0, maxResponseBytes)
            self.maxDecodedPixels = max(1, maxDecodedPixels)
            self.connectTimeout = connectTimeout
            self.idleTimeout = idleTimeout
            self.maxRedirects = max(0, maxRedirects)
        }

        /// The HTTP loader settings these limits imply.
        public var httpConfiguration: HTTPDataLoader.Configuration {
            HTTPDataLoader.Configuration(
                connectTimeout: connectTimeout, idleTimeout: idleTimeout, maxRedirects: maxRedirects)
        }
    }
}
