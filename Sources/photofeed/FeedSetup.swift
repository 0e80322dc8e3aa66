import FeedSources
import FoundationEssentials
import FoundationExtras
import ImageLoading
import LoadSemantics
import Logging
import PicsumServer
import TerminalUI

/// What the viewer and `snapshot` run on: the pipeline, the feed source and, by default, the
/// embedded server, all built from the command-line flags.
struct FeedSetup {
    let pipeline: ImagePipeline
    let source: any FeedSource
    let feedName: String
    let server: PicsumServer?
    /// The embedded server starting beside the screen (`make(_:startingServerBeside: true)`).
    let serverStart: EmbeddedServerStart?
    let network: (any NetworkControlling)?
    /// `--server-log`, when asked for (the embedded server only).
    let serverLog: ServerLogFile?
    /// A folder feed's changes, followed in the background (nil: no folder, or `--no-watch`).
    var folderChanges: FolderChanges? = nil

    /// Starts what the flags ask for; throws a one-line `ValidationError`-style message.
    /// `startingServerBeside`: the embedded server starts in the background and the feed waits
    /// for it (the viewer draws meanwhile); otherwise it has started when this returns.
    /// `headers`: the `--header`s for the feed's origin (see `RequestHeaderOptions`).
    static func make(
        _ options: ViewerOptions, headers: RequestHeaders = .none, startingServerBeside: Bool = false
    ) async throws -> FeedSetup {
        var diskCache: DiskCache?
        var cacheDirectory: URL?
        if !options.noDiskCache {
            let directory = options.cacheDir.map { URL(fileURLWithPath: $0) } ?? DiskCache.defaultDirectory()
            cacheDirectory = directory
            do {
                diskCache = try DiskCache(directory: directory, sizeLimit: try options.cacheSizeOptions.diskBytes())
            } catch {
                throw SetupError("cannot use cache directory \(directory.path): \(ErrorText.describe(error))")
            }
        }
        // Files (folder feeds, file URLs in a list) read and write the freedesktop.org thumbnail
        // cache; the embedded server's and other URLs never reach it.
        let thumbnails = options.noThumbnailCache
            ? nil : FreedesktopThumbnailCache(environment: ProcessInfo.processInfo.environment)
        let limits = ImagePipeline.Limits(idleTimeout: .milliseconds(Int(options.idleTimeout * 1000)))
        // The feed's list and its images both go through this loader: it adds the headers to
        // requests to the feed's origin, hop by hop.
        var http = limits.httpConfiguration
        http.headers = headers
        let pipeline = ImagePipeline(
            configuration: .init(
                dataLoader: DataLoader(http: HTTPDataLoader(configuration: http)),
                memoryCache: ImageCache(costLimit: try options.cacheSizeOptions.memoryBytes()), diskCache: diskCache,
                thumbnailCache: thumbnails, limits: limits, maxConcurrentDownloads: options.maxConcurrent))
        let loader = pipeline.configuration.dataLoader
        if let feed = options.feed {
            do {
                let folder = try options.folderOptions()
                let source = try FeedSourceFactory.source(for: feed, dataLoader: loader, folderOptions: folder)
                if let list = source as? URLListFeed { Self.reportSkippedLines(of: list) }
                var setup = FeedSetup(
                    pipeline: pipeline, source: source, feedName: await source.summary, server: nil, serverStart: nil,
                    network: nil, serverLog: nil)
                if let directory = source as? DirectoryFeed, !options.noWatch {
                    setup.folderChanges = FolderChanges(directory: directory.directory, options: folder)
                }
                return setup
            } catch {
                await pipeline.shutdown()
                throw SetupError("--feed \(feed): \(error)")
            }
        }
        var configuration = PicsumServer.Configuration(
            photosDirectory: DefaultPhotos.directory(), logger: Logger(label: "photofeed") { _ in SwiftLogNoOpLogHandler() })
        // The server listens once it has read the photos' headers, and decodes a photo when a row
        // first asks for it (a damaged one answers 500 naming it): the first screen waits for
        // its own photos only, never for all 25 to be checked (~0.3 s; with 2 cores and the first
        // screen's renders beside it, more).
        configuration.decodeCheck = .onFirstRender
        // And it decodes the first screen's large photos (at 1/8, a thumbnail's source) while the
        // page request and then the thumbnails' requests wait out the network's latency, so the
        // thumbnails are rendered without a decode when their requests come (a list screen's
        // rows and prefetch, most of a grid's first screen).
        configuration.warmedIDs = 12
        // The photos' scaled sources are kept beside the disk cache (a dot-folder: not entries):
        // the next run's first thumbnails need no large decode.
        configuration.sourceCacheDirectory = cacheDirectory?.appendingPathComponent(".server-sources")
        // Animations among the first ids, so the default feed plays some at once.
        configuration.animationsDirectory = DefaultPhotos.directory().appendingPathComponent("animated")
        let knobs = try options.shapingKnobs()
        configuration.shaping = NetworkShaping(
            latency: knobs.latency, bandwidth: knobs.bandwidth, failureRate: knobs.failureRate, stallRate: knobs.stallRate,
            truncateRate: knobs.truncateRate, seed: options.seed)
        // The log file first: one that cannot be written is refused before anything starts.
        let serverLog: ServerLogFile?
        do {
            serverLog = try options.serverLog.map { path throws(OutputFileError) in ServerLogFile(file: try OutputFile(path: path)) }
        } catch {
            await pipeline.shutdown()
            throw SetupError("--server-log \(error)")
        }
        if startingServerBeside {
            let start = EmbeddedServerStart(
                configuration, feed: { PicsumFeed.embedded(baseURL: $0.baseURL, dataLoader: loader) },
                started: { [serverLog] in serverLog?.start($0.requests) })
            return FeedSetup(
                pipeline: pipeline, source: EmbeddedFeedSource(start: start), feedName: "embedded", server: nil,
                serverStart: start, network: EmbeddedShapingControl(start: start, initial: knobs), serverLog: serverLog)
        }
        let server: PicsumServer
        do {
            server = try await PicsumServer.start(configuration)
        } catch {
            await pipeline.shutdown()
            throw SetupError("cannot start the embedded server: \(error)")
        }
        serverLog?.start(server.requests)
        let source = PicsumFeed.embedded(baseURL: server.baseURL, dataLoader: loader)
        return FeedSetup(
            pipeline: pipeline, source: source, feedName: await source.summary, server: server, serverStart: nil,
            network: ServerShapingControl(server: server), serverLog: serverLog)
    }

