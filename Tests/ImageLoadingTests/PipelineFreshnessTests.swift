import Foundation
@testable import ImageLoading
import Synchronization
import TestSupport
import Testing

/// The disk cache's HTTP freshness in the pipeline, on a fake origin and a stepped wall clock.
@Suite(.timeLimit(.minutes(1))) struct PipelineFreshnessTests {
    let url = Fixtures.url
    let body = Fixtures.jpeg()

    /// A wall clock the test moves by hand.
    final class SteppedDate: Sendable {
        private let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        func callAsFunction() -> Date { now.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
    }

    /// An origin for `url`: 304 when `If-None-Match` names its current ETag, else 200 with `headers`.
    func origin(_ loader: MockDataLoader, headers: [String: String], body: [UInt8]? = nil) {
        let body = body ?? self.body
        loader.set(url) { request, _ in
            if let etag = headers["ETag"], request.header("If-None-Match") == etag {
                return .init(status: 304, headers: headers.filter { $0.key != "Content-Length" }, body: [], sendsContentLength: false)
            }
            return .init(headers: headers, body: body)
        }
    }

    /// A fake origin answering with `headers`, an empty disk cache, a stepped date, and a pipeline on them.
    func harness(origin headers: [String: String]) throws -> (MockDataLoader, DiskCache, SteppedDate, ImagePipeline) {
        let loader = MockDataLoader()
        origin(loader, headers: headers)
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        let date = SteppedDate()
        return (loader, disk, date, pipeline(loader, disk: disk, date: date))
    }

    func pipeline(_ loader: MockDataLoader, disk: DiskCache, date: SteppedDate) -> ImagePipeline {
        // A fresh memory cache every time: these loads are about the disk cache.
        ImagePipeline(
            configuration: .init(
                dataLoader: loader, memoryCache: nil, diskCache: disk, retryPolicy: .never, clock: ManualClock(),
                decodeConcurrency: 1, currentDate: { date() }))
    }

    @Test func aFreshEntryIsServedWithNoRequestUntilItsMaxAgeRunsOut() async throws {
        // Given an image sent with max-age 60, loaded once
        let (loader, _, date, pipeline) = try harness(origin: ["Cache-Control": "max-age=60", "ETag": "\"v1\""])
        #expect(try await pipeline.image(for: ImageRequest(string: url)).source == .network)
        // When loaded again 59 s later / Then from disk, with no request
        date.advance(59)
        #expect(try await pipeline.image(for: ImageRequest(string: url)).source == .disk)
        #expect(loader.loadCount(url) == 1)
        #expect(pipeline.counters.revalidated == 0)
        // When loaded at 60 s / Then it is revalidated: a conditional request, answered 304
        date.advance(1)
        let response = try await pipeline.image(for: ImageRequest(string: url))
        #expect(response.source == .disk)
        #expect(response.bytesTransferred == 0)
        #expect(loader.loadCount(url) == 2)
        #expect(loader.requests.last?.header("If-None-Match") == "\"v1\"")
        #expect(loader.requests.last?.header("Range") == nil)
        #expect(pipeline.counters.revalidated == 1 && pipeline.counters.notModified == 1)
    }

    @Test func a304RefreshesTheEntrySoTheNextLoadsNeedNoRequest() async throws {
        // Given a stale entry revalidated with a 304 at t = 61 s
        let (loader, disk, date, pipeline) = try harness(origin: ["Cache-Control": "max-age=60", "ETag": "\"v1\""])
        _ = try await pipeline.image(for: ImageRequest(string: url))
        date.advance(61)
        let events = pipeline.events
        _ = try await pipeline.image(for: ImageRequest(string: url))
        let loadEvents = await events.collect { if case .finished = $0.kind, $0.stage == .task { true } else { false } }
        let revalidation = loadEvents.first { if case .revalidated = $0.kind { true } else { false } }
        #expect(revalidation?.kind == .revalidated(notModified: true))
        #expect(revalidation?.stage == .data)
        // When loaded again within the new 60 s / Then from disk with no request: the age restarted
        date.advance(59)
        #expect(try await pipeline.image(for: ImageRequest(string: url)).source == .disk)
        #expect(loader.loadCount(url) == 2)
        let stored = try #require(await disk.cachedData(for: url))
        #expect(stored.bytes == body)
        #expect(stored.freshness?.receivedAt == Date(timeIntervalSince1970: 1_800_000_061))
    }

    @Test func aChangedETagGetsA200ThatReplacesTheEntry() async throws {
        // Given an entry of version 1 of the image, now stale
        let (loader, disk, date, pipeline) = try harness(origin: ["Cache-Control": "max-age=10", "ETag": "\"v1\""])
        _ = try await pipeline.image(for: ImageRequest(string: url))
        date.advance(11)
        // When the origin now has version 2
        let newBody = Fixtures.jpeg(seed: 200)
        origin(loader, headers: ["Cache-Control": "max-age=10", "ETag": "\"v2\""], body: newBody)
        let response = try await pipeline.image(for: ImageRequest(string: url))
        // Then the conditional request got the new bytes, which replaced the entry
        #expect(response.source == .network)
        #expect(loader.requests.last?.header("If-None-Match") == "\"v1\"")
        #expect(pipeline.counters.revalidated == 1 && pipeline.counters.notModified == 0)
        let stored = try #require(await disk.cachedData(for: url))
        #expect(stored.bytes == newBody)
        #expect(stored.freshness?.etag == "\"v2\"")
    }

    @Test func a304ForAnotherETagNeitherRefreshesNorServesTheEntry() async throws {
        // Given a stale entry of version 1
        let (loader, disk, date, pipeline) = try harness(origin: ["Cache-Control": "max-age=10", "ETag": "\"v1\""])
        _ = try await pipeline.image(for: ImageRequest(string: url))
        date.advance(11)
        // When the origin answers the conditional request with a 304 naming version 2 (RFC 9111
        // §4.3.4: it is not about the stored response), and a plain GET with version 2
        let newBody = Fixtures.jpeg(seed: 201)
        loader.set(url) { request, _ in
            if request.header("If-None-Match") != nil {
                return .init(status: 304, headers: ["ETag": "\"v2\"", "Cache-Control": "max-age=10"], body: [],
                    sendsContentLength: false)
            }
            return .init(headers: ["ETag": "\"v2\"", "Cache-Control": "max-age=10"], body: newBody)
        }
        let response = try await pipeline.image(for: ImageRequest(string: url))

        // Then the old bytes were not used as validated: the request went again without
        // conditions, and version 2's bytes replaced the entry with its own tag
        #expect(response.source == .network)
        #expect(loader.loadCount(url) == 3)
        #expect(loader.requests[1].header("If-None-Match") == "\"v1\"")
        #expect(loader.requests[2].header("If-None-Match") == nil && loader.requests[2].header("If-Modified-Since") == nil)
        #expect(pipeline.counters.notModified == 0)
        let stored = try #require(await disk.cachedData(for: url))
        #expect(stored.bytes == newBody)
        #expect(stored.freshness?.etag == "\"v2\"")
    }

    @Test func a304ToTheUnconditionalRequestIsAFailure() async throws {
        // Given a stale entry of version 1 and an origin answering every request with a 304 for version 2
        let (loader, disk, date, pipeline) = try harness(origin: ["Cache-Control": "max-age=10, must-revalidate", "ETag": "\"v1\""])
        _ = try await pipeline.image(for: ImageRequest(string: url))
        date.advance(11)
        loader.set(url, .init(status: 304, headers: ["ETag": "\"v2\""], body: [], sendsContentLength: false))

        // When loaded / Then it fails with the status (must-revalidate: no stale bytes either),
        // after one conditional and one plain request, and the entry was not refreshed
        await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(string: url)) }
        #expect(loader.loadCount(url) == 3)
        let stored = try #require(await disk.cachedData(for: url))
        #expect(stored.freshness?.etag == "\"v1\"")
        #expect(stored.freshness?.receivedAt == Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test func noStoreIsNeverWrittenAndRemovesTheEntryItReplaces() async throws {
        // Given an image sent with no-store
        let (loader, disk, date, pipeline) = try harness(origin: ["Cache-Control": "no-store", "ETag": "\"v1\""])
        // When loaded twice / Then nothing is on disk and both loads went to the network
        #expect(try await pipeline.image(for: ImageRequest(string: url)).source == .network)
        #expect(await disk.cachedData(for: url) == nil)
        #expect(try await pipeline.image(for: ImageRequest(string: url)).source == .network)
        #expect(loader.loadCount(url) == 2)
        // Given a stale entry whose URL now answers no-store (a 200: the tag changed)
        await disk.store(
            CachedData(bytes: body, freshness: CacheFreshness(
                head: DataResponseHead(statusCode: 200, headers: ["ETag": "\"v0\"", "Cache-Control": "max-age=1"]),
                receivedAt: date().addingTimeInterval(-10))),
            for: url)
        _ = try await pipeline.image(for: ImageRequest(string: url))
        // Then the entry is gone
        #expect(await disk.cachedData(for: url) == nil)
    }

    @Test func aStaleEntryWithoutValidatorsIsDownloadedAgainWithAPlainGet() async throws {
        // Given a response with max-age 5 and no validator, loaded, then 6 s later
        let (loader, _, date, pipeline) = try harness(origin: ["Cache-Control": "max-age=5"])
        _ = try await pipeline.image(for: ImageRequest(string: url))
        date.advance(6)
        // When loaded again / Then a plain GET, not counted as a revalidation
        #expect(try await pipeline.image(for: ImageRequest(string: url)).source == .network)
        #expect(loader.requests.last?.headers.isEmpty == true)
        #expect(pipeline.counters.revalidated == 0)
    }

    @Test func aNoCacheEntryIsRevalidatedEveryTime() async throws {
        let loader = MockDataLoader()
        origin(loader, headers: ["Cache-Control": "no-cache", "ETag": "\"v1\""])
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        let pipeline = pipeline(loader, disk: disk, date: SteppedDate())
        for _ in 0..<3 { _ = try await pipeline.image(for: ImageRequest(string: url)) }
        #expect(loader.loadCount(url) == 3)
        #expect(pipeline.counters.notModified == 2)
    }

    @Test func anInterruptedReplacementResumesWithRangeAndNoConditionalHeaders() async throws {
        // Given a stale entry of "v1", and a replacement "v2" cut off after 300 bytes
        let loader = MockDataLoader()
        let disk = try DiskCache(directory: Fixtures.temporaryDirectory())
        let date = SteppedDate()
        let pipeline = pipeline(loader, disk: disk, date: date)
        origin(loader, headers: ["Cache-Control": "max-age=1", "ETag": "\"v1\""])
        _ = try await pipeline.image(for: ImageRequest(string: url))
        date.advance(2)
        let newBody = Fixtures.jpeg(seed: 90)
        loader.set(url) { request, _ in
            if let range = request.header("Range") {
                let start = Int(range.dropFirst("bytes=".count).dropLast()) ?? 0
                return .init(
                    status: 206,
                    headers: ["ETag": "\"v2\"", "Content-Range": "bytes \(start)-\(newBody.count - 1)/\(newBody.count)"],
                    body: Array(newBody[start...]))
            }
            return .init(headers: ["ETag": "\"v2\"", "Cache-Control": "max-age=1"], body: newBody, failAfterBytes: 300)
        }
        // (the cut-off load is served the stale bytes: the origin failed to answer)
        #expect(try await pipeline.image(for: ImageRequest(string: url)).source == .disk)
        // When loaded again
        let response = try await pipeline.image(for: ImageRequest(string: url))
        // Then the resume asked for the rest with If-Range only, and its bytes replaced the entry
        let last = try #require(loader.requests.last)
        #expect(last.header("Range") == "bytes=300-" && last.header("If-Range") == "\"v2\"")
        #expect(last.header("If-None-Match") == nil && last.header("If-Modified-Since") == nil)
        #expect(response.source == .networkResumed(from: 300))
        #expect(await disk.cachedData(for: url)?.bytes == newBody)
    }
}

