import CodecFixtures
import Foundation
@_spi(Testing) import ImageCodecs
@testable import ImageLoading
import Testing
import Vocabulary

/// photofeed's own freedesktop.org thumbnails kept within a bound: those of photos that are
/// gone go first, then the least recently written; other programs' are never touched.
@Suite struct ThumbnailTrimTests {
    /// A cache home with `count` photos in a folder, and photofeed's thumbnail of each.
    struct Setup {
        let root: URL
        let photos: [URL]
        let cache: FreedesktopThumbnailCache

        init(count: Int) throws {
            root = Fixtures.temporaryDirectory()
            let folder = root.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            cache = FreedesktopThumbnailCache(environment: ["XDG_CACHE_HOME": root.appendingPathComponent("cache").path])
            var photos: [URL] = []
            for index in 0..<count {
                let photo = folder.appendingPathComponent("photo-\(index).jpg")
                try Data(Fixtures.jpeg(width: 64, height: 48, seed: UInt8(index))).write(to: photo)
                cache.store(
                    Bitmap(width: 128, height: 96, fill: RGBA(UInt8(index * 20), 40, 90)),
                    for: ThumbnailSlot(file: photo, uri: ThumbnailURI.uri(for: photo), modificationTime: 0, byteCount: 1))
                photos.append(photo)
            }
            self.photos = photos
        }

        func thumbnail(_ photo: URL) -> URL { cache.thumbnailURL(for: ThumbnailURI.uri(for: photo), in: .normal) }
    }

    @Test func thumbnailsOfPhotosThatAreGoneGoAndOtherProgramsStay() throws {
        // Given three photos with photofeed's thumbnails, and another program's thumbnail of a gone photo
        let setup = try Setup(count: 3)
        defer { try? FileManager.default.removeItem(at: setup.root) }
        let gone = setup.root.appendingPathComponent("photos/elsewhere.jpg")
        let foreign = try PNGEncoder.encode(
            Bitmap(width: 128, height: 96, fill: RGBA(1, 2, 3)),
            text: [PNGText(keyword: "Thumb::URI", text: ThumbnailURI.uri(for: gone)), PNGText(keyword: "Software", text: "GNOME::ThumbnailFactory")])
        try Data(foreign).write(to: setup.thumbnail(gone))
        // When one photo is deleted and the thumbnails are trimmed
        try FileManager.default.removeItem(at: setup.photos[1])
        let removed = setup.cache.trimOwnThumbnails()
        // Then only photofeed's thumbnail of the deleted photo went
        #expect(removed.files == 1)
        #expect(!FileManager.default.fileExists(atPath: setup.thumbnail(setup.photos[1]).path))
        #expect(FileManager.default.fileExists(atPath: setup.thumbnail(setup.photos[0]).path))
        #expect(FileManager.default.fileExists(atPath: setup.thumbnail(setup.photos[2]).path))
        #expect(FileManager.default.fileExists(atPath: setup.thumbnail(gone).path))
    }

    @Test func pastTheBoundTheLeastRecentlyWrittenGo() throws {
        // Given four thumbnails, written one after another (the first the oldest)
        let setup = try Setup(count: 4)
        defer { try? FileManager.default.removeItem(at: setup.root) }
        for (index, photo) in setup.photos.enumerated() {
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(Double(-1000 + index * 100))], ofItemAtPath: setup.thumbnail(photo).path)
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: setup.thumbnail(setup.photos[0]).path)[.size] as? Int)
        // When they are trimmed to a bound of three of them
        let removed = setup.cache.trimOwnThumbnails(toAtMost: size * 3 + size / 2)
        // Then the oldest went until the rest fit in 80 % of it
        #expect(removed.files == 2)
        #expect(!FileManager.default.fileExists(atPath: setup.thumbnail(setup.photos[0]).path))
        #expect(!FileManager.default.fileExists(atPath: setup.thumbnail(setup.photos[1]).path))
        #expect(FileManager.default.fileExists(atPath: setup.thumbnail(setup.photos[3]).path))
    }
}
