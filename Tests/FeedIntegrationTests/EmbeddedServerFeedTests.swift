import FeedSources
import Foundation
import ImageLoading
import PicsumServer
import TestSupport
import Testing
import Vocabulary

/// `PicsumFeed` over loopback against the real embedded server and the real HTTP loader.
@Suite(.serialized, .tags(.realTime)) struct EmbeddedServerFeedTests {
    @Test func pagesTheWholeServerFeedAndLoadsAThumbnail() async throws {
        // Given the embedded server with 45 photos
        try await EmbeddedServer.with(count: 45) { server, pipeline, loader in
            let feed = PicsumFeed.embedded(baseURL: server.baseURL, photoSet: server.photoSet, dataLoader: loader, pageSize: 20)
            // When it is paged to the end
            var photos: [FeedPhoto] = []
            while await feed.hasMore { photos += try await feed.loadNextPage() }
            // Then every photo arrives once, with sizes, in three pages
            #expect(photos.count == 45)
            #expect(Set(photos.map(\.id)).count == 45)
            #expect(photos.allSatisfy { $0.size != nil && !$0.author.isEmpty })
            // And a thumbnail request comes back at exactly the asked size, resized by the server
            let request = photos[3].imageRequest(for: PixelSize(width: 48, height: 32))
            let response = try await pipeline.image(for: request)
            #expect(response.bitmap.size == PixelSize(width: 48, height: 32))
            #expect(response.originalSize == PixelSize(width: 48, height: 32))
        }
    }
}
