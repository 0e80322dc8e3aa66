import Foundation
import ImageCodecs
import Testing

@testable import ImageLoading
import Vocabulary

/// photofeed's cache of pictures as `show` prints them: keyed by the file's identity and the
/// layout, read back as stored, trimmed to its size.
@Suite("Picture cache")
struct PictureCacheTests {
    /// A folder with one photo file and a cache directory inside it, removed after `body`.
    static func withFolder(_ body: (String, PictureCache) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("picture-cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data([1, 2, 3, 4]).write(to: URL(fileURLWithPath: folder + "/photo.jpg"))
        try body(folder, PictureCache(directory: folder + "/pictures"))
    }

    static func png(_ value: UInt8, width: Int = 8) throws -> [UInt8] {
        try PNGEncoder.encodeOpaque(Bitmap(width: width, height: 4, fill: RGBA(value, value, value)))
    }

    @Test func aStoredPictureIsReadBackUnderItsKeyOnly() throws {
        try Self.withFolder { folder, cache in
            // Given a picture stored for a file at one layout
            let key = try #require(cache.key(forFile: folder + "/photo.jpg", layout: "kitty 40x20 fit"))
            let png = try Self.png(200)
            cache.store(png, for: key)

            // When it is looked up again at that layout and at another
            let hit = cache.picture(for: key)
            let other = try #require(cache.key(forFile: folder + "/photo.jpg", layout: "kitty 40x20 fill"))

            // Then the same key gives the same PNG and its pixels; another layout another key
            #expect(hit?.png == png)
            #expect(hit?.bitmap[3, 2] == RGBA(200, 200, 200))
            #expect(other != key && cache.picture(for: other) == nil)
            // And no key is made for what is not a regular file
            #expect(cache.key(forFile: folder, layout: "kitty") == nil)
            #expect(cache.key(forFile: folder + "/missing.jpg", layout: "kitty") == nil)
        }
    }

    @Test func printedBytesAreReadBackWithTheirSize() throws {
        try Self.withFolder { folder, cache in
            // Given the bytes a protocol printed for a 400×266 picture
            let key = try #require(cache.key(forFile: folder + "/photo.jpg", layout: "sixel 40x20 fit"))
            let printed = Array("\u{1B}P0;1;0q\"1;1;400;266#0;2;0;0;0~-\u{1B}\\".utf8)
            cache.storePrinted(printed, size: PixelSize(width: 400, height: 266), for: key)
            // When they are read back
            let hit = try #require(cache.printed(for: key))
            // Then they are the same bytes, with the picture's size
            #expect(hit.bytes == printed)
            #expect(hit.size == PixelSize(width: 400, height: 266))
            #expect(cache.inventory().files == 1)
            // And a file that does not start with the header is removed and missed
            try Data("garbage".utf8).write(to: URL(fileURLWithPath: cache.printedPath(for: key)))
            #expect(cache.printed(for: key) == nil)
            #expect(!FileManager.default.fileExists(atPath: cache.printedPath(for: key)))
        }
    }

    @Test func aChangedFileHasAnotherKey() throws {
        try Self.withFolder { folder, cache in
            // Given a file's key
            let path = folder + "/photo.jpg"
            let before = try #require(cache.key(forFile: path, layout: "sixel"))
            // When the file is rewritten with other bytes (its size or modification time change)
            try Data([9, 9, 9, 9, 9]).write(to: URL(fileURLWithPath: path))
            // Then its key changes
            #expect(cache.key(forFile: path, layout: "sixel") != before)
        }
    }

    @Test func aPictureThatIsNotAPNGIsRemovedAndMissed() throws {
        try Self.withFolder { folder, cache in
            // Given a damaged picture file under a key
            let key = try #require(cache.key(forFile: folder + "/photo.jpg", layout: "iterm"))
            cache.store(try Self.png(10), for: key)
            try Data("not a png".utf8).write(to: URL(fileURLWithPath: cache.path(for: key)))
            // When it is looked up
            // Then it misses, and the file is gone
            #expect(cache.picture(for: key) == nil)
            #expect(!FileManager.default.fileExists(atPath: cache.path(for: key)))
        }
    }

    @Test func pastItsSizeTheLeastRecentlyUsedPicturesGo() throws {
        try Self.withFolder { folder, _ in
            // Given a cache that holds three pictures, not four, and three stored one after another
            let pngs = try (0..<4).map { try Self.png(UInt8($0), width: 64) }
            let cache = PictureCache(directory: folder + "/pictures", sizeLimit: pngs.reduce(0) { $0 + $1.count } - 1)
            var keys: [PictureKey] = []
            for index in 0..<4 {
                try Data([UInt8(index)]).write(to: URL(fileURLWithPath: folder + "/photo\(index).jpg"))
                keys.append(try #require(cache.key(forFile: folder + "/photo\(index).jpg", layout: "kitty")))
            }
            for index in 0..<3 {
                cache.store(pngs[index], for: keys[index])
                // (modification times a second apart: the order is the files' own)
                let seconds = 1_700_000_000 + index
                var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
                #expect(utimensat(AT_FDCWD, cache.path(for: keys[index]), &times, 0) == 0)
            }
            // When the oldest is used again and a fourth is stored
            #expect(cache.picture(for: keys[0]) != nil)
            cache.store(pngs[3], for: keys[3])
            // Then the least recently used (the second) went, and the rest stayed
            #expect(cache.picture(for: keys[1]) == nil)
            #expect(cache.picture(for: keys[0]) != nil)
            #expect(cache.picture(for: keys[2]) != nil)
            #expect(cache.picture(for: keys[3]) != nil)
        }
    }
}
