import Foundation
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
        while let name = listing.next() { names.append(name) }
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
        while let name = listing.next() { taken.append(name) }
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
        var listing = try DirectoryListing(path: folder.url.path)
        var names: [String] = []
        while let name = listing.next() { names.append(name) }
        #expect(names == ["a9.jpg", "a10.jpg", "b.jpg"])
    }
}
