import Foundation
@testable import ImageLoading
@testable import ImageLoadingTests
import TestSupport
import Testing

/// A download that ends early and cannot be resumed, over a real socket (issue 50, point 3): a
/// server that announces the whole length, sends 60 % of the body and closes, with no
/// `Accept-Ranges` and no validator. What arrived is shown, marked; the disk cache keeps nothing;
/// loading it again (the retry key) brings it whole once the server is well.
@Suite(.serialized, .timeLimit(.minutes(1)), .tags(.realTime)) struct CutDownloadIntegrationTests {
    @Test func aBodyCutAt60PercentIsShownMarkedAndNotStoredAndTheRetryBringsItWhole() async throws {
        // Given a 120×160 photo behind a server that closes after 60 % of it, and a pipeline with
        // a disk cache and two attempts a load
        let body = Fixtures.jpeg(width: 120, height: 160)
        let well = Flag()
        let server = try LoopbackHTTPServer { _ in
            well.isSet ? .ok(body, type: "image/jpeg") : .cut(body, type: "image/jpeg", sent: Int(Double(body.count) * 0.6))
        }
        let directory = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let disk = try DiskCache(directory: directory)
        var configuration = ImagePipeline.Configuration(
            memoryCache: ImageCache(), diskCache: disk,
            retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(10), jitter: 0))
        configuration.allowsPartialImages = true
        let pipeline = ImagePipeline(configuration: configuration)
        let url = server.url("/photo.jpg")

        // When it is loaded
        let cut = try await pipeline.image(for: ImageRequest(url: url))

        // Then both attempts were cut, and the picture is what arrived: about 60 % decoded, marked
        #expect(server.requests == 2)
        let damage = try #require(cut.damage)
        #expect(damage.isTruncated)
        #expect(damage.reason == "the download ended after \(Int(Double(body.count) * 0.6)) of \(body.count) bytes")
        #expect((45...62).contains(damage.percent), "\(damage.percent) %")
        #expect(cut.bitmap.height == 160)
        // And the disk cache has no entry for it
        #expect(await disk.cachedData(for: url.absoluteString) == nil)
        #expect(await disk.totalSize() == 0)

        // When the server is well again and the photo is loaded again (the viewer's r)
        well.set()
        let whole = try await pipeline.image(for: ImageRequest(url: url))

        // Then it came whole from the network, and only now is it on disk
        #expect(whole.source == .network)
        #expect(whole.damage == nil)
        #expect(server.requests == 3)
        #expect(await disk.cachedData(for: url.absoluteString)?.bytes == body)
        await pipeline.shutdown()
    }
}
