import FeedSources
import Foundation
import ImageLoading
import PicsumServer
import TestSupport
import Testing
import Vocabulary

/// Low-data variants: picsum-style photos carry a quarter-area URL, originals carry none, and a
/// real `ImageLoader` loads the small one in low-data mode and upgrades when it is switched off.
@Suite(.serialized, .tags(.realTime)) struct LowDataRequestTests {
    @Test func picsumRequestsCarryAQuarterAreaURL() throws {
        // Given a picsum-style photo
        let base = try #require(URL(string: "http://127.0.0.1:8080/"))
        let photo = FeedPhoto(
            id: "7", author: "A", size: PixelSize(width: 800, height: 600), origin: .picsum(base: base, cacheNamespace: "ns"))

        // When a 64×48 thumbnail is requested
        let request = photo.imageRequest(for: PixelSize(width: 64, height: 48))

        // Then the low-data URL is the same photo at half the width and height
        #expect(photo.hasLowDataVariant)
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/id/7/64/48")
        #expect(request.lowDataURL?.absoluteString == "http://127.0.0.1:8080/id/7/32/24")
        #expect(request.lowDataVariant?.imageID != request.imageID)
    }

    @Test func lowDataSizeIsHalfEachSideButAtLeastEightPixels() {
        #expect(FeedPhoto.lowDataSize(for: PixelSize(width: 64, height: 48)) == PixelSize(width: 32, height: 24))
        #expect(FeedPhoto.lowDataSize(for: PixelSize(width: 12, height: 10)) == PixelSize(width: 8, height: 8))
        #expect(FeedPhoto.lowDataSize(for: PixelSize(width: 5, height: 0)) == PixelSize(width: 5, height: 1))
    }

    @Test func originalsHaveNoLowDataVariant() {
        // Given a file photo
        let photo = FeedPhoto(
            id: "a.jpg", author: "a.jpg", size: nil, origin: .original(URL(fileURLWithPath: "/photos/a.jpg")))
        // Then its requests have no low-data URL
        #expect(!photo.hasLowDataVariant)
        #expect(photo.imageRequest(for: PixelSize(width: 64, height: 48)).lowDataURL == nil)
    }

    @Test func loaderFetchesTheSmallImageThenTheRegularOneWhenLoadedAgain() async throws {
        // Given the embedded server and a row loader in low-data mode
        try await EmbeddedServer.with(count: 5) { server, pipeline, dataLoader in
            let feed = PicsumFeed.embedded(baseURL: server.baseURL, photoSet: server.photoSet, dataLoader: dataLoader, pageSize: 5)
            let photo = try #require(try await feed.loadNextPage().first)
            let loader = ImageLoader(pipeline: pipeline)
            loader.lowData = true

            // When a 48×32 thumbnail is loaded
            loader.load(photo.imageRequest(for: PixelSize(width: 48, height: 32), priority: .high))

            // Then the server's quarter-area image arrives first
            let small = try await Self.firstSuccess(of: loader)
            #expect(small.bitmap.size == PixelSize(width: 24, height: 16))
            #expect(loader.showsLowData)

            // When low-data mode is switched off and the thumbnail is loaded again (the viewer's
            // model emits that load)
            loader.lowData = false
            loader.load(photo.imageRequest(for: PixelSize(width: 48, height: 32), priority: .high))

            // Then it is the regular thumbnail
            let full = try await Self.firstSuccess(of: loader) { $0.bitmap.size.width > 24 }
            #expect(full.bitmap.size == PixelSize(width: 48, height: 32))
            #expect(!loader.showsLowData)
        }
    }

    private struct LoadFailed: Error {
        var description: String
    }

    /// The first successful phase of `loader` matching `accept`; a failure phase throws.
    private static func firstSuccess(
        of loader: ImageLoader, where accept: (ImageResponse) -> Bool = { _ in true }
    ) async throws -> ImageResponse {
        for await phase in loader.phases {
            switch phase {
            case .success(let response) where accept(response): return response
            case .failure(let error): throw LoadFailed(description: "\(error)")
            default: continue
            }
        }
        throw LoadFailed(description: "the phases ended")
    }
}
