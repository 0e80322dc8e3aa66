import ArgumentParser
import Foundation
import ImageCodecs
import ImageLoading
import PicsumServer

/// `photofeed prefetch`: warms the disk cache with the first N images of a picsum-style feed.
struct PrefetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prefetch",
        abstract: "Load the first N images of a feed through the pipeline into the disk cache.",
        discussion: """
            Prints one line per image (id, status, source, bytes, ms) and a summary; run it \
            twice and the second run is served from disk. Without --feed, the embedded server \
            is started in-process on the package's photos.
            """
    )

    @Option(help: "A picsum-style feed (base URL, or its /v2/list URL). Default: the embedded server.")
    var feed: String?

    @Option(help: "How many images to load.")
    var count = 30

    @Option(help: "The image size to request, WxH (the URL's /id/{id}/{W}/{H}).")
    var size = "400x300"

    @Option(help: "The disk cache directory (default: $XDG_CACHE_HOME/photofeed or ~/.cache/photofeed).")
    var cacheDir: String?

    @Option(help: "Downloads at once.")
    var maxConcurrent = 6

    @Flag(help: "Print the summary (with every image) as JSON instead of lines.")
    var json = false

    func validate() throws {
        guard (1...10_000).contains(count) else { throw ValidationError("--count must be 1…10000 (got \(count))") }
        guard Self.parseSize(size) != nil else { throw ValidationError("--size must be WxH, e.g. 400x300 (got \(size))") }
        guard (1...64).contains(maxConcurrent) else {
            throw ValidationError("--max-concurrent must be 1…64 (got \(maxConcurrent))")
        }
        if let feed, Self.feedBase(feed) == nil {
            throw ValidationError("--feed \(feed): not an http(s) URL")
        }
    }

    func run() async throws {
        guard let imageSize = Self.parseSize(size) else { throw ExitCode.validationFailure }
        let cacheDirectory = cacheDir.map { URL(fileURLWithPath: $0) } ?? DiskCache.defaultDirectory()
        let diskCache: DiskCache
        do {
            diskCache = try DiskCache(directory: cacheDirectory)
        } catch {
            Self.standardError("photofeed prefetch: cannot use cache directory \(cacheDirectory.path): \(error.localizedDescription)")
            throw ExitCode.failure
        }
        var server: PicsumServer?
        let base: URL
        if let feed, let feedBase = Self.feedBase(feed) {
            base = feedBase
        } else {
            do {
                let started = try await PicsumServer.start(
                    PicsumServer.Configuration(photosDirectory: DefaultPhotos.directory(), count: max(count, 1000)))
                server = started
                base = started.baseURL
            } catch {
                Self.standardError("photofeed prefetch: cannot start the embedded server: \(error)")
                throw ExitCode.failure
            }
        }
        let pipeline = ImagePipeline(
            configuration: .init(memoryCache: nil, diskCache: diskCache, maxConcurrentDownloads: maxConcurrent))
        let outcome: Result<Summary, any Error>
        do {
            outcome = .success(try await prefetch(base: base, embedded: server != nil, size: imageSize, pipeline: pipeline, cache: cacheDirectory))
        } catch {
            outcome = .failure(error)
        }
        await pipeline.shutdown()
        await server?.stop()
        let summary: Summary
        switch outcome {
        case .failure(let error):
            Self.standardError("photofeed prefetch: \(error)")
            throw ExitCode.failure
        case .success(let value):
            summary = value
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Self.standardOutput(String(decoding: try encoder.encode(summary), as: UTF8.self))
        } else {
            Self.standardOutput(summary.line)
        }
        if summary.failed > 0 { throw ExitCode.failure }
    }

    // MARK: The work

    struct Item: Encodable {
        var id: String
        var status: String
        var source: String?
        var bytes: Int
        var ms: Int
        var error: String?

        var line: String {
            let idText = ("#" + id).padding(toLength: 7, withPad: " ", startingAt: 0)
            if let error { return "\(idText) failed  \(error)" }
            let sourceText = (source ?? "").padding(toLength: 26, withPad: " ", startingAt: 0)
            return "\(idText) ok      \(sourceText) \(String(bytes).leftPadded(9)) B \(String(ms).leftPadded(6)) ms"
        }
    }

    struct Summary: Encodable {
        var feed: String
        var cacheDirectory: String
        var count: Int
        var ok: Int
        var failed: Int
        var sources: [String: Int]
        var bytes: Int
        var bytesTransferred: Int
        var elapsedMs: Int
        var images: [Item]

        var line: String {
            let order = ["network", "resumed", "disk", "memory"]
            let sourceText = order.filter { sources[$0] != nil }.map { "\($0) \(sources[$0] ?? 0)" }.joined(separator: ", ")
            return "prefetched \(count) images: \(ok) ok, \(failed) failed · \(sourceText.isEmpty ? "no sources" : sourceText)"
                + " · \(bytes / 1024) KB (\(bytesTransferred / 1024) KB transferred) · \(elapsedMs) ms · cache \(cacheDirectory)"
        }
    }

    /// The `imageID` prefix of the embedded server's images (the viewer uses the same).
    static let embeddedNamespace = "photofeed-embedded:"

    private func prefetch(
        base: URL, embedded: Bool, size: PixelSize, pipeline: ImagePipeline, cache: URL
    ) async throws -> Summary {
        let clock = ContinuousClock()
        let start = clock.now
        let ids = try await Self.listIDs(base: base, count: count, loader: pipeline.configuration.dataLoader)
        let thumbnail = ImageProcessor.resize(to: PixelSize(width: 64, height: 48), mode: .fit)
        let tasks = ids.map { id in
            let url = URL(string: base.absoluteString + "/id/\(id)/\(size.width)/\(size.height)")
            var request = ImageRequest(url: url, processors: [thumbnail])
            // The embedded server listens on a new port each run: key its images without the port.
            if embedded, let url {
                request.imageID = ImageRequest.stableImageID(for: url, base: base, namespace: Self.embeddedNamespace)
            }
            return (id, pipeline.imageTask(for: request))
        }
        var summary = Summary(
            feed: base.absoluteString, cacheDirectory: cache.path, count: tasks.count, ok: 0, failed: 0,
            sources: [:], bytes: 0, bytesTransferred: 0, elapsedMs: 0, images: [])
        for (id, task) in tasks {
            var item = Item(id: id, status: "ok", source: nil, bytes: 0, ms: 0, error: nil)
            do {
                let response = try await task.response
                let source: String
                switch response.source {
                case .networkResumed: source = "resumed"
                default: source = response.source.description
                }
                item.source = source
                item.bytes = response.byteCount
                item.ms = Int(response.timings.total.milliseconds.rounded())
                summary.ok += 1
                summary.sources[source, default: 0] += 1
                summary.bytes += response.byteCount
                summary.bytesTransferred += response.bytesTransferred
            } catch {
                item.status = "failed"
                item.error = (error as? ImageLoadError)?.description ?? String(describing: error)
                summary.failed += 1
            }
            if !json { Self.standardOutput(item.line) }
            summary.images.append(item)
        }
        summary.elapsedMs = Int((clock.now - start).milliseconds.rounded())
        return summary
    }

    private struct ListedPhoto: Decodable {
        var id: String
    }

    /// The first `count` ids of the feed, read page by page from `/v2/list`.
    static func listIDs(base: URL, count: Int, loader: any DataLoading) async throws -> [String] {
        var ids: [String] = []
        var page = 1
        let limit = min(100, count)
        while ids.count < count {
            guard let url = URL(string: base.absoluteString + "/v2/list?page=\(page)&limit=\(limit)") else {
                throw ValidationError("cannot form the feed URL from \(base.absoluteString)")
            }
            let response: DataResponse
            do {
                response = try await loader.load(DataRequest(url: url))
            } catch {
                throw ValidationError("cannot read the feed at \(url.absoluteString): \(error)")
            }
            guard response.head.statusCode == 200 else {
                throw ValidationError("the feed at \(url.absoluteString) answered HTTP \(response.head.statusCode)")
            }
            var body: [UInt8] = []
            for try await chunk in response.body {
                body += chunk
                guard body.count < 8 << 20 else { throw ImageLoadError.tooLarge(bytes: body.count, limit: 8 << 20) }
            }
            let photos: [ListedPhoto]
            do {
                photos = try JSONDecoder().decode([ListedPhoto].self, from: Data(body))
            } catch {
                throw ValidationError("\(url.absoluteString) is not a picsum-style list: \(error.localizedDescription)")
            }
            guard !photos.isEmpty else { break }
            ids += photos.prefix(count - ids.count).map(\.id).filter { !$0.contains("/") }
            page += 1
        }
        return ids
    }

    // MARK: Helpers

    /// `WxH` as a size, both sides 1…10000.
    static func parseSize(_ text: String) -> PixelSize? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...10_000).contains(width), (1...10_000).contains(height)
        else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// The feed's base URL: the argument without a trailing `/v2/list…` or slash.
    static func feedBase(_ text: String) -> URL? {
        guard var components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            components.host?.isEmpty == false
        else { return nil }
        components.query = nil
        var path = components.path
        if let range = path.range(of: "/v2/list") { path = String(path[..<range.lowerBound]) }
        while path.hasSuffix("/") { path.removeLast() }
        components.path = path
        return components.url
    }

    private static func standardOutput(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

extension Duration {
    fileprivate var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