/// A stale entry when the origin cannot be reached.
@Suite(.timeLimit(.minutes(1))) struct PipelineStaleOnErrorTests {
    let url = Fixtures.url

    func setUp(cacheControl: String) async throws -> (MockDataLoader, ImagePipeline, PipelineFreshnessTests.SteppedDate) {
        let (loader, _, date, pipeline) = try PipelineFreshnessTests()
            .harness(origin: ["Cache-Control": cacheControl, "ETag": "\"v1\""])
        _ = try await pipeline.image(for: ImageRequest(string: url))
        date.advance(120)
        return (loader, pipeline, date)
    }

    @Test func aStaleEntryIsServedWhenRevalidationFailsWithATransportErrorOrA5xx() async throws {
        // Given a stale entry and an origin that is down
        let (loader, pipeline, _) = try await setUp(cacheControl: "max-age=60")
        loader.set(url, .init(error: .transport("connection refused")))
        // When it is loaded / Then the stale bytes are served from disk
        #expect(try await pipeline.image(for: ImageRequest(string: url)).source == .disk)
        // And the same for a 503
        loader.set(url, .init(status: 503, body: Array("down".utf8)))
        #expect(try await pipeline.image(for: ImageRequest(string: url)).source == .disk)
        // But not for a 404: the image is gone
        loader.set(url, .init(status: 404, body: Array("gone".utf8)))
        await #expect(throws: ImageLoadError.httpStatus(404)) { try await pipeline.image(for: ImageRequest(string: url)) }
    }

    @Test func mustRevalidateMeansNoStaleBytesOnError() async throws {
        let (loader, pipeline, _) = try await setUp(cacheControl: "max-age=60, must-revalidate")
        loader.set(url, .init(error: .transport("connection refused")))
        await #expect(throws: ImageLoadError.transport("connection refused")) {
            try await pipeline.image(for: ImageRequest(string: url))
        }
    }
}
