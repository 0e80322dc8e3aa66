public import FoundationEssentials
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A picsum.photos-compatible image server over a local photo library, with seeded network shaping.
///
/// Start it in-process; it returns once listening:
///
/// ```swift
/// var configuration = PicsumServer.Configuration(photosDirectory: URL(fileURLWithPath: "Assets/photos"))
/// configuration.shaping.bandwidth = 50_000
/// let server = try await PicsumServer.start(configuration)
/// let list = server.baseURL.appendingPathComponent("v2/list")     // http://127.0.0.1:PORT/v2/list
///
/// let log = server.requests                    // subscribe before the requests you want to see
/// server.shaping.settings.failureRate = 0.25   // live
/// for await entry in log { print(entry) }      // one entry per finished request
///
/// await server.stop()
/// ```
///
/// Routes: `/v2/list?page=&limit=`, `/id/{id}/{w}/{h}`, `/id/{id}/{size}`, `/id/{id}/info`,
/// `/seed/{seed}/{w}/{h}`, `/seed/{seed}/info`, `/{w}/{h}` and `/{size}` (302 to an id), an optional `.jpg`
/// suffix, `?grayscale`, `?blur[=1…10]`, and — only when `configuration.control` is set, with its
/// bearer token — `GET/PUT /control/shaping` (JSON).
public final class PicsumServer: Sendable {
    /// `http://host:port` of the listening socket (the real port when port 0 was asked).
    public let baseURL: URL
    /// The live shaping knobs.
    public let shaping: NetworkShapingControl
    /// The photos being served.
    public let library: PhotoLibrary
    /// The id → photo, crop, mirror mapping.
    public let feed: PhotoFeed
    /// Names the photos served and their mapping to ids (``photoSetName(of:count:)``): cache keys
    /// carry it, so a picture cached from one photo set is never shown for another's id.
    public let photoSet: String

    private let log: RequestLog
    private let renderCache: RenderCache
    private let lifecycle: Lifecycle

    /// A new stream of every request that finishes from now on; it ends when the server stops.
    ///
    /// Each access subscribes anew, so take it before making the requests you want to observe.
    public var requests: AsyncStream<RequestLogEntry> { log.subscribe() }

    /// How many decodes, encodes and cache hits the server has had.
    public var renderStatistics: RenderStatistics {
        get async { await renderCache.statistics }
    }

    private init(
        baseURL: URL, shaping: NetworkShapingControl, library: PhotoLibrary, feed: PhotoFeed, photoSet: String,
        log: RequestLog, renderCache: RenderCache, lifecycle: Lifecycle
    ) {
        self.baseURL = baseURL
        self.photoSet = photoSet
        self.shaping = shaping
        self.library = library
        self.feed = feed
        self.log = log
        self.renderCache = renderCache
        self.lifecycle = lifecycle
    }

