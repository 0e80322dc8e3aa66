import Foundation
@testable import ImageLoading
import Testing

@Suite struct PipelineCachePolicyTests {
    let url = Fixtures.url

    @Test func persistentFillsMemoryThenDisk() async throws {
        // Given a pipeline with both caches
        let loader = MockDataLoader()
        loader.set(url, .init(body: Fixtures.jpeg()))
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        let pipeline = Fixtures.pipeline(loader: loader, diskCache: disk)
        // When loaded twice, then again from a pipeline with an empty memory cache
        let first = try await pipeline.image(for: ImageRequest(string: url))
        let second = try await pipeline.image(for: ImageRequest(string: url))
        let fresh = Fixtures.pipeline(loader: loader, diskCache: disk)
        let third = try await fresh.image(for: ImageRequest(string: url))
        // Then: network, memory, disk, with a single request
        #expect(first.source == .network)
        #expect(second.source == .memory)
        #expect(third.source == .disk)
        #expect(loader.loadCount(url) == 1)
        #expect(fresh.counters.diskHits == 1)
    }

    @Test func sessionUsesMemoryButNotDisk() async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(body: Fixtures.jpeg()))
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        let pipeline = Fixtures.pipeline(loader: loader, diskCache: disk)
        let request = ImageRequest(string: url, cachePolicy: .session)
        _ = try await pipeline.image(for: request)
        #expect(try await pipeline.image(for: request).source == .memory)
        #expect(await disk.data(for: url) == nil)
    }

    @Test func aLateJoinerThatWantsTheDiskCacheGetsIt() async throws {
        // Given a running download for a request that keeps nothing on disk
        let loader = MockDataLoader()
        let gate = Gate()
        loader.set(url, .init(body: Fixtures.jpeg(), headGate: gate))
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        let pipeline = Fixtures.pipeline(loader: loader, diskCache: disk)
        let first = pipeline.imageTask(for: ImageRequest(string: url, cachePolicy: .session))
        await gate.reached()
        // When a request for the same image that does use the disk cache joins it
        let second = pipeline.imageTask(for: ImageRequest(string: url))
        gate.open()
        _ = try await first.response
        _ = try await second.response
        // Then one download served both, and its bytes went to the disk cache
        #expect(loader.loadCount(url) == 1)
        #expect(await disk.data(for: url) != nil)
    }

    @Test func viewLifetimeCachesNothing() async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(body: Fixtures.jpeg()))
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        let memory = ImageCache()
        let pipeline = Fixtures.pipeline(loader: loader, memoryCache: memory, diskCache: disk)
        let request = ImageRequest(string: url, cachePolicy: .viewLifetime)
        _ = try await pipeline.image(for: request)
        #expect(try await pipeline.image(for: request).source == .network)
        #expect(loader.loadCount(url) == 2)
        #expect(memory.count == 0)
        #expect(await disk.data(for: url) == nil)
    }

    @Test func memoryHoldsTheProcessedThumbnailNotTheOriginal() async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(body: Fixtures.jpeg(width: 64, height: 48)))
        let memory = ImageCache()
        let pipeline = Fixtures.pipeline(loader: loader, memoryCache: memory)
        let request = ImageRequest(string: url, processors: [.resize(to: .init(width: 8, height: 8), mode: .fill)])
        _ = try await pipeline.image(for: request)
        #expect(memory.totalCost == 8 * 8 * 4)
        #expect(pipeline.cachedImage(for: request)?.size == .init(width: 8, height: 8))
        #expect(pipeline.cachedImage(for: ImageRequest(string: url)) == nil)
    }

    @Test func aCorruptedDiskEntryIsDroppedAndRefetched() async throws {
        // Given an image cached on disk, then damaged
        let loader = MockDataLoader()
        loader.set(url, .init(body: Fixtures.jpeg()))
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        _ = try await Fixtures.pipeline(loader: loader, diskCache: disk).image(for: ImageRequest(string: url))
        let path = disk.fileURL(for: url)
        var bytes = try Data(contentsOf: path)
        bytes[bytes.count - 10] ^= 0xFF
        try bytes.write(to: path)
        // When a fresh pipeline loads it
        let response = try await Fixtures.pipeline(loader: loader, diskCache: disk).image(for: ImageRequest(string: url))
        // Then it came from the network again and the entry was rewritten intact
        #expect(response.source == .network)
        #expect(loader.loadCount(url) == 2)
        #expect(await disk.data(for: url) == Fixtures.jpeg())
    }

    @Test func imageIDKeysTheCachesInsteadOfAnUnstableURL() async throws {
        // Given the same image behind two ports, with one stable image ID
        let first = "http://127.0.0.1:4000/id/3/40/30"
        let second = "http://127.0.0.1:5000/id/3/40/30"
        let loader = MockDataLoader()
        loader.set(first, .init(body: Fixtures.jpeg()))
        loader.set(second, .init(body: Fixtures.jpeg()))
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        let stable = "e:/id/3/40/30"
        // When loaded under the first URL, then under the second from a fresh memory cache
        _ = try await Fixtures.pipeline(loader: loader, diskCache: disk).image(for: ImageRequest(url: URL(string: first), imageID: stable))
        let response = try await Fixtures.pipeline(loader: loader, diskCache: disk)
            .image(for: ImageRequest(url: URL(string: second), imageID: stable))
        // Then the second came from disk
        #expect(response.source == .disk)
        #expect(loader.loadCount(second) == 0)
    }
}
