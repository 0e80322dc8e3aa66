import Foundation
@testable import ImageCodecs
@testable import ImageLoading
import TestSupport
import Testing

/// Damaged pictures through the pipeline (issue 50): a download cut for good is shown as far as
/// it decodes, marked, never written to the disk cache; a damaged file's picture stays marked in
/// the memory cache; without `allowsPartialImages` both fail as before.
@Suite struct PipelineDamagedImageTests {
    let url = Fixtures.url
    /// A photo whose rows take about the same bytes each (a gradient), 160 rows tall.
    let body = Fixtures.jpeg(width: 120, height: 160)

    private func pipeline(
        _ loader: MockDataLoader, partial: Bool = true, diskCache: (any DataCaching)? = nil, retries: RetryPolicy = .never
    ) -> ImagePipeline {
        var configuration = ImagePipeline.Configuration(
            dataLoader: loader, memoryCache: ImageCache(), diskCache: diskCache, retryPolicy: retries, clock: ManualClock(),
            decodeConcurrency: 2)
        configuration.allowsPartialImages = partial
        return ImagePipeline(configuration: configuration)
    }

    /// The body announced whole but cut after `share` of its bytes, with no validator (so no resume).
    private func cutResponse(_ share: Double) -> MockDataLoader.Response {
        MockDataLoader.Response(headers: [:], body: body, chunkSize: 512, failAfterBytes: Int(Double(body.count) * share))
    }

    @Test func aDownloadCutForGoodShowsWhatArrivedMarked() async throws {
        // Given a server that closes after 60 % of the body, no Accept-Ranges, no validator
        let loader = MockDataLoader()
        loader.set(url, cutResponse(0.6))
        let directory = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let disk = try DiskCache(directory: directory)
        let pipeline = pipeline(loader, diskCache: disk)
        let events = pipeline.events
        // When the photo is loaded
        let response = try await pipeline.image(for: ImageRequest(string: url))
        // Then its picture is the top of the photo, marked as cut, about 60 % decoded
        let damage = try #require(response.damage)
        #expect(damage.isTruncated)
        #expect(damage.reason == "the download ended after \(Int(Double(body.count) * 0.6)) of \(body.count) bytes")
        #expect((40...65).contains(damage.percent), "\(damage.percent) %")
        #expect(response.bitmap.height == 160)
        // And the disk cache holds nothing for it, and the cut was an event of the download
        #expect(await disk.cachedData(for: url) == nil)
        #expect(await disk.totalSize() == 0)
        let seen = await events.collect(until: { $0.kind == .finished(.network) && $0.stage == .task })
        #expect(seen.contains { $0.kind == .cut(received: Int(Double(body.count) * 0.6), expected: body.count) })
        #expect(seen.contains { if case .damaged = $0.kind { $0.stage == .image } else { false } })
    }

    @Test func aBodyShorterThanItsLengthIsCutToo() async throws {
        // Given a server whose body ends quietly after half of the length it announced
        let loader = MockDataLoader()
        loader.set(url, MockDataLoader.Response(
            headers: ["Content-Length": String(body.count)], body: Array(body.prefix(body.count / 2)), sendsContentLength: false))
        let pipeline = pipeline(loader)
        // When loaded
        let response = try await pipeline.image(for: ImageRequest(string: url))
        // Then it is drawn to about half, the reason naming the bytes that came
        let damage = try #require(response.damage)
        #expect(damage.reason == "the download ended after \(body.count / 2) of \(body.count) bytes")
        #expect((30...55).contains(damage.percent), "\(damage.percent) %")
    }

