import ImageCodecs
@testable import ImageLoading
import Testing

/// Issue 13: while a progressive JPEG downloads, its tasks get previews — only when a scan has
/// completed, throttled, in order, processed like the final image, never after the result,
/// never cached — and a pipeline event for each.
@Suite("Progressive previews while downloading", .timeLimit(.minutes(1)))
struct PipelineProgressivePreviewTests {
    let url = Fixtures.url
    let box = PixelSize(width: 80, height: 60)

    /// Reads phases until a preview of at least `scan` (returned) or the end (nil).
    static func nextPreview(_ iterator: inout AsyncStream<ImagePhase>.Iterator, atLeast scan: Int = 1) async -> ImagePreview? {
        while let phase = await iterator.next() {
            if case .preview(let preview) = phase, preview.scan >= scan { return preview }
            if phase.isTerminal { return nil }
        }
        return nil
    }

    @Test func previewsArriveInOrderAsScansComplete() async throws {
        // Given a progressive JPEG the test delivers scan by scan
        let jpeg = ProgressiveFixtures.jpeg()
        let loader = ChunkFeedLoader(total: jpeg.count)
        let pipeline = ProgressiveFixtures.pipeline(loader: loader)
        let events = pipeline.events
        let task = pipeline.imageTask(for: ImageRequest(string: url, processors: [.resize(to: box, mode: .fit)]))
        var phases = task.phases.makeAsyncIterator()
        let twoScans = ProgressiveFixtures.cut(afterScans: 2, of: jpeg)
        let fiveScans = ProgressiveFixtures.cut(afterScans: 5, of: jpeg)

        // When the bytes of two scans arrive
        loader.send(jpeg[..<twoScans])
        let first = try #require(await Self.nextPreview(&phases))

        // Then the preview shows scan 2, fitted to the request's box, with the bytes so far
        #expect(first.scan == 2)
        #expect(first.bitmap.size == box)
        #expect(first.progress == LoadProgress(completed: twoScans, total: jpeg.count))

        // When three more scans arrive, Then the next preview shows scan 5
        loader.send(jpeg[twoScans..<fiveScans])
        let second = try #require(await Self.nextPreview(&phases))
        #expect(second.scan == 5)

        // When the rest arrives, Then the load succeeds with no preview after it
        loader.send(jpeg[fiveScans...])
        loader.finish()
        var rest: [ImagePhase] = []
        while let phase = await phases.next() { rest.append(phase) }
        #expect(rest.last?.response?.bitmap.size == box)
        #expect(!rest.contains { $0.preview != nil })

        // And each preview was a task event; only the final image is in the memory cache
        let seen = await events.collect { $0.stage == .task && $0.kind == .finished(.network) }
        #expect(seen.filter { $0.stage == .task }.compactMap { event -> Int? in
            if case .preview(let scan) = event.kind { scan } else { nil }
        } == [2, 5])
        #expect(pipeline.counters.previews == 2)
        #expect(pipeline.cachedImage(for: ImageRequest(string: url, processors: [.resize(to: box, mode: .fit)]))
            == rest.last?.response?.bitmap)
    }

    @Test func previewsAreThrottledToTheInterval() async throws {
        // Given a pipeline that previews at most once an hour
        let jpeg = ProgressiveFixtures.jpeg()
        let loader = ChunkFeedLoader(total: jpeg.count)
        let pipeline = ProgressiveFixtures.pipeline(loader: loader, previewInterval: .seconds(3600))
        let task = pipeline.imageTask(for: ImageRequest(string: url, processors: [.resize(to: box, mode: .fit)]))
        var phases = task.phases.makeAsyncIterator()

        // When two scans arrive, Then the first preview comes at once
        let twoScans = ProgressiveFixtures.cut(afterScans: 2, of: jpeg)
        loader.send(jpeg[..<twoScans])
        #expect(await Self.nextPreview(&phases)?.scan == 2)

        // When every other scan arrives scan by scan, Then no other preview comes before the image
        var offset = twoScans
        for scans in 3...10 {
            let end = ProgressiveFixtures.cut(afterScans: scans, of: jpeg)
            loader.send(jpeg[offset..<end])
            offset = end
        }
        loader.send(jpeg[offset...])
        loader.finish()
        var rest: [ImagePhase] = []
        while let phase = await phases.next() { rest.append(phase) }
        #expect(!rest.contains { $0.preview != nil })
        #expect(rest.last?.response != nil)
        #expect(pipeline.counters.previews == 1)
    }

    @Test(arguments: ["baseline", "png"])
    func baselineJPEGsAndPNGsHaveNoPreviews(kind: String) async throws {
        // Given a baseline JPEG or a PNG delivered in many small chunks
        var bitmap = Bitmap(width: 320, height: 240, fill: .black)
        for x in 0..<320 { bitmap[x, x % 240] = RGBA(255, UInt8(x % 256), 0) }
        let body = kind == "png" ? try PNGEncoder.encode(bitmap) : try JPEGEncoder.encode(bitmap, quality: 85)
        let loader = MockDataLoader()
        loader.set(url, .init(body: body, chunkSize: max(1, body.count / 20)))
        let pipeline = ProgressiveFixtures.pipeline(loader: loader)

        // When it loads
        let task = pipeline.imageTask(for: ImageRequest(string: url, processors: [.resize(to: box, mode: .fit)]))
        var phases: [ImagePhase] = []
        for await phase in task.phases { phases.append(phase) }

        // Then the placeholder stays: no preview phase, no preview event
        #expect(phases.last?.response != nil)
        #expect(!phases.contains { $0.preview != nil })
        #expect(pipeline.counters.previews == 0)
    }

    @Test func aCancelledLoadStopsAndAResumedOnePreviewsItsKeptBytesAgain() async throws {
        // Given a progressive JPEG whose first download stops (held) after three scans
        let jpeg = ProgressiveFixtures.jpeg()
        let threeScans = ProgressiveFixtures.cut(afterScans: 3, of: jpeg)
        let gate = Gate()
        let resumeGate = Gate()
        let loader = MockDataLoader()
        loader.set(url) { request, attempt in
            guard attempt > 1, let range = request.header("Range"),
                let start = Int(range.dropFirst("bytes=".count).dropLast())
            else {
                return .init(headers: ["ETag": "\"v1\""], body: jpeg, chunkSize: 500, bodyGate: (threeScans, gate))
            }
            return .init(
                status: 206, headers: ["ETag": "\"v1\"", "Content-Range": "bytes \(start)-\(jpeg.count - 1)/\(jpeg.count)"],
                body: Array(jpeg[start...]), chunkSize: 100_000, bodyGate: (0, resumeGate))
        }
        let pipeline = ProgressiveFixtures.pipeline(loader: loader)
        let events = pipeline.events
        let request = ImageRequest(string: url, processors: [.resize(to: box, mode: .fit)])
        let first = pipeline.imageTask(for: request)
        var phases = first.phases.makeAsyncIterator()
        #expect(await Self.nextPreview(&phases, atLeast: 3)?.scan == 3)

        // When it is cancelled, Then its phases end with no more previews
        await gate.reached()
        first.cancel()
        while let phase = await phases.next() { #expect(phase.preview == nil) }
        _ = await events.first { $0.kind == .cancelled && $0.stage == .data }

        // When it loads again (the rest held back), Then the kept three scans preview at once
        let second = pipeline.imageTask(for: request)
        var resumed = second.phases.makeAsyncIterator()
        let again = try #require(await Self.nextPreview(&resumed))
        #expect(again.scan == 3)
        #expect(again.progress.resumedFrom == threeScans)

        // When the rest arrives, Then the image comes
        resumeGate.open()
        var rest: [ImagePhase] = []
        while let phase = await resumed.next() { rest.append(phase) }
        #expect(rest.last?.response?.source == .network(resumedFrom: threeScans))
    }

    @Test func aLoaderPublishesPreviewsAndItsStreamStillEnds() async throws {
        // Given a row's loader on a progressive JPEG held after two scans
        let jpeg = ProgressiveFixtures.jpeg()
        let loader = ChunkFeedLoader(total: jpeg.count)
        let pipeline = ProgressiveFixtures.pipeline(loader: loader)
        var imageLoader: ImageLoader? = ImageLoader(pipeline: pipeline)
        let phases = imageLoader?.phases ?? AsyncStream { $0.finish() }
        imageLoader?.load(ImageRequest(string: url, processors: [.resize(to: box, mode: .fit)]))
        let forwarder = Task {
            var previews = 0
            for await phase in phases where phase.preview != nil { previews += 1 }
            return previews
        }
        var iterator = try #require(imageLoader).phases.makeAsyncIterator()
        loader.send(jpeg[..<ProgressiveFixtures.cut(afterScans: 2, of: jpeg)])

        // When a preview has been published and the loader goes away (the row disappeared)
        #expect(await Self.nextPreview(&iterator)?.scan == 2)
        imageLoader = nil

        // Then the forwarder that saw the preview ends (the runtime bug noted on LoadProgress
        // hung exactly here with optional fields)
        #expect(await forwarder.value == 1)
        loader.finish()
        await pipeline.shutdown()
    }
}
