import Foundation
@testable import ImageLoading
import Testing

/// `photofeed cache clear`'s thumbnail cleanup: photofeed's thumbnails only, named as the
/// specification names them, regular files, never through a link.
@Suite("Thumbnail cleanup: someone else's files")
struct ThumbnailCleanupTests {
    @Test func onlyPhotofeedsThumbnailsByTheirNamesGo() async throws {
        // Given photofeed's thumbnail of a photo, and beside it holiday.png and a link named
        // like a thumbnail (to a file outside), both carrying photofeed's Software field
        let setup = try ThumbnailCacheTests.Setup()
        defer { try? FileManager.default.removeItem(at: setup.root) }
        _ = try await setup.load()
        let own = setup.thumbnail()
        let folder = own.deletingLastPathComponent()
        let lookalike = try Data(contentsOf: own)
        try lookalike.write(to: folder.appendingPathComponent("holiday.png"))
        let victim = setup.root.appendingPathComponent("victim.png")
        try lookalike.write(to: victim)
        let link = folder.appendingPathComponent(String(repeating: "f", count: 32) + ".png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: victim.path)
        // And a size folder that is a link to a folder of such files
        let elsewhere = setup.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try lookalike.write(to: elsewhere.appendingPathComponent(own.lastPathComponent))
        try FileManager.default.createSymbolicLink(
            atPath: setup.cache.directory.appendingPathComponent(ThumbnailSizeClass.large.directoryName).path,
            withDestinationPath: elsewhere.path)
        // When photofeed's thumbnails are counted and removed
        let inventory = setup.cache.inventory()
        let removed = setup.cache.removeOwnThumbnails()
        // Then the one thumbnail went, and nothing else
        #expect(inventory.own.files == 1 && inventory.all.files == 1)
        #expect(removed.files == 1)
        #expect(!FileManager.default.fileExists(atPath: own.path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("holiday.png").path))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == victim.path)
        #expect(FileManager.default.fileExists(atPath: victim.path))
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent(own.lastPathComponent).path))
    }
}
