import FeedSources
import Foundation
import ImageCodecs
import ImageLoading
import Synchronization
import Testing

import Vocabulary
#if canImport(Glibc)
import Glibc
#endif

@Suite struct DirectoryFeedTests {
    @Test func listsImagesByNameSkipsOtherFilesAndProbesSizes() async throws {
        // Given a folder with two photos, a PNG, a text file, a fake ".jpg" and a hidden file
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.copy(TemporaryDirectory.assets.appendingPathComponent("coffee.jpg"), as: "b10.jpg")
        try folder.copy(TemporaryDirectory.assets.appendingPathComponent("brick.jpg"), as: "b2.jpg")
        let png = try PNGEncoder.encode(Bitmap(width: 3, height: 2, fill: RGBA(1, 2, 3)))
        try Data(png).write(to: folder.url.appendingPathComponent("a.png"))
        _ = try folder.write("notes.txt", "not a photo")
        _ = try folder.write("fake.jpg", "plain text named like a photo")
        try folder.copy(TemporaryDirectory.assets.appendingPathComponent("clock.jpg"), as: ".hidden.jpg")
        // When the folder is opened as a feed and paged
        let feed = try DirectoryFeed(directory: folder.url, pageSize: 2)
        let first = try await feed.loadNextPage()
        let second = try await feed.loadNextPage()
        // Then only images are listed, in natural name order, with their header sizes
        #expect((first + second).map(\.id) == ["a.png", "b2.jpg", "b10.jpg"])
        #expect(first[0].size == PixelSize(width: 3, height: 2))
        #expect(first[1].size != nil)
        #expect(await feed.totalCount == 3)
        #expect(await feed.hasMore == false)
        #expect(try await feed.loadNextPage().isEmpty)
        #expect(await feed.summary.hasSuffix("(3 photos)"))
        // And each photo loads its original file, resized locally
        let request = first[1].imageRequest(for: PixelSize(width: 40, height: 30))
        #expect(request.url == folder.url.appendingPathComponent("b2.jpg"))
        #expect(request.processors == [.resize(to: PixelSize(width: 40, height: 30), mode: .fill)])
        #expect(first[1].location(for: PixelSize(width: 40, height: 30)).isResizedBySource == false)
    }

    @Test func aSignatureWithABrokenHeaderKeepsAnUnknownSize() async throws {
        // Given a file that starts like a JPEG and then stops
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00]).write(to: folder.url.appendingPathComponent("cut.jpg"))
        // When it is paged
        let photos = try await DirectoryFeed(directory: folder.url).loadNextPage()
        // Then it is listed (it will fail to load with the decoder's reason) with no size
        #expect(photos.map(\.id) == ["cut.jpg"])
        #expect(photos[0].size == nil)
    }

    @Test func aFIFOIsNotListedAndNeverBlocksTheListing() throws {
        // Given a folder holding a photo and a FIFO named like one, with no writer
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.copy(TemporaryDirectory.assets.appendingPathComponent("coffee.jpg"), as: "a.jpg")
        let fifo = folder.url.appendingPathComponent("b.jpg")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        // When the folder is listed (off the test's thread, so that a listing stuck opening the
        // FIFO is reported instead of hanging the test run)
        let listed = DispatchSemaphore(value: 0)
        let files = Mutex<[String]?>(nil)
        DispatchQueue.global().async {
            let names = try? DirectoryFeed.imageFiles(in: folder.url).map(\.lastPathComponent)
            files.withLock { $0 = names }
            listed.signal()
        }
        // Then it returns at once with the photo only (the deadline only fires when it is broken)
        if listed.wait(timeout: .now() + .seconds(20)) == .timedOut {
            Issue.record("listing a folder with a FIFO blocked")
            // Unblock the stuck reader: a writer's open completes the reader's, then EOF.
            let writer = open(fifo.path, O_WRONLY)
            if writer >= 0 { close(writer) }
            listed.wait()
        }
        #expect(files.withLock { $0 } == ["a.jpg"])
    }

    @Test func openingTouchesNoFileUntilTheFirstPage() async throws {
        // Given a folder with a photo
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.copy(TemporaryDirectory.assets.appendingPathComponent("coffee.jpg"), as: "a.jpg")
        // When the feed is opened and the photo then removed, before any page
        let feed = try DirectoryFeed(directory: folder.url)
        #expect(await feed.totalCount == nil)
        #expect(await feed.hasMore)
        #expect(await !feed.summary.contains("photo"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("a.jpg"))
        try folder.copy(TemporaryDirectory.assets.appendingPathComponent("brick.jpg"), as: "b.jpg")
        // Then the first page lists the folder as it is then (nothing was read at opening)
        #expect(try await feed.loadNextPage().map(\.id) == ["b.jpg"])
        #expect(await feed.totalCount == 1)
        #expect(await feed.summary.hasSuffix("(1 photo)"))
    }

    @Test func aMissingFolderIsAClearError() throws {
        // Given a path that does not exist
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        // When it is opened, Then a transport error names it
        let error = #expect(throws: FeedError.self) { try DirectoryFeed(directory: missing) }
        #expect(error?.kind == .transport)
        #expect(error?.description.contains(missing.path) == true)
    }
}

