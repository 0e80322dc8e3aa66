import FeedSources
import Foundation
import ImageCodecs
import ImageLoading
import Testing

@Suite struct URLListFeedTests {
    @Test func skipsCommentsAndBlanksAndKeepsInvalidLinesAsFailingItems() async throws {
        // Given a list with comments, blank lines, good URLs, a path and junk
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write(
            "urls.txt",
            """
            # my photos
            https://example.com/photos/one.jpg

              http://example.com:8080/two.png  \r
            /srv/photos/three.jpg
            not a url at all
            ftp://example.com/four.jpg
            http:///no-host.jpg
            """)
        // When it is read and paged
        let feed = try URLListFeed(file: file, pageSize: 4)
        let first = try await feed.loadNextPage()
        let second = try await feed.loadNextPage()
        let photos = first + second
        // Then every non-comment line is a photo, ids are line numbers
        #expect(first.count == 4)
        #expect(photos.map(\.id) == ["2", "4", "5", "6", "7", "8"])
        #expect(photos.map(\.author).prefix(3) == ["one.jpg", "two.png", "three.jpg"])
        #expect(await feed.summary == "urls.txt (6)")
        #expect(await feed.totalCount == 6)
        #expect(await feed.hasMore == false)
        // And invalid lines have no URL, so loading them fails with invalidURL instead of hanging
        let urls = photos.map { $0.imageRequest(for: PixelSize(width: 8, height: 8)).url?.absoluteString }
        #expect(
            urls == [
                "https://example.com/photos/one.jpg", "http://example.com:8080/two.png",
                "file:///srv/photos/three.jpg", nil, nil, nil,
            ])
        #expect(photos.last?.author == "http:///no-host.jpg")
    }

    @Test func anInvalidLineFailsInThePipelineWithInvalidURL() async throws {
        // Given a list whose only line is junk
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let photo = try #require(
            try await URLListFeed(file: try folder.write("junk.txt", "nonsense\n")).loadNextPage().first)
        // When the pipeline loads it
        let pipeline = ImagePipeline(configuration: .init(memoryCache: ImageCache()))
        defer { Task { await pipeline.shutdown() } }
        let error = await #expect(throws: ImageLoadError.self) {
            try await pipeline.image(for: photo.imageRequest(for: PixelSize(width: 8, height: 8)))
        }
        // Then it fails at once as an invalid URL
        #expect(error?.kind == .invalidURL)
    }

    @Test func anOversizedListIsRefused() throws {
        // Given a list over the byte limit
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write("big.txt", String(repeating: "https://example.com/a.jpg\n", count: 100))
        // When it is opened with a small limit, Then it is refused
        let error = #expect(throws: FeedError.self) { try URLListFeed(file: file, byteLimit: 100) }
        #expect(error?.kind == .tooLarge)
    }
}
