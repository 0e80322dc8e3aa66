@testable import FeedSources
import Foundation
import SystemPackage
import Testing

/// A RAW and the JPEG (or HEIF) of the same name in one folder are one photo, a shot, shown
/// from the JPEG; everything else keeps its natural place, and `separatesPairs` shows them apart.
@Suite("Directory feed: a RAW and its JPEG as one shot")
struct DirectoryFeedShotTests {
    /// The repository's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A camera RAW file of Tests/CodecFixtures/conformance/raw.
    static func raw(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent("Tests/CodecFixtures/conformance/raw/\(name)")))
    }

    /// IMG_1.CR2 + IMG_1.CR2.xmp + IMG_1.JPG (a shot), IMG_2.jpg, IMG_10.RW2 (a RAW alone),
    /// IMG_1 copy.jpg (another stem), notes.txt; under `prefix` ("2024/") when given.
    private func shoot(prefix: String = "") throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try PhotoFolder.write(try Self.raw("CanonRaw.cr2"), at: prefix + "IMG_1.CR2", in: folder.url)
        try PhotoFolder.write(Array("<x:xmpmeta/>".utf8), at: prefix + "IMG_1.CR2.xmp", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.jpeg(taken: "2024:09:14 18:42:05"), at: prefix + "IMG_1.JPG", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.png(), at: prefix + "IMG_1 copy.png", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.jpeg(taken: nil), at: prefix + "IMG_2.jpg", in: folder.url)
        try PhotoFolder.write(try Self.raw("Panasonic.rw2"), at: prefix + "IMG_10.RW2", in: folder.url)
        _ = try PhotoFolder.write(Array("no photo".utf8), at: prefix + "notes.txt", in: folder.url)
        return folder
    }

    private func allPages(_ feed: DirectoryFeed) async throws -> [FeedPhoto] {
        var photos: [FeedPhoto] = []
        while await feed.hasMore { photos += try await feed.loadNextPage() }
        return photos
    }

    @Test func aRawAndItsJPEGAreOnePhotoShownFromTheJPEG() async throws {
        // Given a shoot with one RAW+JPEG pair, a RAW alone and JPEGs alone
        let folder = try shoot()
        defer { folder.remove() }
        // When it is paged by name, one photo a page (the pair's names across a page's end)
        let feed = try DirectoryFeed(directory: folder.url, pageSize: 1, maxPageSize: 1)
        let photos = try await allPages(feed)
        // Then the pair is one photo, shown from the JPEG, in the pair's natural place
        #expect(photos.map(\.id) == ["IMG_1 copy.png", "IMG_1.JPG", "IMG_2.jpg", "IMG_10.RW2"])
        let shot = try #require(photos[1].shot)
        #expect(shot.badge == "RAW+JPG")
        #expect(shot.companions.map(\.name) == [FilePath("IMG_1.CR2")])
        #expect(shot.companions.first?.file.byteCount == (try Self.raw("CanonRaw.cr2")).count)
        #expect(shot.companions.first?.file.identity != nil)
        #expect(photos[1].size == .init(width: 4, height: 3), "the JPEG's size")
        #expect(photos[1].shotNames == [FilePath("IMG_1.JPG"), FilePath("IMG_1.CR2")])
        #expect(photos[1].shotPaths.last == folder.url.localPath?.joined(FilePath("IMG_1.CR2")))
        // And the others are photos of one file; the feed counts photos
        #expect(photos.filter(\.isShot).count == 1)
        #expect(await feed.totalCount == 4)
        #expect(await feed.summary.hasSuffix("(4 photos)"))
    }

    @Test func separatingPairsKeepsEveryFileInItsNaturalPlace() async throws {
        // Given the shoot, When it is paged with pairs shown apart
        let folder = try shoot()
        defer { folder.remove() }
        let photos = try await allPages(try DirectoryFeed(directory: folder.url, options: FolderOptions(separatesPairs: true)))
        // Then every file is a photo of its own, in natural order, none a shot
        #expect(photos.map(\.id) == ["IMG_1 copy.png", "IMG_1.CR2", "IMG_1.JPG", "IMG_2.jpg", "IMG_10.RW2"])
        #expect(photos.allSatisfy { !$0.isShot })
    }

    @Test(arguments: [PhotoSort.taken, .size, .modified])
    func aSortedFolderKeepsThePair(sort: PhotoSort) async throws {
        // Given the shoot in sub-folder 2024, When it is sorted by a key, walked one level down
        let folder = try shoot(prefix: "2024/")
        defer { folder.remove() }
        let feed = try DirectoryFeed(directory: folder.url, options: FolderOptions(sort: sort, recursive: 1), checkBatch: 2)
        let photos = try await allPages(feed)
        // Then the pair is one photo there too, its companion's name relative to the folder
        #expect(Set(photos.map(\.id)) == ["2024/IMG_1 copy.png", "2024/IMG_1.JPG", "2024/IMG_2.jpg", "2024/IMG_10.RW2"])
        let shot = try #require(photos.first { $0.id == "2024/IMG_1.JPG" }?.shot)
        #expect(shot.companions.map(\.name) == [FilePath("2024/IMG_1.CR2")])
        #expect(await feed.totalCount == 4)
    }

    @Test func twoJPEGsOfOneNameOrAPNGMakeNoShot() async throws {
        // Given a RAW with two JPEGs of one stem (IMG_1.CR2, IMG_1.jpeg, IMG_1.jpg),
        // and IMG_2.DNG with IMG_2.png
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try PhotoFolder.write(try Self.raw("CanonRaw.cr2"), at: "IMG_1.CR2", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.jpeg(taken: nil), at: "IMG_1.jpeg", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.jpeg(taken: nil), at: "IMG_1.jpg", in: folder.url)
        try PhotoFolder.write(try Self.raw("preview-turned.dng"), at: "IMG_2.DNG", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.png(), at: "IMG_2.png", in: folder.url)
        // When it is paged
        let photos = try await allPages(try DirectoryFeed(directory: folder.url))
        // Then which file would be the shot's is a guess: every file stays a photo, in natural order
        #expect(photos.map(\.id) == ["IMG_1.CR2", "IMG_1.jpeg", "IMG_1.jpg", "IMG_2.DNG", "IMG_2.png"])
        #expect(photos.allSatisfy { !$0.isShot })
    }

    @Test func aHEIFBesideARawIsAShotToo() async throws {
        // Given a DNG and a HEIF of one name
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try PhotoFolder.write(try Self.raw("preview-turned.dng"), at: "R5_0001.DNG", in: folder.url)
        let heif = Array(try Data(contentsOf: Self.root.appendingPathComponent("Assets/formats/still.heic")))
        try PhotoFolder.write(heif, at: "R5_0001.HIF", in: folder.url)
        // When it is paged
        let photos = try await allPages(try DirectoryFeed(directory: folder.url))
        // Then one photo, shown from the HEIF
        #expect(photos.map(\.id) == ["R5_0001.HIF"])
        #expect(photos.first?.shot?.badge == "RAW+HEIF")
    }

    @Test func namesInNaturalOrderRunByStemWithinTheBound() async throws {
        // Given names as a listing hands them out (a provisional page's), and a feed
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let feed = try DirectoryFeed(directory: folder.url)
        let names = ["a.CR2", "a.CR2.xmp", "a.JPG", "a1.jpg", "b", "c.1.jpg", "c.2.jpg"].map { FilePath($0) }
        // When they are cut in runs
        let runs = await feed.shotRuns(names)
        // Then a run is a name and those after it starting with its stem and a dot
        #expect(runs.map { $0.map(\.string) } == [["a.CR2", "a.CR2.xmp", "a.JPG"], ["a1.jpg"], ["b"], ["c.1.jpg"], ["c.2.jpg"]])
        // And a stem's run stops at the bound
        let many = (0..<20).map { FilePath("d.\($0).jpg") }
        #expect(await feed.shotRuns([FilePath("d.CR2")] + many).first?.count == DirectoryFeed.shotNameBound)
        // And with pairs shown apart every name is a run of its own
        let apart = try DirectoryFeed(directory: folder.url, options: FolderOptions(separatesPairs: true))
        #expect(await apart.shotRuns(names).count == names.count)
    }

    @Test func aStemPrefixEndsAtTheLastComponentsLastDot() {
        // Given names, When their stems are taken, Then the prefix stops at the last dot of the last component
        #expect(DirectoryFeed.stemPrefix(FilePath("2024/IMG_1.CR2")).map { String(decoding: $0, as: UTF8.self) } == "2024/IMG_1.")
        #expect(DirectoryFeed.stemPrefix(FilePath("a.b/noextension")) == nil)
        #expect(DirectoryFeed.stemPrefix(FilePath(".hidden")) == nil)
        #expect(String(decoding: DirectoryFeed.stem(FilePath("IMG_1.CR2.xmp")), as: UTF8.self) == "IMG_1.CR2")
    }
}
