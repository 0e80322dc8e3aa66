import Foundation
@testable import ImageLoading
@testable import ImageLoadingTests
import PicsumServer
import TestSupport
import Testing

/// The disk cache's HTTP freshness against the embedded server over loopback: max-age 0 and
/// 304s, immutable images with no request, no-store, and a changed ETag.
@Suite(.serialized, .tags(.realTime), .timeLimit(.minutes(1))) struct HTTPCacheFreshnessIntegrationTests {
    /// The log entries for `target` up to a request for a sentinel path, which this makes: a
    /// request that never came shows as a missing entry, not a wait.
    static func entries(
        for target: String, in log: AsyncStream<RequestLogEntry>, server: PicsumServer, pipeline: ImagePipeline
    ) async throws -> [RequestLogEntry] {
        let sentinel = "/id/9/10/10"
        _ = try await pipeline.image(
            for: ImageRequest(url: server.baseURL.appendingPathComponent(sentinel), cachePolicy: .viewLifetime))
        var entries: [RequestLogEntry] = []
        for await entry in log {
            if entry.target == target { entries.append(entry) }
            if entry.target == sentinel { break }
        }
        return entries
    }

    /// A server over the package's photos, configured by `configure`.
    static func server(_ configure: (inout PicsumServer.Configuration) -> Void = { _ in }) async throws -> PicsumServer {
        var configuration = PicsumServer.Configuration(photosDirectory: LiveServer.photos, count: 100)
        configure(&configuration)
        return try await PicsumServer.start(configuration)
    }

    /// A pipeline on the real HTTP loader with a disk cache and no memory cache (every load
    /// reaches the disk stage).
    static func pipeline(disk: DiskCache) -> ImagePipeline {
        ImagePipeline(configuration: .init(memoryCache: nil, diskCache: disk, retryPolicy: .never))
    }

    @Test func withMaxAgeZeroTheSecondLoadIsRevalidatedAndA304SendsNoBody() async throws {
        // Given a server whose images are stale at once, and a disk cache
        let server = try await Self.server { $0.cacheMaxAge = 0 }
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        let pipeline = Self.pipeline(disk: disk)
        try await LiveServer.run(server, pipeline) {
            let log = server.requests
            let url = server.baseURL.appendingPathComponent("id/3/120/80")
            // When the image is loaded twice
            let first = try await pipeline.image(for: ImageRequest(url: url))
            let second = try await pipeline.image(for: ImageRequest(url: url))
            let entries = try await Self.entries(for: "/id/3/120/80", in: log, server: server, pipeline: pipeline)
            try #require(entries.count == 2)
            // Then the first came over the network with a 200, and was stored with its validators
            #expect(first.source == .network)
            let full = entries[0]
            #expect(full.status == 200 && full.bytesSent > 0)
            // And the second was a conditional request the server answered 304, with no body
            let conditional = entries[1]
            let etag = try #require(await disk.cachedData(for: url.absoluteString)?.freshness?.etag)
            #expect(conditional.requestHeaders["if-none-match"] == etag)
            #expect(conditional.requestHeaders["if-modified-since"] != nil)
            #expect(conditional.requestHeaders["range"] == nil)
            #expect(conditional.status == 304)
            #expect(conditional.bytesSent == 0)
            // And the cached bytes were used: same image, nothing transferred
            #expect(second.source == .disk)
            #expect(second.bytesTransferred == 0)
            #expect(second.byteCount == first.byteCount)
            #expect(pipeline.counters.revalidated == 1 && pipeline.counters.notModified == 1)
        }
    }

    @Test func anImmutableImageIsServedFromDiskWithNoRequest() async throws {
        // Given the server's defaults: /id/ images are `max-age=86400, immutable`
        let server = try await Self.server()
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        let pipeline = Self.pipeline(disk: disk)
        try await LiveServer.run(server, pipeline) {
            let log = server.requests
            let url = server.baseURL.appendingPathComponent("id/7/90/60")
            // When it is loaded twice
            #expect(try await pipeline.image(for: ImageRequest(url: url)).source == .network)
            let second = try await pipeline.image(for: ImageRequest(url: url))
            let entries = try await Self.entries(for: "/id/7/90/60", in: log, server: server, pipeline: pipeline)
            // Then the second came from disk, and the server saw one request for the image
            #expect(second.source == .disk)
            #expect(entries.count == 1)
            let stored = try #require(await disk.cachedData(for: url.absoluteString)?.freshness)
            #expect(stored.immutable && stored.maxAge == 86_400)
            #expect(pipeline.counters.diskHits == 1 && pipeline.counters.revalidated == 0)
        }
    }

    @Test func aNoStoreImageIsNeverWritten() async throws {
        // Given a server whose images say no-store
        let server = try await Self.server { $0.cacheNoStore = true }
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        let pipeline = Self.pipeline(disk: disk)
        try await LiveServer.run(server, pipeline) {
            let url = server.baseURL.appendingPathComponent("id/4/80/80")
            // When it is loaded twice
            let first = try await pipeline.image(for: ImageRequest(url: url))
            let second = try await pipeline.image(for: ImageRequest(url: url))
            // Then both came from the network, and the cache directory holds no entry
            #expect(first.source == .network && second.source == .network)
            #expect(await disk.cachedData(for: url.absoluteString) == nil)
            #expect(await disk.totalSize() == 0)
        }
    }

    @Test func aChangedETagGetsA200ThatReplacesTheEntry() async throws {
        // Given an entry written from a server, stale at once (one image id across servers)
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        let request = { (server: PicsumServer) in
            ImageRequest(url: server.baseURL.appendingPathComponent("id/5/100/75"), imageID: "photo-5")
        }
        let before = try await Self.server { $0.cacheMaxAge = 0 }
        let firstPipeline = Self.pipeline(disk: disk)
        try await LiveServer.run(before, firstPipeline) {
            _ = try await firstPipeline.image(for: request(before))
        }
        let oldEntry = try #require(await disk.cachedData(for: "photo-5"))
        // When a server that renders the image differently (another JPEG quality: another ETag) is asked
        let after = try await Self.server { $0.cacheMaxAge = 0; $0.jpegQuality = 40 }
        let pipeline = Self.pipeline(disk: disk)
        try await LiveServer.run(after, pipeline) {
            let log = after.requests
            let response = try await pipeline.image(for: request(after))
            let afterFirst = pipeline.counters
            let newEntry = try #require(await disk.cachedData(for: "photo-5"))
            let third = try await pipeline.image(for: request(after))
            let entries = try await Self.entries(for: "/id/5/100/75", in: log, server: after, pipeline: pipeline)
            try #require(entries.count == 2)
            // Then the conditional request carried the old tag, got a 200 with the new bytes
            let entry = entries[0]
            #expect(entry.requestHeaders["if-none-match"] == oldEntry.freshness?.etag)
            #expect(entry.status == 200 && entry.bytesSent > 0)
            #expect(response.source == .network)
            #expect(afterFirst.revalidated == 1 && afterFirst.notModified == 0)
            // And they replaced the entry, which the next load revalidates with the new tag: 304
            #expect(newEntry.bytes != oldEntry.bytes)
            #expect(newEntry.freshness?.etag != oldEntry.freshness?.etag)
            #expect(third.source == .disk)
            let again = entries[1]
            #expect(again.status == 304 && again.requestHeaders["if-none-match"] == newEntry.freshness?.etag)
            #expect(pipeline.counters.revalidated == 2 && pipeline.counters.notModified == 1)
        }
    }
}
