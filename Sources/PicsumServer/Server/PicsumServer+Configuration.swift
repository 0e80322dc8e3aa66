public import FoundationEssentials
public import Logging

extension PicsumServer {
    /// Everything `PicsumServer.start` needs: where to listen, what to serve, how to shape it.
    ///
    /// ```swift
    /// var configuration = PicsumServer.Configuration(photosDirectory: URL(fileURLWithPath: "Assets/photos"))
    /// configuration.port = 0                       // any free port; read `server.baseURL`
    /// configuration.shaping.latency = .milliseconds(80)
    /// ```
    public struct Configuration: Sendable {
        /// The address to bind, e.g. `127.0.0.1`.
        public var host: String
        /// The port; 0 picks a free one.
        public var port: Int
        /// The photo library directory.
        public var photosDirectory: URL
        /// How many ids the feed has.
        public var count: Int
        /// The shaping knobs at start (change them live through `server.shaping`).
        public var shaping: NetworkShaping
        /// JPEG quality of rendered images (1–100).
        public var jpegQuality: Int
        /// Images of at least this many pixels are encoded as progressive JPEGs, smaller ones as
        /// baseline. The default (96×96) makes the detail view's large image and the pixel
        /// backends' thumbnails progressive, so a client can draw them scan by scan while they
        /// download, and leaves block-art list thumbnails (up to about 120×60 sub-pixels, a few
        /// KB) baseline, where a preview would cost more than it shows. 0: every image.
        public var progressiveMinimumPixels: Int = Configuration.defaultProgressiveMinimumPixels
        /// 96×96.
        public static let defaultProgressiveMinimumPixels = 96 * 96
        /// Byte budget of the encoded-image cache (the renditions served again without a render).
        public var encodedCacheBytes: Int
        /// Byte budget of the decoded-source cache (the photos decoded, each at the scale renders need).
        public var decodedCacheBytes: Int
        /// The default of ``encodedCacheBytes``: 64 MiB.
        public static let defaultEncodedCacheBytes = 64 << 20
        /// The default of ``decodedCacheBytes``: 256 MiB.
        public static let defaultDecodedCacheBytes = 256 << 20
        /// Small renders (up to 1 MP out) that run at once; large ones run one at a time beside
        /// them. Each holds its source and its output while it runs: with the two caches' budgets,
        /// what bounds the server's memory. Default: the processor count.
        public var maxConcurrentRenders: Int = ProcessInfo.processInfo.activeProcessorCount
        /// Where start-up messages go (skipped files). Requests go to `server.requests`.
        public var logger: Logger
        /// The clock shaping sleeps on (latency, bandwidth chunks).
        public var clock: any Clock<Duration>
        /// Idle and request-head timeout, request body size, concurrent connections, longest stall.
        public var limits: ConnectionLimits = ConnectionLimits()
        /// `Cache-Control: max-age` of image responses, in seconds (default a day). `/id/…` images
        /// also say `immutable`: they never change while the server runs. 0 makes every cached
        /// copy stale at once, so clients revalidate each use (and get 304s).
        public var cacheMaxAge: Int = 86_400
        /// Images say `Cache-Control: no-store` instead (validators stay): for trying clients
        /// that must not keep them.
        public var cacheNoStore = false
        /// Who may change shaping over HTTP (`/control/shaping`); nil (the default): nobody, the
        /// route answers 404. Change shaping in-process through `server.shaping` instead.
        public var control: ControlAccess?
        /// A file remembering, across runs, the photos that passed the start-up decode check
        /// (``PhotoLibrary/init(directory:logger:checkRecord:)``); nil: this process only.
        public var decodeCheckRecord: URL?
        /// When the photos are decoded to check them: all before the server listens (the
        /// default), or each when first rendered (``PhotoLibrary/DecodeCheck/onFirstRender``: the
        /// server listens at once, the record is not used).
        public var decodeCheck: PhotoLibrary.DecodeCheck = .atStart
        /// How many of the feed's first ids have their sources made ready in the background as
        /// soon as the server listens (a large JPEG decoded at 1/8, a thumbnail's source, one
        /// photo at a time, in id order), so a client's first screen of thumbnails renders
        /// without waiting for decodes; 0 (the default): none.
        public var warmedIDs: Int = 0
        /// A folder of animated GIFs and WebPs placed among the feed's ids (1, 3, … of every 24),
        /// served at the size asked for (their files at their own size or larger; smaller, a
        /// lossy animated WebP scaled to cover it); nil (the default): stills only.
        public var animationsDirectory: URL?
        /// A folder keeping the photos' scaled sources (a large JPEG at 1/2, 1/4, 1/8) across runs,
        /// so the next run renders thumbnails without decoding the photos again; nil: none kept.
        public var sourceCacheDirectory: URL?

        public init(
            host: String = "127.0.0.1",
            port: Int = 0,
            photosDirectory: URL = URL(fileURLWithPath: "Assets/photos"),
            count: Int = 1000,
            shaping: NetworkShaping = NetworkShaping(),
            jpegQuality: Int = 85,
            encodedCacheBytes: Int = Configuration.defaultEncodedCacheBytes,
            decodedCacheBytes: Int = Configuration.defaultDecodedCacheBytes,
            logger: Logger = Logger(label: "PicsumServer", factory: { StreamLogHandler.standardError(label: $0) }),
            clock: any Clock<Duration> = ContinuousClock()
        ) {
            self.host = host
            self.port = port
            self.photosDirectory = photosDirectory
            self.count = count
            self.shaping = shaping
            self.jpegQuality = jpegQuality
            self.encodedCacheBytes = encodedCacheBytes
            self.decodedCacheBytes = decodedCacheBytes
            self.logger = logger
            self.clock = clock
        }

        /// Throws a `PicsumServerError` naming the first value out of range.
        public func validate() throws {
            guard (0...65535).contains(port) else {
                throw PicsumServerError.invalidConfiguration("port must be 0…65535 (got \(port))")
            }
            guard count >= 1 else {
                throw PicsumServerError.invalidConfiguration("count must be at least 1 (got \(count))")
            }
            guard (1...100).contains(jpegQuality) else {
                throw PicsumServerError.invalidConfiguration("JPEG quality must be 1…100 (got \(jpegQuality))")
            }
            guard cacheMaxAge >= 0 else {
                throw PicsumServerError.invalidConfiguration("cache max-age must not be negative (got \(cacheMaxAge))")
            }
            guard encodedCacheBytes >= 0, decodedCacheBytes >= 0 else {
                throw PicsumServerError.invalidConfiguration(
                    "cache budgets must not be negative (got \(encodedCacheBytes) and \(decodedCacheBytes))")
            }
            guard (1...256).contains(maxConcurrentRenders) else {
                throw PicsumServerError.invalidConfiguration("renders at once must be 1…256 (got \(maxConcurrentRenders))")
            }
            guard !host.isEmpty else { throw PicsumServerError.invalidConfiguration("host must not be empty") }
            try shaping.validate()
            try limits.validate()
            if let control, control.token.count < 16 || control.token.contains(where: { $0.isWhitespace }) {
                throw PicsumServerError.invalidConfiguration("the control token must be 16 or more characters, no spaces")
            }
        }
    }
}
