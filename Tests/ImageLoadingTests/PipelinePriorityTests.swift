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

/// Issue 21 target 3: a request's priority goes to the server as RFC 9218's `Priority` header,
/// so a server that renders on demand answers a screen's visible rows before its prefetch.
@Suite struct PipelinePriorityHeaderTests {
    @Test(arguments: [
        (ImageRequest.Priority.veryHigh, "u=1"), (.high, "u=2"), (.normal, nil), (.low, "u=5"), (.veryLow, "u=6"),
    ] as [(ImageRequest.Priority, String?)])
    func theRequestCarriesItsUrgency(priority: ImageRequest.Priority, header: String?) async throws {
        // Given a pipeline over a recording loader
        let loader = MockDataLoader()
        loader.set(Fixtures.url, .init(body: Fixtures.jpeg()))
        let pipeline = Fixtures.pipeline(loader: loader)

        // When an image is loaded at a priority
        _ = try await pipeline.imageTask(for: ImageRequest(string: Fixtures.url, priority: priority)).response

        // Then its request says that urgency (none for normal, the default)
        #expect(loader.requests.count == 1)
        #expect(loader.requests.first?.header("Priority") == header)
    }

    @Test func aPriorityHeaderTheCallerGaveIsKept() async throws {
        // Given a request at high priority that names its own Priority header
        let loader = MockDataLoader()
        loader.set(Fixtures.url, .init(body: Fixtures.jpeg()))
        let pipeline = Fixtures.pipeline(loader: loader)
        let request = ImageRequest(string: Fixtures.url, priority: .high, headers: ["priority": "u=0, i"])

        // When it is loaded
        _ = try await pipeline.imageTask(for: request).response

        // Then the caller's header is the only one sent
        let sent = loader.requests.first?.headers.filter { $0.name.lowercased() == "priority" }.map(\.value)
        #expect(sent == ["u=0, i"])
    }
}
