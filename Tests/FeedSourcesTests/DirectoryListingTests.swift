import Foundation
import SystemPackage
import Testing

@testable import FeedSources

/// The folder's names: packed, handed out in natural order from a heap.
@Suite("Directory listing")
struct DirectoryListingTests {
    @Test func namesComeOutInNaturalOrder() {
        // Given names with numbers, cases and padding in no order
        var listing = DirectoryListing(names: ["b10.jpg", "B2.jpg", "a.png", "img_0010.jpg", "img_9.jpg", "b02.jpg", ".hidden.jpg", "Z.jpg", "é.jpg"])
        // When every name is taken
        var names: [String] = []
        while let name = listing.next() { names.append(name.string) }
        // Then numbers compare as numbers, case is ignored, ties go by the bytes (B before b), hidden names are gone
        #expect(names == ["a.png", "B2.jpg", "b02.jpg", "b10.jpg", "img_9.jpg", "img_0010.jpg", "Z.jpg", "é.jpg"])
        #expect(listing.count == 8)
        #expect(listing.remaining == 0)
    }

    @Test func theHeapAgreesWithAFullSortOnManyNames() {
        // Given 5,000 shuffled names
        var generator = SystemRandomNumberGenerator()
        let names = (0..<5_000).map { "photo-\($0 % 97)-\($0).JPG" }.shuffled(using: &generator)
        var listing = DirectoryListing(names: names)
        // When they are taken one by one
        var taken: [String] = []
        while let name = listing.next() { taken.append(name.string) }
        // Then they come out exactly as a full sort by the same order puts them
        #expect(taken == names.sorted(by: NaturalOrder.precedes))
    }

    @Test func aNameCostsItsBytesAndEightMore() {
        // Given 10,000 names of 16 bytes
        let listing = DirectoryListing(names: (0..<10_000).map { String(format: "photo-%06d.jpg", $0) })
        // Then the listing holds about 24 bytes a name (capacity rounding aside)
        #expect(listing.byteCount < 10_000 * 24 * 2)
        #expect(listing.byteCount >= 10_000 * 24)
    }

    @Test func aFolderIsReadWithoutItsSubfoldersOrHiddenNames() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.write("b.jpg", "x")
        _ = try folder.write("a10.jpg", "x")
        _ = try folder.write("a9.jpg", "x")
        _ = try folder.write(".hidden", "x")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        var listing = try DirectoryListing(path: FilePath(folder.url.path))
        var names: [String] = []
        while let name = listing.next() { names.append(name.string) }
        #expect(names == ["a9.jpg", "a10.jpg", "b.jpg"])
    }
}

/// A folder read a batch at a time: the heap grows as names arrive, and the first names so
/// far can be read without taking them.
@Suite("Directory listing: batches")
struct DirectoryListingBatchTests {
    @Test func namesInsertedOneByOneComeOutInNaturalOrder() {
        // Given 3,000 shuffled names inserted one at a time
        var generator = SystemRandomNumberGenerator()
        let names = (0..<3_000).map { "IMG_\($0).jpg" }.shuffled(using: &generator)
        var listing = DirectoryListing()
        for name in names { Array(name.utf8).withUnsafeBytes { listing.insert($0) } }
        // When the first 20 are read without taking them, then every name is taken
        let first = listing.first(20).map(\.string)
        var taken: [String] = []
        while let name = listing.next() { taken.append(name.string) }
        // Then the first 20 are the sort's first 20, and the heap gives the full sort
        let sorted = names.sorted(by: NaturalOrder.precedes)
        #expect(first == Array(sorted.prefix(20)))
        #expect(taken == sorted)
    }

    @Test func theFirstNamesAskedForMoreThanThereAreAreAllOfThem() {
        let listing = DirectoryListing(names: ["c", "a", "b"])
        #expect(listing.first(10).map(\.string) == ["a", "b", "c"])
        #expect(listing.first(0).map(\.string) == [])
        #expect(DirectoryListing().first(5).map(\.string) == [])
    }

    @Test func aReaderReadsAFolderInBatchesAndClosesItAtTheEnd() throws {
        // Given a folder of 25 files, a hidden one and a subfolder
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for index in 0..<25 { _ = try folder.write("f\(index).jpg", "x") }
        _ = try folder.write(".hidden", "x")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        // When it is read 10 entries at a time
        let reader = try DirectoryReader(path: folder.url.path)
        var listing = DirectoryListing()
        var steps = 0
        while try !reader.read(into: &listing, atMost: 10) { steps += 1 }
        // Then it took several steps (27 entries plus . and ..), and the names are the 25 files in order
        #expect(steps == 2)
        #expect(listing.count == 25)
        #expect(try reader.read(into: &listing, atMost: 10), "a read folder stays read")
        var names: [String] = []
        while let name = listing.next() { names.append(name.string) }
        #expect(names == (0..<25).map { "f\($0).jpg" })
    }
}
