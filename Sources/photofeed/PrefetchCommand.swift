import ArgumentParser
import BlockArt
import FeedSources
import FoundationEssentials
import FoundationExtras
import ImageLoading
import PicsumServer
import PhotoShow
import FeedViewer
import TerminalText
import Vocabulary

/// `photofeed prefetch`: warms the disk cache with the first N images of a picsum-style feed,
/// under the same cache keys the viewer reads.
///
/// The feed is read with `PicsumFeed` (the embedded server's with ``PicsumFeed/embedded(baseURL:photoSet:dataLoader:pageSize:)``,
/// so keys do not depend on its port) and each image is requested with `FeedPhoto.imageRequest`
/// at the pixel size the viewer asks for with the same `--thumb` and `--symbols`
/// (``ViewerThumbnailSize``), or at `--size`.
struct PrefetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prefetch",
        abstract: "Load the first N images of a feed through the pipeline into the disk cache.",
        discussion: """
            Prints one line per image (id, status, source, bytes, ms) and a summary; run it \
            twice and the second run is served from disk. Images are loaded at the size the \
            viewer asks for with the same --thumb and --symbols, so a viewer started on the same \
            feed and cache (and with the same --thumb WxH: the viewer's default, auto, sizes the \
            box from its terminal) reads them from disk; --size loads one fixed size instead. Without \
            --feed, the embedded server is started in-process on the package's photos.

            Examples:
              photofeed prefetch --count 50
              photofeed prefetch --feed https://picsum.photos --count 100
              photofeed prefetch --count 50 --trace prefetch.json
            """
    )

    @Option(help: "A picsum-style feed (base URL, or its /v2/list URL). Default: the embedded server.")
    var feed: String?

    @Option(help: "How many images to load.")
    var count = 30

    @Option(help: "The viewer's thumbnail box in cells, WxH (as the viewer's --thumb WxH; its default, auto, depends on the terminal).")
    var thumb = "32x16"

    @Option(help: "The viewer's symbol set: half, quad, sextant, block or ascii (as the viewer's --symbols).", completion: .values(of: SymbolSet.self))
    var symbols = "sextant"

    @Option(help: ArgumentHelp("The viewer's cell proportions, W:H (as the viewer's --cell-aspect; default 1:2).", valueName: "W:H"), transform: ShowSettings.parseCellAspect)
    var cellAspect: CellAspect = .standard

    @Option(help: "Load every image at this pixel size, WxH (the URL's /id/{id}/{W}/{H}), instead of the viewer's.")
    var size: String?

    @Option(help: "The disk cache directory (default: $XDG_CACHE_HOME/photofeed or ~/.cache/photofeed).", completion: .directory)
    var cacheDir: String?

    @OptionGroup var configFile: ConfigFileOptions

    @Option(help: "Downloads at once.")
    var maxConcurrent = 6

    @Option(help: "Seconds a download may go without a byte before it fails (and is retried, resuming).")
    var idleTimeout = 10.0

    @Option(help: "Write the prefetch as a Chrome trace (JSON; open it in https://ui.perfetto.dev): a track per photo with its spans, cache hits, resumes and retries, and the semantics audit's findings.", completion: .file())
    var trace: String?

    @Flag(help: "Print the summary (with every image) as JSON instead of lines.")
    var json = false

    func validate() throws {
        guard (1...10_000).contains(count) else { throw ValidationError("--count must be 1…10000 (got \(count))") }
        _ = try sizing()
        guard (1...64).contains(maxConcurrent) else {
            throw ValidationError("--max-concurrent must be 1…64 (got \(maxConcurrent))")
        }
        guard (0.1...600).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout must be 0.1…600 seconds (got \(idleTimeout))")
        }
        if let feed, PicsumFeed.baseURL(fromArgument: feed) == nil {
            throw ValidationError("--feed \(feed): not an http(s) URL")
        }
    }

    /// The pixel size of each photo's request.
    func sizing() throws -> ViewerThumbnailSize {
        if let size {
            guard let pixels = Self.parseSize(size, within: 1...10_000, 1...10_000) else {
                throw ValidationError("--size must be WxH, e.g. 400x300 (got \(size))")
            }
            return .fixed(pixels)
        }
        guard let box = Self.parseSize(thumb, within: 4...200, 2...100) else {
            throw ValidationError("--thumb must be WxH with W 4…200 columns and H 2…100 rows, e.g. 32x16 (got \(thumb))")
        }
        let options = BlockArtOptions(symbols: try ShowSettings.parseSymbols(symbols), cellAspect: cellAspect.ratio)
        return .viewer(box: CellSize(columns: box.width, rows: box.height), options: options)
    }

    func run() async throws {
        let sizing = try sizing()
        let cacheDirectory = cacheDir.map { URL(fileURLWithPath: PathText.expandingHome($0)) } ?? DiskCache.defaultDirectory()
        let diskCache: DiskCache
        do {
            diskCache = try DiskCache(directory: cacheDirectory)
        } catch {
            Self.standardError("photofeed prefetch: \(error)")
            throw ExitCode.failure
        }
        let pipeline = ImagePipeline(
            configuration: .init(
                memoryCache: nil, diskCache: diskCache,
                limits: ImagePipeline.Limits(idleTimeout: .milliseconds(Int(idleTimeout * 1000))),
                maxConcurrentDownloads: maxConcurrent))
        let loader = pipeline.configuration.dataLoader
        let pageSize = min(100, count)
        var server: PicsumServer?
        let source: PicsumFeed
        if let feed, let base = PicsumFeed.baseURL(fromArgument: feed) {
            source = PicsumFeed(baseURL: base, dataLoader: loader, pageSize: pageSize)
        } else {
            do {
                var configuration = PicsumServer.Configuration(photosDirectory: DefaultPhotos.directory(), count: max(count, 1000))
                // The viewer's embedded feed: the same ids, animations included.
                configuration.animationsDirectory = DefaultPhotos.directory().appendingPathComponent("animated")
                let started = try await PicsumServer.start(configuration)
                server = started
                source = PicsumFeed.embedded(baseURL: started.baseURL, photoSet: started.photoSet, dataLoader: loader, pageSize: pageSize)
            } catch {
                await pipeline.shutdown()
                Self.standardError("photofeed prefetch: cannot start the embedded server: \(ErrorText.describe(error))")
                throw ExitCode.failure
            }
        }
        let outcome: Result<PrefetchSummary, any Error>
        var tracing: PrefetchTrace?
        do {
            tracing = try trace.map { try PrefetchTrace(path: PathText.expandingHome($0), pipeline: pipeline) }
            outcome = .success(
                try await prefetch(source, sizing: sizing, pipeline: pipeline, cache: cacheDirectory, trace: tracing))
        } catch {
            outcome = .failure(error)
        }
        if let violations = await tracing?.finish(), !violations.isEmpty {
            for violation in violations { Self.standardError("photofeed prefetch: audit: \(violation)") }
        }
        await pipeline.shutdown()
        await server?.stop()
        let lostTrace = tracing?.failure
        if let lostTrace { Self.standardError("photofeed prefetch: \(lostTrace)") }
        let summary: PrefetchSummary
        switch outcome {
        case .failure(let error):
            Self.standardError("photofeed prefetch: \(ErrorText.describe(error))")
            throw ExitCode.failure
        case .success(let value):
            summary = value
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            // JSONEncoder escapes every control character itself.
            try? StandardStream.output.write(bytes: try encoder.encode(summary) + Data("\n".utf8))
        } else {
            Self.standardOutput(summary.line)
        }
        if summary.failed > 0 || lostTrace != nil { throw ExitCode.failure }
    }

    // MARK: The work

    private func prefetch(
        _ source: PicsumFeed, sizing: ViewerThumbnailSize, pipeline: ImagePipeline, cache: URL, trace: PrefetchTrace?
    ) async throws -> PrefetchSummary {
        let clock = ContinuousClock()
        let start = clock.now
        let photos = try await Self.firstPhotos(of: source, count: count)
        // Each image is awaited on its own, so a failure's time is when it failed, not when
        // the loop reached it.
        let outcomes = photos.enumerated().map { index, photo in
            let request = photo.imageRequest(for: sizing.pixelSize(for: photo))
            trace?.willLoad(photo, request: request, id: index + 1)
            let task = pipeline.imageTask(for: request)
            return (photo.id, Task { () -> (Result<ImageResponse, any Error>, Duration) in
                let begun = clock.now
                let result: Result<ImageResponse, any Error>
                do {
                    result = .success(try await task.response)
                } catch {
                    result = .failure(error)
                }
                trace?.finished(photo.id, id: index + 1, result)
                return (result, clock.now - begun)
            })
        }
        var summary = PrefetchSummary(feed: source.baseURL.absoluteString, cacheDirectory: cache.path, count: outcomes.count)
        for (id, outcome) in outcomes {
            let item: PrefetchSummary.Item
            switch await outcome.value {
            case (.success(let response), _): item = .init(id: id, response: response)
            case (.failure(let error), let elapsed): item = .init(id: id, error: error, elapsed: elapsed)
            }
            summary.add(item)
            if !json { Self.standardOutput(item.line) }
        }
        summary.elapsedMs = Int((clock.now - start).milliseconds.rounded())
        return summary
    }

    /// The first `count` photos of the feed, page by page.
    static func firstPhotos(of source: any FeedSource, count: Int) async throws -> [FeedPhoto] {
        var photos: [FeedPhoto] = []
        while photos.count < count, await source.hasMore {
            let page = try await source.loadNextPage()
            guard !page.isEmpty else { break }
            photos += page.prefix(count - photos.count)
        }
        return photos
    }

    // MARK: Helpers

    /// `WxH` with the width and height in the given ranges.
    static func parseSize(_ text: String, within widths: ClosedRange<Int>, _ heights: ClosedRange<Int>) -> PixelSize? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            widths.contains(width), heights.contains(height)
        else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// One line on stdout; feed-derived text (ids, reasons) never reaches the terminal raw.
    static func standardOutput(_ line: String) {
        StandardStream.output.write(TextSanitizer.sanitize(line) + "\n")
    }

    private static func standardError(_ line: String) {
        StandardStream.error.write(TextSanitizer.sanitize(line) + "\n")
    }
}

extension Duration {
    fileprivate var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
