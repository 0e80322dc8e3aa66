@testable import ImageLoading
import Testing

@Suite struct ImagePrefetcherTests {
    let url = Fixtures.url

    @Test func diskPrefetchStoresOriginalBytesWithoutDecoding() async throws {
        // Given a prefetcher into the disk cache, with the download held at its head
        let loader = MockDataLoader()
        let gate = Gate()
        loader.set(url, .init(body: Fixtures.jpeg(), headGate: gate))
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        let pipeline = Fixtures.pipeline(loader: loader, diskCache: disk)
        let prefetcher = ImagePrefetcher(pipeline: pipeline, destination: .diskCache)
        prefetcher.startPrefetching(with: [ImageRequest(string: url)])
        await gate.reached()
        #expect(pipeline.dataStage.priority(url) == .low)
        // When a visible row asks for the same image
        let events = pipeline.events
        let task = pipeline.imageTask(for: ImageRequest(string: url, priority: .high))
        _ = await events.first { $0.kind == .coalesced && $0.stage == .data }
        // Then the row raises the shared download, and one request fills the disk cache
        #expect(pipeline.dataStage.priority(url) == .high)
        gate.open()
        _ = try await task.response
        #expect(loader.loadCount(url) == 1)
        #expect(await disk.data(for: url) == Fixtures.jpeg())
    }

    @Test func memoryPrefetchDecodesIntoTheMemoryCache() async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(body: Fixtures.jpeg()))
        let pipeline = Fixtures.pipeline(loader: loader)
        let events = pipeline.events
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        let request = ImageRequest(string: url, processors: [.resize(to: .init(width: 8, height: 8), mode: .fit)])
        prefetcher.startPrefetching(with: [request])
        _ = await events.first { $0.stage == .task && $0.kind == .finished(.network) }
        #expect(pipeline.cachedImage(for: request) != nil)
        #expect(try await pipeline.image(for: request).source == .memory)
    }

    @Test func stoppingCancelsThePrefetch() async throws {
        let loader = MockDataLoader()
        let gate = Gate()
        let body = Fixtures.jpeg()
        loader.set(url, .init(body: body, bodyGate: (body.count / 2, gate)))
        let pipeline = Fixtures.pipeline(loader: loader)
        let events = pipeline.events
        let prefetcher = ImagePrefetcher(pipeline: pipeline, destination: .diskCache)
        prefetcher.startPrefetching(with: [ImageRequest(string: url)])
        await gate.reached()
        prefetcher.stopPrefetching(with: [ImageRequest(string: url)])
        _ = await events.first { $0.kind == .cancelled && $0.stage == .data }
        #expect(loader.cancelledBodies == 1)
        #expect(prefetcher.pendingCount == 0)
    }
}