    /// Probes the library, binds the socket and returns once the server accepts connections.
    ///
    /// Throws a `PicsumServerError`: a missing photos directory, a library with no decodable
    /// image, a value out of range, or a socket that cannot be bound.
    public static func start(_ configuration: Configuration = Configuration()) async throws -> PicsumServer {
        try configuration.validate()
        let library = try PhotoLibrary(
            directory: configuration.photosDirectory, logger: configuration.logger, checkRecord: configuration.decodeCheckRecord,
            decodeCheck: configuration.decodeCheck)
        let animations = PhotoLibrary.animations(
            in: configuration.animationsDirectory, logger: configuration.logger, decodeCheck: configuration.decodeCheck)
        let feed = PhotoFeed(
            photoSizes: library.photos.map(\.size), photoAuthors: library.photos.map(\.author), count: configuration.count,
            animationSizes: animations.map(\.size), animationAuthors: animations.map(\.author))
        let shaping = NetworkShapingControl(configuration.shaping)
        let log = RequestLog()
        let shutdown = ShutdownSignal()
        let inFlight = InFlightRequests()
        let renderCache = RenderCache(
            photos: library.photos + animations, quality: configuration.jpegQuality,
            progressiveMinimumPixels: configuration.progressiveMinimumPixels,
            encodedCacheBytes: configuration.encodedCacheBytes, decodedCacheBytes: configuration.decodedCacheBytes,
            maxConcurrentRenders: configuration.maxConcurrentRenders,
            sourceStore: configuration.sourceCacheDirectory.map(SourceStore.init(directory:)))
        let boundAddress = Mutex("http://\(configuration.host):\(configuration.port)")
        let responder = PicsumResponder(
            library: library, feed: feed, renderCache: renderCache, shaping: shaping, attempts: RequestCounter(),
            log: log, inFlight: inFlight, shutdown: shutdown, clock: configuration.clock,
            control: configuration.control, maxStall: configuration.limits.maxStall,
            cacheControl: ImageCacheControl(maxAge: configuration.cacheMaxAge, noStore: configuration.cacheNoStore),
            lastModified: Self.lastModified(library.photos + animations), fallbackBaseURL: { boundAddress.withLock { $0 } })

        let (events, continuation) = AsyncStream.makeStream(of: StartupEvent.self)
        var hummingbirdLogger = configuration.logger
        hummingbirdLogger.logLevel = .critical
        let limits = configuration.limits
        let idleTimeout = TimeAmount.nanoseconds(
            limits.idleTimeout.components.seconds * 1_000_000_000 + limits.idleTimeout.components.attoseconds / 1_000_000_000)
        let application = Application(
            responder: responder,
            server: .persistentHTTP1(
                configuration: .init(
                    additionalChannelHandlers: [
                        InputClosedHandler(), RequestBodyLimitHandler(limit: limits.maxRequestBodyBytes),
                    ],
                    idleTimeout: idleTimeout)),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections, logger: hummingbirdLogger)),
            onServerRunning: { channel in continuation.yield(.running(port: channel.localAddress?.port)) },
            logger: hummingbirdLogger)
        let runTask = Task {
            do {
                try await application.run()
                continuation.yield(.finished(nil))
            } catch let error as IOError where error.errnoCode == EADDRINUSE {
                continuation.yield(.addressInUse)
            } catch {
                continuation.yield(.finished(String(describing: error)))
            }
            continuation.finish()
        }
        for await event in events {
            switch event {
            case .running(let port):
                let address = Self.urlHost(configuration.host) + ":\(port ?? configuration.port)"
                boundAddress.withLock { $0 = "http://\(address)" }
                guard let baseURL = URL(string: "http://\(address)") else {
                    runTask.cancel()
                    throw PicsumServerError.startFailed("\(address) is not a valid URL authority")
                }
                let warmed = (0..<min(max(0, configuration.warmedIDs), feed.count)).compactMap(feed.item)
                let warming = warmed.isEmpty ? nil : Task.detached(priority: .utility) { await renderCache.warm(warmed) }
                let lifecycle = Lifecycle(
                    runTask: runTask, shutdown: shutdown, inFlight: inFlight, log: log, warming: warming)
                return PicsumServer(
                    baseURL: baseURL, shaping: shaping, library: library, feed: feed,
                    photoSet: Self.photoSetName(of: library.photos + animations, count: feed.count), log: log,
                    renderCache: renderCache, lifecycle: lifecycle)
            case .finished(let error):
                throw PicsumServerError.startFailed(
                    "cannot listen on \(configuration.host):\(configuration.port): \(error ?? "the server ended")")
            case .addressInUse:
                throw PicsumServerError.addressInUse(host: configuration.host, port: configuration.port)
            }
        }
        throw PicsumServerError.startFailed("the server ended before it was listening")
    }

    /// Returns once the sources of ``Configuration/warmedIDs`` are ready (at once when there
    /// are none, or the server stopped).
    public func warmedUp() async {
        await lifecycle.warmedUp()
    }

    /// Stops accepting, lets responses in flight finish (stalled and shaped ones are cut),
    /// closes every connection and ends `requests`. Safe to call more than once.
    public func stop() async {
        await lifecycle.stop()
    }

    /// Each photo's `Last-Modified`: its file's modification time (now, for a file that cannot be read).
    private static func lastModified(_ photos: [Photo]) -> [String] {
        let now = Date()
        return photos.map { HTTPDate.string(from: $0.fileModificationDate ?? now) }
    }

    private static func urlHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    private enum StartupEvent: Sendable {
        case running(port: Int?)
        case finished(String?)
        /// The port is taken (`EADDRINUSE`).
        case addressInUse
    }
}
