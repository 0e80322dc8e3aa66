import FeedSources
import Foundation
import Testing

import Vocabulary
#if canImport(Glibc)
import Glibc
#endif

/// A folder photo knows its bytes, modification time and EXIF date taken; a folder sorted by
/// anything but its names checks every file a bounded batch per step, then pages in order.
@Suite("Directory feed: file facts and sorting at the source")
struct DirectoryFeedSortTests {
    /// a.png (big, 1990, no EXIF), b.jpg (small, 2010, taken 2023), c.jpg (2000, taken 2001),
    /// notes.txt (not a photo).
    private func folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let a = try PhotoFolder.write(try PhotoFolder.png(width: 64, height: 64) + [UInt8](repeating: 0, count: 5_000), at: "a.png", in: folder.url)
        let b = try PhotoFolder.write(try PhotoFolder.jpeg(taken: "2023:06:01 14:03:22"), at: "b.jpg", in: folder.url)
        let c = try PhotoFolder.write(try PhotoFolder.jpeg(taken: "2001:01:01 00:00:00") + [UInt8](repeating: 0, count: 10), at: "c.jpg", in: folder.url)
        _ = try folder.write("notes.txt", "no photo")
        PhotoFolder.setModified(a, seconds: 631_152_000)   // 1990
        PhotoFolder.setModified(b, seconds: 1_262_304_000) // 2010
        PhotoFolder.setModified(c, seconds: 946_684_800)   // 2000
        return folder
    }

    private func allPages(_ feed: DirectoryFeed) async throws -> [FeedPhoto] {
        var photos: [FeedPhoto] = []
        while await feed.hasMore { photos += try await feed.loadNextPage() }
        return photos
    }

    @Test func everyPhotoCarriesItsSizeModificationTimeAndDateTaken() async throws {
        // Given a folder of photos with set times, one with EXIF
        let folder = try folder()
        defer { folder.remove() }
        // When it is paged by name
        let photos = try await allPages(try DirectoryFeed(directory: folder.url))
        // Then each photo has its stat's bytes and time, and the JPEG its date taken
        #expect(photos.map(\.id) == ["a.png", "b.jpg", "c.jpg"])
        let bytes = try photos.map { try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent($0.id).path)[.size] as? Int }
        #expect(photos.map { $0.file?.byteCount } == bytes)
        #expect(photos.map { $0.file?.modified } == [631_152_000, 1_262_304_000, 946_684_800])
        #expect(photos.map { $0.file?.taken } == [nil, "2023:06:01 14:03:22", "2001:01:01 00:00:00"])
        #expect(photos[1].size == PixelSize(width: 4, height: 3), "the header is still probed")
    }

    @Test(arguments: [
        (PhotoSort.name, ["a.png", "b.jpg", "c.jpg"]),
        (.modified, ["a.png", "c.jpg", "b.jpg"]),
        (.taken, ["a.png", "c.jpg", "b.jpg"]),  // a.png has no EXIF: its modification time (1990) stands in
        (.size, ["b.jpg", "c.jpg", "a.png"]),
    ])
    func eachOrderPagesByItsKey(sort: PhotoSort, expected: [String]) async throws {
        // Given the folder, When it is paged in an order
        let folder = try folder()
        defer { folder.remove() }
        let feed = try DirectoryFeed(directory: folder.url, options: FolderOptions(sort: sort), pageSize: 2)
        let photos = try await allPages(feed)
        // Then the photos come in that order, and the feed knows its count
        #expect(photos.map(\.id) == expected)
        #expect(await feed.totalCount == 3)
        #expect(await feed.summary.hasSuffix("(3 photos)"))
    }

    @Test(arguments: [PhotoSort.size, .modified, .taken])
    func aFileWithoutKeysComesLast(sort: PhotoSort) async throws {
        // Given a FIFO among the photos (an error row: no file facts, though it has 0 bytes)
        let folder = try folder()
        defer { folder.remove() }
        #expect(mkfifo(folder.url.appendingPathComponent("0.jpg").path, 0o600) == 0)
        // When the folder is sorted by a key
        let photos = try await allPages(try DirectoryFeed(directory: folder.url, options: FolderOptions(sort: sort)))
        // Then the FIFO comes last, after every photo with the key
        #expect(photos.count == 4)
        #expect(photos.last?.id == "0.jpg")
        #expect(photos.last?.file == nil)
    }

    @Test func randomIsStableForASeedAndDiffersAcrossSeeds() async throws {
        // Given 30 photos
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let png = try PhotoFolder.png()
        for index in 0..<30 { try PhotoFolder.write(png, at: "p\(index).png", in: folder.url) }
        // When shuffled twice with one seed and once with another
        func shuffled(_ seed: UInt64) async throws -> [String] {
            try await allPages(try DirectoryFeed(directory: folder.url, options: FolderOptions(sort: .random, seed: seed))).map(\.id)
        }
        let first = try await shuffled(7)
        let again = try await shuffled(7)
        let other = try await shuffled(8)
        // Then one seed gives one order, another seed another, and no photo is lost
        #expect(first == again)
        #expect(first != other)
        #expect(Set(first).count == 30)
        #expect(first != (0..<30).map { "p\($0).png" }.sorted())
    }

    @Test func aSortedFolderChecksItsFilesABatchPerStepOfferingTheBestPageSoFar() async throws {
        // Given 20 photos whose sizes grow with their names, sorted largest last, checked 6 a step
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for index in 0..<20 {
            try PhotoFolder.write(try PhotoFolder.png() + [UInt8](repeating: 0, count: 20 - index), at: "p\(index).png", in: folder.url)
        }
        let feed = try DirectoryFeed(
            directory: folder.url, options: FolderOptions(sort: .size), pageSize: 3, listingBatch: 100, checkBatch: 6)
        // When steps are asked for until a page comes
        var steps: [FeedListingProgress] = []
        var page: [FeedPhoto]?
        while page == nil {
            switch try await feed.nextStep() {
            case .listing(let progress): steps.append(progress)
            case .page(let photos): page = photos
            }
        }
        // Then every step checked 6 more files (20 files: 6, 12, 18, then the page), each
        // offering the smallest 3 among those checked so far
        #expect(steps.map(\.filesChecked) == [6, 12, 18])
        #expect(steps.allSatisfy { $0.filesSoFar == 20 && $0.photos.count == 3 })
        #expect(steps.last?.photos.map(\.id) == ["p17.png", "p16.png", "p15.png"])
        // And the page is the real first page: the smallest files
        #expect(page?.map(\.id) == ["p19.png", "p18.png", "p17.png"])
        #expect(await feed.totalCount == 20)
    }
}
