@testable import ImageLoading
import Testing

@Suite struct PipelinePriorityTests {
    @Test func raisingAQueuedTaskMovesItAhead() async throws {
        // Given a queue of width 1 held by a blocking download, and two low tasks waiting
        let loader = MockDataLoader()
        let gate = Gate()
        let blocker = "https://images.test/blocker.jpg"
        let a = "https://images.test/a.jpg"
        let b = "https://images.test/b.jpg"
        loader.set(blocker, .init(body: Fixtures.jpeg(), headGate: gate))
        loader.set(a, .init(body: Fixtures.jpeg()))
        loader.set(b, .init(body: Fixtures.jpeg()))
        let pipeline = Fixtures.pipeline(loader: loader, width: 1)
        let events = pipeline.events
        let first = pipeline.imageTask(for: ImageRequest(string: blocker))
        await gate.reached()
        let taskA = pipeline.imageTask(for: ImageRequest(string: a, priority: .low))
        let taskB = pipeline.imageTask(for: ImageRequest(string: b, priority: .low))
        var queued = Set<String>()
        for await event in events where event.kind == .queued {
            queued.insert(event.url)
            if queued.isSuperset(of: [a, b]) { break }
        }
        // When B is raised while queued, then the slot frees
        taskB.priority = .high
        gate.open()
        // Then B is requested before A
        _ = try await first.response
        _ = try await taskA.response
        _ = try await taskB.response
        #expect(loader.requests.map(\.url.absoluteString) == [blocker, b, a])
    }

    @Test func raisingARunningTaskRaisesItsSharedJobs() async throws {
        // Given a low-priority task whose download is running
        let loader = MockDataLoader()
        let gate = Gate()
        let url = Fixtures.url
        loader.set(url, .init(body: Fixtures.jpeg(), headGate: gate))
        let pipeline = Fixtures.pipeline(loader: loader)
        let task = pipeline.imageTask(for: ImageRequest(string: url, priority: .low))
        await gate.reached()
        let key = ImageCacheKey(url: url, processors: [])
        #expect(pipeline.dataStage.priority(url) == .low)
        // When it is raised, and a second subscriber at normal joins and leaves
        task.priority = .veryHigh
        #expect(pipeline.imageStage.priority(key) == .veryHigh)
        #expect(pipeline.dataStage.priority(url) == .veryHigh)
        task.priority = .low
        #expect(pipeline.dataStage.priority(url) == .low)
        let other = pipeline.imageTask(for: ImageRequest(string: url, priority: .normal))
        #expect(pipeline.dataStage.priority(url) == .normal)
        other.cancel()
        // Then the shared job follows the highest wanted priority
        #expect(pipeline.dataStage.priority(url) == .low)
        gate.open()
        _ = try await task.response
    }
}
