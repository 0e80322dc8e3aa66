import FeedSources
import FoundationEssentials
import FoundationExtras
import ImageLoading
import LoadSemantics
import PicsumServer
import FeedViewer

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
    /// for it (the viewer draws meanwhile); otherwise it has started when this returns. Either
    /// way it is the one ``EarlyServerStart`` began beside the parse when the flags match.
    /// `headers`: the `--header`s for the feed's origin (see `RequestHeaderOptions`).
    static func make(
        _ options: ViewerOptions, headers: RequestHeaders = .none, startingServerBeside: Bool = false
    ) async throws -> FeedSetup {
        let serverFlags = options.embeddedServerFlags
        var diskCache: DiskCache?
        if let directory = serverFlags.cacheDirectory {
            let sizeLimit = try options.cacheSizeOptions.diskBytes()
            do {
                diskCache = try DiskCache(directory: directory, sizeLimit: sizeLimit)
            } catch {
                // A sentence that names the folder, says why, and what to give instead.
                throw SetupError(error.description)
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
        var configuration = ImagePipeline.Configuration(
            dataLoader: DataLoader(http: HTTPDataLoader(configuration: http)),
            memoryCache: ImageCache(costLimit: try options.cacheSizeOptions.memoryBytes()), diskCache: diskCache,
            thumbnailCache: thumbnails, limits: limits, maxConcurrentDownloads: options.maxConcurrent)
        // A damaged photo or a download cut for good shows what there is, marked on its row.
        configuration.allowsPartialImages = true
        let pipeline = ImagePipeline(configuration: configuration)
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
                throw SetupError("--feed \(feed): \(ErrorText.describe(error))")
            }
        }
        let knobs = options.shapingKnobs()
        // The log file first: one that cannot be written is refused before anything starts.
        let serverLog: ServerLogFile?
        do {
            serverLog = try options.serverLog.map { path throws(OutputFileError) in ServerLogFile(file: try OutputFile(path: PathText.expandingHome(path))) }
        } catch {
            await pipeline.shutdown()
            throw SetupError("--server-log \(ErrorText.describe(error))")
        }
        // The server begun beside the parse when it is the one these flags make; else one now.
        let start = EarlyServerStart.shared.take(serverFlags) ?? EmbeddedServerStart { serverFlags.claimedConfiguration(knobs: knobs) }
        if startingServerBeside {
            start.attach(
                feed: { PicsumFeed.embedded(baseURL: $0.baseURL, photoSet: $0.photoSet, dataLoader: loader) },
                started: { [serverLog] in serverLog?.start($0.requests) })
            return FeedSetup(
                pipeline: pipeline, source: EmbeddedFeedSource(start: start), feedName: "embedded", server: nil,
                serverStart: start, network: EmbeddedShapingControl(start: start, initial: knobs), serverLog: serverLog)
        }
        let server: PicsumServer
        do {
            server = try await start.server()
        } catch {
            await pipeline.shutdown()
            throw SetupError("cannot start the embedded server: \(ErrorText.describe(error))")
        }
        serverLog?.start(server.requests)
        let source = PicsumFeed.embedded(baseURL: server.baseURL, photoSet: server.photoSet, dataLoader: loader)
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