/// Folder feeds list lazily: a page reads only its own files; special files are error rows.
@Suite("Folder feed: lazy pages")
struct DirectoryFeedLazyTests {
    @Test func aPageReadsOnlyItsOwnFiles() async throws {
        // Given a folder of four photos, paged two at a time (first page 2, then up to 4)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for name in ["a.jpg", "b.jpg", "c.jpg", "d.jpg"] {
            try folder.copy(TemporaryDirectory.assets.appendingPathComponent("coffee.jpg"), as: name)
        }
        let feed = try DirectoryFeed(directory: folder.url, pageSize: 2)
        // When the first page is read, then c.jpg is replaced by another photo before the second
        let first = try await feed.loadNextPage()
        #expect(await feed.totalCount == nil)
        #expect(await feed.summary.hasSuffix("(4 files)"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("c.jpg"))
        let png = try PNGEncoder.encode(Bitmap(width: 5, height: 7, fill: RGBA(1, 2, 3)))
        try Data(png).write(to: folder.url.appendingPathComponent("c.jpg"))
        let second = try await feed.loadNextPage()
        // Then the second page shows c.jpg as it is now: the first page never read it
        #expect(first.map(\.id) == ["a.jpg", "b.jpg"])
        #expect(second.map(\.id) == ["c.jpg", "d.jpg"])
        #expect(second[0].size == PixelSize(width: 5, height: 7))
        #expect(await feed.totalCount == 4)
        #expect(await feed.summary.hasSuffix("(4 photos)"))
    }

    @Test func pagesGrowToTheMaximum() async throws {
        // Given 40 photos (links of one) and pages starting at 3, at most 10
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.copy(TemporaryDirectory.assets.appendingPathComponent("clock.jpg"), as: "p00.jpg")
        for index in 1..<40 {
            try FileManager.default.linkItem(
                atPath: folder.url.appendingPathComponent("p00.jpg").path,
                toPath: folder.url.appendingPathComponent(String(format: "p%02d.jpg", index)).path)
        }
        let feed = try DirectoryFeed(directory: folder.url, pageSize: 3, maxPageSize: 10)
        var sizes: [Int] = []
        while await feed.hasMore { sizes.append(try await feed.loadNextPage().count) }
        #expect(sizes == [3, 6, 10, 10, 10, 1])
    }

    @Test func specialFilesAreErrorRowsNeverOpened() async throws {
        // Given a photo, a FIFO with no writer and a socket among it
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.copy(TemporaryDirectory.assets.appendingPathComponent("coffee.jpg"), as: "a.jpg")
        try #require(mkfifo(folder.url.appendingPathComponent("b.jpg").path, 0o600) == 0)
        // When the folder is paged
        let photos = try await DirectoryFeed(directory: folder.url).loadNextPage()
        // Then the FIFO is a row with no size, whose load fails at once saying what it is
        #expect(photos.map(\.id) == ["a.jpg", "b.jpg"])
        #expect(photos[1].size == nil)
        let request = photos[1].imageRequest(for: PixelSize(width: 32, height: 32))
        let error = await #expect(throws: ImageLoadError.self) {
            _ = try await FileDataLoader().load(DataRequest(url: try #require(request.url)))
        }
        #expect(error?.description == "not a regular file (a FIFO)")
    }
}
