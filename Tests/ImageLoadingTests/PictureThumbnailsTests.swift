import Foundation
import ImageCodecs
import ImageLoading
import Testing
import Vocabulary

/// ``PictureThumbnails``: pictures at the size they are drawn from, kept in memory until the
/// output is written, then written whole into photofeed's picture cache.
@Suite("Thumbnails: pictures at their own size")
struct PictureThumbnailsTests {
    /// A folder with a 600×400 PNG photo, and a picture cache beside it.
    struct Scene {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("picture-thumbnails-\(UUID().uuidString)")
        var file: URL { root.appendingPathComponent("photo.png") }
        var cache: PictureCache { PictureCache(directory: root.appendingPathComponent("cache/.pictures").path) }
        var pictureFolder: URL { root.appendingPathComponent("cache/.pictures") }

        init() throws {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try Data(PNGEncoder.encode(Bitmap(width: 600, height: 400, fill: RGBA(10, 20, 30)))).write(to: file)
        }
    }

    static let box = PixelSize(width: 120, height: 80)
    static let header = ImageHeader(format: .png, storedSize: PixelSize(width: 600, height: 400))

    @Test func aPictureIsWrittenOnlyWhenThePendingOnesAreStoredAndThenHits() throws {
        // Given a miss for a file at 120×80 and its picture made
        let scene = try Scene()
        defer { try? FileManager.default.removeItem(at: scene.root) }
        let pictures = PictureThumbnails(scene.cache)
        guard case .miss(let slot?) = pictures.lookUp(scene.file, covering: Self.box) else {
            Issue.record("expected a miss with a slot")
            return
        }
        let picture = Bitmap(width: 120, height: 80, fill: RGBA(10, 20, 30))
        #expect(pictures.sizeToStore(for: Self.header, covering: Self.box) == Self.box)

        // When it is stored
        pictures.store(picture, for: slot)

        // Then nothing is written until the pending pictures are
        #expect(scene.cache.inventory().files == 0)
        #expect(pictures.storePending() == 1)

        // And then only the picture is in the folder (no temporary file), and a new run hits it
        let names = try FileManager.default.contentsOfDirectory(atPath: scene.pictureFolder.path).filter { !$0.hasPrefix("CACHEDIR") }
        #expect(names.count == 1)
        #expect(names.allSatisfy { $0.hasSuffix(".png") })
        guard case .hit(let stored) = PictureThumbnails(scene.cache).lookUp(scene.file, covering: Self.box) else {
            Issue.record("the next run missed")
            return
        }
        #expect(stored.bitmap == picture)
    }

    @Test func anotherSizeOrAChangedFileMisses() throws {
        // Given a picture stored for a file at 120×80
        let scene = try Scene()
        defer { try? FileManager.default.removeItem(at: scene.root) }
        let pictures = PictureThumbnails(scene.cache)
        guard case .miss(let slot?) = pictures.lookUp(scene.file, covering: Self.box) else {
            Issue.record("expected a miss with a slot")
            return
        }
        pictures.store(Bitmap(width: 120, height: 80, fill: RGBA(10, 20, 30)), for: slot)
        pictures.storePending()

        // When it is looked up at another size, and after the file changed
        let otherSize = PictureThumbnails(scene.cache).lookUp(scene.file, covering: PixelSize(width: 60, height: 40))
        try Data(PNGEncoder.encode(Bitmap(width: 600, height: 400, fill: RGBA(200, 20, 30)))).write(to: scene.file)
        let changed = PictureThumbnails(scene.cache).lookUp(scene.file, covering: Self.box)

        // Then both miss
        guard case .miss = otherSize, case .miss = changed else {
            Issue.record("expected misses, got \(otherSize) and \(changed)")
            return
        }
    }

    @Test func manyPicturesAreWrittenBeforeTheEndNotAllKeptInMemory() throws {
        // Given as many photos as the pictures kept in memory, each missed
        let scene = try Scene()
        defer { try? FileManager.default.removeItem(at: scene.root) }
        let pictures = PictureThumbnails(scene.cache)
        let picture = Bitmap(width: 120, height: 80, fill: RGBA(10, 20, 30))
        for index in 0..<PictureThumbnails.maxPending {
            let file = scene.root.appendingPathComponent("photo-\(index).png")
            try FileManager.default.copyItem(at: scene.file, to: file)
            guard case .miss(let slot?) = pictures.lookUp(file, covering: Self.box) else {
                Issue.record("expected a miss with a slot")
                return
            }
            // When each picture is made
            pictures.store(picture, for: slot)
        }

        // Then the last one wrote them all: none is left in memory
        #expect(pictures.pendingCount == 0)
        #expect(scene.cache.inventory().files == PictureThumbnails.maxPending)
    }

    @Test func aPictureLargerThanItsPhotoDecodesIsNeverStored() throws {
        // Given a 600×400 photo and a box larger than it
        let scene = try Scene()
        defer { try? FileManager.default.removeItem(at: scene.root) }
        let pictures = PictureThumbnails(scene.cache)

        // When asked what to store for it
        let size = pictures.sizeToStore(for: Self.header, covering: PixelSize(width: 800, height: 500))

        // Then nothing: it would be an enlargement
        #expect(size == nil)
    }
}
