@testable import ImageLoading
import Testing
import Vocabulary

@Suite struct PipelineCoalescingTests {
    let url = Fixtures.url

    @Test func tenTasksForOneURLShareOneDownload() async throws {
        // Given a download held before its response head
        let loader = MockDataLoader()
        let gate = Gate()
        loader.set(url, .init(body: Fixtures.jpeg(), headGate: gate))
        let pipeline = Fixtures.pipeline(loader: loader)
        let events = pipeline.events
        // When ten tasks ask for the same URL
        let tasks = (0..<10).map { _ in pipeline.imageTask(for: ImageRequest(string: url)) }
        await gate.reached()
        gate.open()
        // Then all succeed from one request, and nine were coalesced
        for task in tasks { #expect(try await task.response.source == .network) }
        #expect(loader.loadCount(url) == 1)
        #expect(pipeline.counters.coalesced == 9)
        let decoded = await events.collect { $0.stage == .task && $0.kind == .finished(.network) && $0.taskID == tasks.last?.id }
        #expect(decoded.filter { $0.kind == .decoded }.count == 1)
    }

    @Test func differentProcessorsShareTheDownloadButDecodeSeparately() async throws {
        let loader = MockDataLoader()
        let gate = Gate()
        loader.set(url, .init(body: Fixtures.jpeg(width: 64, height: 48), headGate: gate))
        let pipeline = Fixtures.pipeline(loader: loader)
        let events = pipeline.events
        let small = pipeline.imageTask(
            for: ImageRequest(string: url, processors: [.resize(to: PixelSize(width: 16, height: 12), mode: .fit)]))
        let gray = pipeline.imageTask(for: ImageRequest(string: url, processors: [.grayscale]))
        await gate.reached()
        // Both decode jobs must have joined the download before it may finish.
        _ = await events.first { $0.kind == .coalesced && $0.stage == .data }
        gate.open()
        let smallResponse = try await small.response
        let grayResponse = try await gray.response
        #expect(smallResponse.bitmap.size == PixelSize(width: 16, height: 12))
        #expect(grayResponse.bitmap.size == PixelSize(width: 64, height: 48))
        #expect(loader.loadCount(url) == 1)
        #expect(pipeline.counters.decoded == 2)
    }

    @Test func cancellingOneSubscriberKeepsTheSharedDownloadForTheOthers() async throws {
        // Given two tasks sharing a download held halfway through the body
        let loader = MockDataLoader()
        let gate = Gate()
        let body = Fixtures.jpeg()
        loader.set(url, .init(body: body, chunkSize: 256, bodyGate: (body.count / 2, gate)))
        let pipeline = Fixtures.pipeline(loader: loader)
        let first = pipeline.imageTask(for: ImageRequest(string: url))
        let second = pipeline.imageTask(for: ImageRequest(string: url))
        await gate.reached()
        // When the first cancels and the body resumes
        first.cancel()
        gate.open()
        // Then the second still succeeds from the same, uncancelled download
        #expect(try await second.response.source == .network)
        #expect(await first.result == nil)
        #expect(loader.cancelledBodies == 0)
        #expect(loader.loadCount(url) == 1)
    }

    @Test func cancellingTheLastSubscriberCancelsTheDownload() async throws {
        let loader = MockDataLoader()
        let gate = Gate()
        let body = Fixtures.jpeg()
        loader.set(url, .init(body: body, chunkSize: 256, bodyGate: (body.count / 2, gate)))
        let pipeline = Fixtures.pipeline(loader: loader)
        let events = pipeline.events
        let first = pipeline.imageTask(for: ImageRequest(string: url))
        let second = pipeline.imageTask(for: ImageRequest(string: url))
        await gate.reached()
        // When both cancel
        first.cancel()
        second.cancel()
        // Then the shared download is cancelled (the loader's body read stops)
        _ = await events.first { $0.kind == .cancelled && $0.stage == .data }
        #expect(loader.cancelledBodies == 1)
        #expect(pipeline.dataStage.runningJobCount == 0)
    }

    @Test func aCancelledTasksPhasesEndWithoutFailure() async throws {
        let loader = MockDataLoader()
        let gate = Gate()
        loader.set(url, .init(body: Fixtures.jpeg(), headGate: gate))
        let pipeline = Fixtures.pipeline(loader: loader)
        let task = pipeline.imageTask(for: ImageRequest(string: url))
        let phases = task.phases
        await gate.reached()
        task.cancel()
        var seen: [ImagePhase] = []
        for await phase in phases { seen.append(phase) }
        #expect(!seen.contains { $0.error != nil || $0.response != nil })
        await #expect(throws: CancellationError.self) { try await task.response }
        #expect(pipeline.counters.failed == 0)
        #expect(pipeline.counters.cancelled == 1)
    }

    @Test func cancellingTheCallerOfImageForCancelsTheLoad() async throws {
        let loader = MockDataLoader()
        let gate = Gate()
        loader.set(url, .init(body: Fixtures.jpeg(), headGate: gate))
        let pipeline = Fixtures.pipeline(loader: loader)
        let caller = Task { try await pipeline.image(for: ImageRequest(string: url)) }
        await gate.reached()
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
    }
}
