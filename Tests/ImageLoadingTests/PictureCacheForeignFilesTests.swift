import Foundation
import FoundationExtras
import ImageCodecs
@testable import ImageLoading
import Testing

/// The pictures cache removes and trims only its own pictures (a key's `.png` or `.printed`),
/// never through a link: someone's holiday.png stays.
@Suite("Picture cache: someone else's files")
struct PictureCacheForeignFilesTests {
    static func png(_ value: UInt8) throws -> [UInt8] {
        try PNGEncoder.encodeOpaque(Bitmap(width: 64, height: 4, fill: RGBA(value, value, value)))
    }

    @Test func removeAllAndTrimTakeOnlyItsOwnPictures() throws {
        // Given a pictures folder with one stored picture, and someone's holiday.png, a PNG
        // named almost like one, and a link named like one to a file outside
        let root = Fixtures.temporaryDirectory()
        let photo = root.appendingPathComponent("photo.jpg").path
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: photo))
        let victim = root.appendingPathComponent("victim.png")
        try Data(count: 4_000).write(to: victim)
        let cache = PictureCache(directory: root.appendingPathComponent("pictures").path)
        let key = try #require(cache.key(forFile: photo, layout: "kitty"))
        cache.store(try Self.png(1), for: key)
        #expect(cache.picture(for: key) != nil)
        let folder = root.appendingPathComponent("pictures")
        let foreign = ["holiday.png", String(repeating: "c", count: 63) + ".png"]
        for name in foreign { try Data(try Self.png(2)).write(to: folder.appendingPathComponent(name)) }
        let link = String(repeating: "d", count: 64) + ".png"
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(link).path, withDestinationPath: victim.path)
        // When it is counted, trimmed past its limit, and emptied
        let inventory = cache.inventory()
        PictureCache(directory: cache.directory, sizeLimit: 1).trim()
        let trimmed = cache.picture(for: key)
        cache.store(try Self.png(3), for: key)
        let removed = cache.removeAll()
        // Then only its picture was counted, trimmed and removed; the rest is as it was
        #expect(inventory.files == 1)
        #expect(trimmed == nil)
        #expect(removed.files == 1 && removed.failed == 0)
        #expect(cache.picture(for: key) == nil)
        for name in foreign { #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name)") }
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent(link).path)) == victim.path)
        #expect((try? Data(contentsOf: victim))?.count == 4_000)
    }

    @Test func aPicturesFolderThatIsALinkIsRefusedNotFollowed() throws {
        // Given a pictures folder that is a link to someone's photos: holiday.png and a PNG named like one of photofeed's
        let root = Fixtures.temporaryDirectory()
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let lookalike = String(repeating: "e", count: 64) + ".png"
        for name in ["holiday.png", lookalike] { try Data(try Self.png(4)).write(to: photos.appendingPathComponent(name)) }
        let pictures = root.appendingPathComponent(".pictures").path
        try FileManager.default.createSymbolicLink(atPath: pictures, withDestinationPath: photos.path)
        let cache = PictureCache(directory: pictures, sizeLimit: 1)
        // When it is checked, counted, emptied, and a picture stored
        #expect(throws: CacheDirectoryError(path: pictures, reason: .link)) { try cache.check() }
        let inventory = cache.inventory()
        let removed = cache.removeAll()
        let photo = root.appendingPathComponent("photo.jpg").path
        try Data([1]).write(to: URL(fileURLWithPath: photo))
        cache.store(try Self.png(5), for: try #require(cache.key(forFile: photo, layout: "kitty")))
        // Then nothing in the linked folder was counted, removed or added
        #expect(inventory.files == 0 && removed.files == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: photos.path)
        #expect(Set(left) == ["holiday.png", lookalike])
    }

    @Test func namesAreExactlyTheOnesTheCacheWrites() {
        let key = String(repeating: "0123456789abcdef", count: 4)
        for name in [key + ".png", key + ".printed", key + ".png.123.456.tmp"] { #expect(PictureCache.isOwnName(name), "\(name)") }
        for name in ["holiday.png", key.uppercased() + ".png", key + ".jpg", key + ".png.tmp", "0.png", key + ".png.1.x.tmp"] {
            #expect(!PictureCache.isOwnName(name), "\(name)")
        }
    }
}