    @Test func theRetriesAreSpentBeforeTheCutIsShown() async throws {
        // Given a server that cuts the body every time, and two attempts allowed
        let loader = MockDataLoader()
        loader.set(url, cutResponse(0.6))
        let clock = ManualClock()
        var configuration = ImagePipeline.Configuration(
            dataLoader: loader, memoryCache: ImageCache(), retryPolicy: RetryPolicy(maxAttempts: 2), clock: clock,
            decodeConcurrency: 2)
        configuration.allowsPartialImages = true
        let pipeline = ImagePipeline(configuration: configuration)
        // When loaded (the retry's delay passed on the manual clock)
        let task = Task { try await pipeline.image(for: ImageRequest(string: url)) }
        await clock.sleepRequested(1)
        clock.advance(by: .seconds(60))
        let response = try await task.value
        // Then both attempts were made before the cut picture was shown
        #expect(loader.loadCount(url) == 2)
        #expect(response.damage?.isTruncated == true)
    }

    @Test func theRetryKeyLoadsItAgainAndItComesWhole() async throws {
        // Given a photo shown cut, and a server that sends it whole the second time
        let loader = MockDataLoader()
        let whole = body
        let cut = cutResponse(0.6)
        loader.set(url) { _, attempt in attempt == 1 ? cut : MockDataLoader.Response(body: whole) }
        let pipeline = pipeline(loader)
        let first = try await pipeline.image(for: ImageRequest(string: url))
        #expect(first.damage != nil)
        // When it is loaded again (the row's retry)
        let second = try await pipeline.image(for: ImageRequest(string: url))
        // Then the memory cache did not keep the cut picture: it downloaded again, whole
        #expect(second.source == .network)
        #expect(second.damage == nil)
        #expect(loader.loadCount(url) == 2)
    }

    @Test func withoutPartialImagesACutDownloadFailsAsBefore() async throws {
        // Given the same cut server and a pipeline that refuses partial pictures
        let loader = MockDataLoader()
        loader.set(url, cutResponse(0.6))
        let pipeline = pipeline(loader, partial: false)
        // When loaded, Then the load fails with the transport's reason
        await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(string: url)) }
    }

    @Test func aCutThatDecodesToNothingFailsNamingTheCut() async throws {
        // Given a server that closes inside the JPEG's header
        let loader = MockDataLoader()
        loader.set(url, MockDataLoader.Response(body: body, chunkSize: 8, failAfterBytes: 40))
        let pipeline = pipeline(loader)
        // When loaded
        let error = await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(string: url)) }
        // Then the reason is the cut, not the decoder's
        #expect(error?.description.contains("the download ended after 40 of \(body.count) bytes") == true)
    }

    @Test func aDamagedFileStaysMarkedInTheMemoryCache() async throws {
        // Given a file cut at 60 %, served whole as it is (its length is its own)
        let loader = MockDataLoader()
        loader.set(url, MockDataLoader.Response(body: Array(body.prefix(body.count * 6 / 10))))
        let pipeline = pipeline(loader)
        let first = try await pipeline.image(for: ImageRequest(string: url))
        // When it is asked for again
        let second = try await pipeline.image(for: ImageRequest(string: url))
        // Then the memory cache answered, and its picture is still marked, with the decoder's reason
        #expect(second.source == .memory)
        #expect(second.damage == first.damage)
        #expect(second.damage?.reason.contains("JPEG") == true)
        #expect(loader.loadCount(url) == 1)
    }
}

extension PipelineDamagedImageTests {
    @Test func theOriginalsBytesOfACutDownloadAreAnErrorNeverTakenForWhole() async throws {
        // Given a server that cuts the body, and a pipeline allowing partial pictures
        let loader = MockDataLoader()
        loader.set(url, MockDataLoader.Response(body: body, chunkSize: 512, failAfterBytes: body.count / 2))
        let pipeline = pipeline(loader)
        // When the original's bytes are asked for (to save it, to read its metadata)
        let error = await #expect(throws: ImageLoadError.self) { try await pipeline.data(for: ImageRequest(string: url)) }
        // Then they are refused, the reason naming the cut
        #expect(error?.description.contains("the download ended after \(body.count / 2) of \(body.count) bytes") == true)
    }
}