    /// One line on stderr per line of a URL list that is not an image location (at most 20),
    /// before the screen is taken: visible under `snapshot`, and after the viewer quits.
    private static func reportSkippedLines(of list: URLListFeed, limit: Int = 20) {
        let skipped = list.skippedLines
        var lines = skipped.prefix(limit).map { "photofeed: \(list.file.lastPathComponent) \($0), skipped" }
        if skipped.count > limit { lines.append("photofeed: … and \(skipped.count - limit) more lines skipped") }
        guard !lines.isEmpty else { return }
        StandardStream.error.write(lines.map { $0 + "\n" }.joined())
    }

    /// Stops the server and the pipeline; the server log is written to its last request.
    func shutDown() async {
        folderChanges?.stop()
        await pipeline.shutdown()
        await server?.stop()
        await serverStart?.stop()
        await serverLog?.finish()
    }

    /// What failed among the files the run wrote (the trace, the server log), one line each,
    /// after ``shutDown()``: empty when every file is whole.
    func outputFailures(recorder: LoadRecorder?) -> [String] {
        [recorder?.traceError?.description, serverLog?.failure].compactMap { $0 }
    }
}

/// A one-line reason the feed could not be set up.
struct SetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The network panel's view of the embedded server's shaping.
struct ServerShapingControl: NetworkControlling {
    let server: PicsumServer

    var knobs: ShapingKnobs {
        let settings = server.shaping.settings
        return ShapingKnobs(
            latency: settings.latency, bandwidth: settings.bandwidth, failureRate: settings.failureRate,
            stallRate: settings.stallRate, truncateRate: settings.truncateRate)
    }

    func update(_ knobs: ShapingKnobs) -> ShapingKnobs {
        _ = try? server.shaping.update { shaping in
            shaping.latency = knobs.latency
            shaping.bandwidth = knobs.bandwidth
            shaping.failureRate = knobs.failureRate
            shaping.stallRate = knobs.stallRate
            shaping.truncateRate = knobs.truncateRate
        }
        return self.knobs
    }
}
