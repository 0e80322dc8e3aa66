@testable import ImageLoading
import Testing

@Suite struct PipelineEventsTests {
    let url = Fixtures.url

    @Test func aNetworkLoadEmitsItsEventsInOrder() async throws {
        // Given an image delivered in three chunks
        let loader = MockDataLoader()
        let body = Fixtures.jpeg()
        loader.set(url, .init(body: body, chunkSize: body.count / 3 + 1))
        let pipeline = Fixtures.pipeline(loader: loader)
        let events = pipeline.events
        // When it loads
        let task = pipeline.imageTask(for: ImageRequest(string: url))
        let seen = await events.collect { $0.stage == .task && $0.taskID == task.id }
        // Then the events tell the story in order, each with the URL
        // (the download's own end, stage data, comes before the decode; the task's end last)
        #expect(seen.map(\.kind.name) == ["queued", "started", "progress", "progress", "progress", "finished", "decoded", "finished"])
        #expect(seen.filter { $0.kind == .finished(.network) }.map(\.stage) == [.data, .task])
        #expect(seen.allSatisfy { $0.url == url })
        #expect(seen.last?.kind == .finished(.network))
        // And the last progress event counts every byte
        let progress = seen.compactMap { event -> LoadProgress? in
            if case .progress(let progress) = event.kind { progress } else { nil }
        }
        #expect(progress.last == LoadProgress(completed: body.count, total: body.count))
    }

    @Test func phasesReportProgressThenSuccess() async throws {
        let loader = MockDataLoader()
        let body = Fixtures.jpeg()
        let gate = Gate()
        loader.set(url, .init(body: body, chunkSize: body.count / 2 + 1, headGate: gate))
        let pipeline = Fixtures.pipeline(loader: loader)
        let task = pipeline.imageTask(for: ImageRequest(string: url))
        // Follow the phases before any byte can arrive.
        let stream = task.phases
        await gate.reached()
        gate.open()
        var phases: [String] = []
        for await phase in stream {
            switch phase {
            case .idle: phases.append("idle")
            case .loading(let progress): phases.append("loading \(progress.completed)")
            case .preview(let preview): phases.append("preview \(preview.scan)")
            case .success: phases.append("success")
            case .failure: phases.append("failure")
            }
        }
        #expect(phases.last == "success")
        #expect(phases.contains("loading \(body.count)"))
    }

    @Test func cacheHitsAndFailuresAreCounted() async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(body: Fixtures.jpeg()))
        let pipeline = Fixtures.pipeline(loader: loader)
        _ = try await pipeline.image(for: ImageRequest(string: url))
        _ = try await pipeline.image(for: ImageRequest(string: url))
        _ = try? await pipeline.image(for: ImageRequest(url: nil))
        let counters = pipeline.counters
        #expect(counters.memoryHits == 1)
        #expect(counters.finished == 2)
        #expect(counters.failed == 1)
        #expect(counters.tasksStarted == 3)
        #expect(counters.bytesReceived == Fixtures.jpeg().count)
    }
}
