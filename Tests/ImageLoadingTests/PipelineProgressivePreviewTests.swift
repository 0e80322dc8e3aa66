import ImageCodecs
@testable import ImageLoading
import TestSupport
import Testing
import Vocabulary

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

        // Then the preview shows scan 2 (with detail: past the DC scan), fitted to the
        // request's box, with the bytes so far
        #expect(first.scan == 2)
        #expect(!first.isCoarse)
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

    @Test func previewsAreSpacedByTheIntervalTheFirstOneToo() async throws {
        // Given a pipeline that previews at most every 250 ms, on a clock the test moves
        let jpeg = ProgressiveFixtures.jpeg()
        let loader = ChunkFeedLoader(total: jpeg.count)
        let clock = ManualClock()
        let pipeline = ProgressiveFixtures.pipeline(loader: loader, previewInterval: .milliseconds(250), clock: clock)
        let task = pipeline.imageTask(for: ImageRequest(string: url, processors: [.resize(to: box, mode: .fit)]))
        var phases = task.phases.makeAsyncIterator()
        var seen: [Int] = []
        var offset = 0
        // Each chunk is sent, then its progress awaited: the pipeline has read it before the
        // clock moves again (the body's time starts before its first progress).
        _ = await Self.progress(&phases, reaching: 0, seen: &seen)
        func send(scans: Int) async {
            let end = ProgressiveFixtures.cut(afterScans: scans, of: jpeg)
            loader.send(jpeg[offset..<end])
            offset = end
            _ = await Self.progress(&phases, reaching: end, seen: &seen)
        }

        // When a scan arrives at once, and two more 249 ms into the body, Then none previews yet
        await send(scans: 1)
        clock.advance(by: .milliseconds(249))
        await send(scans: 2)
        await send(scans: 3)

        // When 250 ms have passed and another scan arrives, Then it previews (scans so far: 4)
        clock.advance(by: .milliseconds(1))
        await send(scans: 4)
        try await Self.collectPreviews(&phases, into: &seen, until: 4)

        // When three more scans arrive within the next 250 ms, Then none previews; after it, one does
        await send(scans: 5)
        clock.advance(by: .milliseconds(100))
        await send(scans: 6)
        await send(scans: 7)
        clock.advance(by: .milliseconds(150))
        await send(scans: 8)
        try await Self.collectPreviews(&phases, into: &seen, until: 8)

        // When the rest arrives, Then the image comes with no preview after it
        loader.send(jpeg[offset...])
        loader.finish()
        var rest: [ImagePhase] = []
        while let phase = await phases.next() { rest.append(phase) }
        #expect(!rest.contains { $0.preview != nil })
        #expect(rest.last?.response != nil)
        #expect(seen == [4, 8])
        #expect(pipeline.counters.previews == 2)
    }

    /// Reads phases until a loading phase at `bytes` (true) or the end (false), recording previews.
    static func progress(
        _ iterator: inout AsyncStream<ImagePhase>.Iterator, reaching bytes: Int, seen: inout [Int]
    ) async -> Bool {
        while let phase = await iterator.next() {
            switch phase {
            case .loading(let progress) where progress.completed == bytes: return true
            case .preview(let preview): seen.append(preview.scan)
            default: if phase.isTerminal { return false }
            }
        }
        return false
    }

    /// Reads phases, recording every preview's scan, until one of at least `scan`.
    static func collectPreviews(
        _ iterator: inout AsyncStream<ImagePhase>.Iterator, into seen: inout [Int], until scan: Int
    ) async throws {
        if let last = seen.last, last >= scan { return }
        while let phase = await iterator.next() {
            if let preview = phase.preview {
                seen.append(preview.scan)
                if preview.scan >= scan { return }
            }
            if phase.isTerminal { break }
        }
        Issue.record("the phases ended before a preview of scan \(scan): \(seen)")
    }

    @Test func aFastDownloadNeverPreviews() async throws {
        // Given a progressive JPEG whose whole body arrives within the interval (a fast link)
        let jpeg = ProgressiveFixtures.jpeg()
        let loader = MockDataLoader()
        loader.set(url, .init(body: jpeg, chunkSize: jpeg.count / 10 + 1))
        let pipeline = ProgressiveFixtures.pipeline(loader: loader, previewInterval: .milliseconds(250))

        // When it loads (the clock does not move)
        let task = pipeline.imageTask(for: ImageRequest(string: url, processors: [.resize(to: box, mode: .fit)]))
        var phases: [ImagePhase] = []
        for await phase in task.phases { phases.append(phase) }

        // Then no preview was decoded: the image came first
        #expect(phases.last?.response != nil)
        #expect(!phases.contains { $0.preview != nil })
        #expect(pipeline.counters.previews == 0)
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
