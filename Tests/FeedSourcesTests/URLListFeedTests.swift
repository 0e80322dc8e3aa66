import FeedSources
import Foundation
import ImageLoading
import Testing
import Vocabulary

@Suite struct URLListFeedTests {
    @Test func skipsCommentsAndBlanksAndKeepsURLsAndAbsolutePaths() async throws {
        // Given a list with comments, blank lines, good URLs and paths
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write(
            "urls.txt",
            """
            # my photos
            https://example.com/photos/one.jpg

              http://example.com:8080/two.png  \r
            /srv/photos/three.jpg
            file:///srv/photos/four.jpg
            """)
        // When it is read and paged
        let feed = try URLListFeed(file: file, pageSize: 3)
        let first = try await feed.loadNextPage()
        let second = try await feed.loadNextPage()
        let photos = first + second
        // Then every non-comment line is a photo, ids are line numbers
        #expect(first.count == 3)
        #expect(photos.map(\.id) == ["2", "4", "5", "6"])
        #expect(photos.map(\.author) == ["one.jpg", "two.png", "three.jpg", "four.jpg"])
        #expect(await feed.summary == "urls.txt (4)")
        #expect(await feed.totalCount == 4)
        #expect(await feed.hasMore == false)
        #expect(feed.skippedLines.isEmpty)
        let urls = photos.map { $0.imageRequest(for: PixelSize(width: 8, height: 8)).url?.absoluteString }
        #expect(
            urls == [
                "https://example.com/photos/one.jpg", "http://example.com:8080/two.png",
                "file:///srv/photos/three.jpg", "file:///srv/photos/four.jpg",
            ])
    }

    @Test func linesThatAreNotImageLocationsAreSkippedWithTheirReason() async throws {
        // Given a list whose good line is surrounded by garbage, a relative path, a protocol-relative
        // URL, javascript:, data:, ftp: and host-less lines
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write(
            "mixed.txt",
            """
            not a url at all
            photos/relative.jpg
            //cdn.example.com/a.jpg
            javascript:alert(1)
            data:image/png;base64,iVBORw0KGgo=
            ftp://example.com/four.jpg
            http:///no-host.jpg
            https://exa mple.com/space.jpg
            https://example.com/good.jpg
            \u{1B}]0;owned\u{07}
            """)
        // When it is read
        let feed = try URLListFeed(file: file)
        let photos = try await feed.loadNextPage()
        // Then only the good line is a photo: no row is made for a line that cannot load
        #expect(photos.map(\.id) == ["9"])
        #expect(await feed.summary == "mixed.txt (1, 9 lines skipped)")
        // And every other line is reported with its number and why
        let skipped = feed.skippedLines
        #expect(skipped.map(\.number) == [1, 2, 3, 4, 5, 6, 7, 8, 10])
        #expect(skipped[0].reason.contains("not a URL or an absolute path"))
        #expect(skipped[1].reason.contains("relative paths are not resolved"))
        #expect(skipped[2].reason == "a scheme-relative URL (write http:// or https://)")
        #expect(skipped[3].reason == "javascript: URLs are not supported (only http, https and file)")
        #expect(skipped[4].reason.hasPrefix("data: URLs are not supported"))
        #expect(skipped[5].reason.hasPrefix("ftp: URLs are not supported"))
        #expect(skipped[6].reason == "the URL has no host")
        #expect(skipped[7].reason == "not a valid URL")
        #expect(skipped[3].description == "line 4: javascript:alert(1): javascript: URLs are not supported (only http, https and file)")
        // And a hostile line's control characters never reach the message
        #expect(!skipped[8].description.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func aFileWithNoUsableLineIsRefusedWithTheFirstReason() throws {
        // Given a list of only junk
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let junk = try folder.write("junk.txt", "nonsense\nftp://example.com/a.jpg\n")
        // When it is opened, Then it is an invalid feed naming the file and the first reason
        let error = #expect(throws: FeedError.self) { try URLListFeed(file: junk) }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.description.contains(junk.path) == true)
        #expect(error?.description.contains("line 1: nonsense: not a URL") == true)
        // And a list with no lines at all is an empty feed, not an error
        #expect(try URLListFeed(file: try folder.write("empty.txt", "# nothing yet\n")).photos.isEmpty)
    }

    @Test func aPhotoPassedAsAListIsRefusedAsNotText() throws {
        // Given a JPEG (some of its binary "lines" start with "/", like absolute paths)
        let photo = TemporaryDirectory.assets.appendingPathComponent("coffee.jpg")
        // When it is opened as a URL list, Then it is refused as not a text file, naming it
        let error = #expect(throws: FeedError.self) { try URLListFeed(file: photo) }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.description.contains("\(photo.path) is not a UTF-8 text file") == true)
    }

    @Test func aMissingFileFailsInThePipelineWithTheSystemsReason() async throws {
        // Given a list naming a file that does not exist
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let missing = folder.url.appendingPathComponent("missing.jpg").path
        let photo = try #require(
            try await URLListFeed(file: try folder.write("list.txt", missing + "\n")).loadNextPage().first)
        // When the pipeline (files only: no HTTP client to start and stop) loads it
        let pipeline = ImagePipeline(configuration: .init(dataLoader: FileDataLoader(), memoryCache: nil))
        let error = await #expect(throws: ImageLoadError.self) {
            try await pipeline.image(for: photo.imageRequest(for: PixelSize(width: 8, height: 8)))
        }
        await pipeline.shutdown()
        // Then it fails at once with the reason (the row's title names the file)
        #expect(error?.description == "transport error: no such file or directory")
        #expect(photo.author == "missing.jpg")
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
