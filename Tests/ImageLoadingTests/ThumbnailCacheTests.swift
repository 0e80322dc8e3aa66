import CodecFixtures
import Foundation
@_spi(Testing) import ImageCodecs
@testable import ImageLoading
import Testing

import Vocabulary
#if canImport(Glibc)
import Glibc
#endif

/// The freedesktop.org thumbnail cache, read and written through a real pipeline on real files
/// in a temporary `$XDG_CACHE_HOME`.
@Suite struct ThumbnailCacheTests {
    /// A temporary cache home with one 640×427 photo-like JPEG in a folder beside it.
    struct Setup {
        let root: URL
        let photo: URL
        let cache: FreedesktopThumbnailCache

        init(name: String = "photo one.jpg") throws {
            root = Fixtures.temporaryDirectory()
            let folder = root.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            photo = folder.appendingPathComponent(name)
            try Data(Fixtures.jpeg(width: 640, height: 427, seed: 90)).write(to: photo)
            cache = FreedesktopThumbnailCache(environment: ["XDG_CACHE_HOME": root.appendingPathComponent("cache").path])
        }

        func pipeline() -> ImagePipeline {
            ImagePipeline(configuration: .init(memoryCache: nil, thumbnailCache: cache, decodeConcurrency: 2))
        }

        func load(_ box: PixelSize = PixelSize(width: 60, height: 40)) async throws -> ImageResponse {
            let pipeline = pipeline()
            defer { Task { await pipeline.shutdown() } }
            return try await pipeline.image(for: ImageRequest(url: photo, processors: [.resize(to: box, mode: .fill)]))
        }

        var uri: String { ThumbnailURI.uri(for: photo) }
        func thumbnail(_ sizeClass: ThumbnailSizeClass = .normal) -> URL { cache.thumbnailURL(for: uri, in: sizeClass) }
        var modificationTime: Int {
            var info = stat()
            stat(photo.path, &info)
            return Int(info.st_mtim.tv_sec)
        }
    }

    @Test func namesFollowTheStandard() {
        // The standard's own example, then a path that needs escaping (GLib's rules)
        #expect(ThumbnailURI.uri(forPath: "/home/jens/photos/me.png") == "file:///home/jens/photos/me.png")
        #expect(ThumbnailURI.fileName(for: "file:///home/jens/photos/me.png") == "c6ee772d9e49320e97ec29a7eb5b1697.png")
        #expect(ThumbnailURI.uri(forPath: "/a b/#1/é;x?.jpg") == "file:///a%20b/%231/%C3%A9%3Bx%3F.jpg")
        #expect(ThumbnailURI.uri(forPath: "/k/(1)+[2]&~!.png") == "file:///k/(1)+%5B2%5D&~!.png")
        #expect(ThumbnailURI.uri(for: URL(fileURLWithPath: "/x/./y/../z.jpg")) == "file:///x/z.jpg")
    }

    @Test func sizeClassesAreTheSmallestThatCover() {
        let photo = PixelSize(width: 4000, height: 3000)
        #expect(ThumbnailSizeClass.smallest(for: photo, covering: PixelSize(width: 60, height: 40)) == .normal)
        #expect(ThumbnailSizeClass.smallest(for: photo, covering: PixelSize(width: 100, height: 100)) == .large)
        #expect(ThumbnailSizeClass.smallest(for: photo, covering: PixelSize(width: 1000, height: 700)) == .xxLarge)
        #expect(ThumbnailSizeClass.smallest(for: photo, covering: PixelSize(width: 1100, height: 10)) == nil)
        // A small original is its own thumbnail in the normal class
        #expect(ThumbnailSizeClass.smallest(for: PixelSize(width: 90, height: 60), covering: PixelSize(width: 200, height: 200)) == .normal)
        #expect(ThumbnailSizeClass.large.thumbnailSize(for: photo) == PixelSize(width: 256, height: 192))
    }

    @Test func aThumbnailWeWritePassesTheStandardsChecks() async throws {
        // Given a photo never seen before
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.root) }

        // When it is loaded for a 60×40 box
        let first = try await setup.load()

        // Then it came from the file, and a 128 px PNG sits in normal/ named by the MD5 of its URI
        #expect(first.source == .network)
        let path = setup.thumbnail().path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(setup.thumbnail().lastPathComponent == ThumbnailURI.fileName(for: setup.uri))
        #expect(setup.uri.hasSuffix("/photos/photo%20one.jpg"))
        let header = try ImageDecoder.probe(bytes)
        #expect(header.format == .png && header.size == PixelSize(width: 128, height: 85))
        // With the URI, the modification time, the size and the original's dimensions as tEXt chunks
        let text = PNGTextChunks.read(bytes)
        #expect(text["Thumb::URI"] == setup.uri)
        #expect(text["Thumb::MTime"] == String(setup.modificationTime))
        #expect(text["Thumb::Size"] == String(try Data(contentsOf: setup.photo).count))
        #expect(text["Thumb::Image::Width"] == "640" && text["Thumb::Image::Height"] == "427")
        // The file is 0600, its directories 0700, and no temporary file is left behind
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.mode(setup.cache.directory.path) == 0o700)
        #expect(try Self.mode(setup.cache.directory.appendingPathComponent("normal").path) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.thumbnail().deletingLastPathComponent().path).count == 1)

        // And the next load reads the thumbnail instead of the photo
        let second = try await setup.load()
        #expect(second.source == .thumbnail)
        #expect(second.byteCount == bytes.count)
        #expect(second.originalSize == PixelSize(width: 640, height: 427))
        #expect(second.bitmap.size == PixelSize(width: 60, height: 40))
    }

    @Test func aPictureDrawnLargerThanALargeThumbnailLeavesNone() async throws {
        // Given a photo never seen before
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.root) }

        // When it is loaded for a 320×200 box (a detail view's), then for a 256×170 one
        let large = try await setup.load(PixelSize(width: 320, height: 200))
        let written = ThumbnailSizeClass.allCases.filter { FileManager.default.fileExists(atPath: setup.thumbnail($0).path) }
        _ = try await setup.load(PixelSize(width: 256, height: 170))

        // Then the first came from the file and left no thumbnail in any class; the second,
        // drawn no larger than a large thumbnail, left one
        #expect(large.source == .network)
        #expect(written.isEmpty)
        #expect(ThumbnailSizeClass.allCases.contains { FileManager.default.fileExists(atPath: setup.thumbnail($0).path) })
    }

    @Test func aThumbnailWrittenByAnotherToolIsRead() async throws {
        // Given a green 128×85 thumbnail assembled chunk by chunk (tEXt after the image data, as
        // some tools write it), with only the two keys the standard requires
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.root) }
        let png = try PNGEncoder.encode(Bitmap(width: 128, height: 85, fill: RGBA(20, 210, 40)))
        let foreign = HandMadePNG.inserting(
            [("Thumb::URI", setup.uri), ("Thumb::MTime", String(setup.modificationTime)), ("Software", "GNOME::ThumbnailFactory")],
            beforeIEND: png)
        try FileManager.default.createDirectory(
            at: setup.thumbnail().deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(foreign).write(to: setup.thumbnail())

        // When the photo is loaded
        let response = try await setup.load()

        // Then the green thumbnail was used, not the photo
        #expect(response.source == .thumbnail)
        let pixel = response.bitmap[30, 20]
        #expect(pixel.g > 180 && pixel.r < 60)
    }

    @Test func aStaleThumbnailIsIgnoredAndRewritten() async throws {
        // Given a thumbnail written for the photo, then the photo changed (a new modification time)
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.root) }
        _ = try await setup.load()
        let later = Date(timeIntervalSince1970: TimeInterval(setup.modificationTime + 3600))
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: setup.photo.path)

        // When it is loaded again
        let response = try await setup.load()

        // Then the photo was read, and the thumbnail now records the new time
        #expect(response.source == .network)
        let text = PNGTextChunks.read(try [UInt8](Data(contentsOf: setup.thumbnail())))
        #expect(text["Thumb::MTime"] == String(setup.modificationTime))
        #expect(try await setup.load().source == .thumbnail)
    }

    @Test func aCorruptThumbnailIsIgnoredAndReplaced() async throws {
        // Given garbage, then a PNG cut in half, where the thumbnail should be
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.root) }
        _ = try await setup.load()
        let good = try Data(contentsOf: setup.thumbnail())
        for damaged in [Data(repeating: 0x5A, count: 3000), good.prefix(good.count / 2)] {
            try damaged.write(to: setup.thumbnail())
            // When loaded
            let response = try await setup.load()
            // Then the photo is decoded instead, and a valid thumbnail replaces the damaged one
            #expect(response.source == .network)
            #expect(response.bitmap.size == PixelSize(width: 60, height: 40))
            #expect(try Data(contentsOf: setup.thumbnail()) == good)
        }
    }

    @Test(arguments: [12 << 20, 40 << 20])
    func anInflateBombThumbnailIsIgnoredAndRewritten(trailingBytes: Int) async throws {
        // Given, in normal/, a black 128×85 PNG with the photo's Thumb::URI and Thumb::MTime
        // whose zlib stream goes on with 12 MB (a 77 KB file: within the class's file bound,
        // stopped by the decoder's tail budget) or 40 MB of zeros (250 KB: over the 213,136 bytes
        // a normal thumbnail may have)
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.root) }
        let bomb = InflateBombPNG.make(
            width: 128, height: 85, trailingBytes: trailingBytes,
            text: [("Thumb::URI", setup.uri), ("Thumb::MTime", String(setup.modificationTime))])
        try FileManager.default.createDirectory(
            at: setup.thumbnail().deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bomb).write(to: setup.thumbnail())

        // When the photo is loaded
        let response = try await setup.load()

        // Then the bomb was treated as corrupt: the photo was decoded, and a sound thumbnail
        // written by us replaced the bomb
        #expect(response.source == .network)
        let written = try [UInt8](Data(contentsOf: setup.thumbnail()))
        #expect(written != bomb)
        #expect(PNGTextChunks.read(written)["Software"] == "photofeed")
        #expect(try await setup.load().source == .thumbnail)
    }

    @Test func aThumbnailLargerThanItsClassIsIgnoredAndRewritten() async throws {
        // Given, in normal/ (128 px at most), a valid 200×133 thumbnail of the photo
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.root) }
        let png = try PNGEncoder.encode(Bitmap(width: 200, height: 133, fill: RGBA(20, 210, 40)))
        let oversized = HandMadePNG.inserting(
            [("Thumb::URI", setup.uri), ("Thumb::MTime", String(setup.modificationTime))], beforeIEND: png)
        try FileManager.default.createDirectory(
            at: setup.thumbnail().deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(oversized).write(to: setup.thumbnail())

        // When the photo is loaded
        let response = try await setup.load()

        // Then the thumbnail broke its class's bound: ignored, and a 128 px one written instead
        #expect(response.source == .network)
        let written = try [UInt8](Data(contentsOf: setup.thumbnail()))
        #expect(try ImageDecoder.probe(written).size == PixelSize(width: 128, height: 85))
    }

    @Test func aThumbnailWithAnOversizedTextChunkIsIgnored() async throws {
        // Given a valid thumbnail of the photo carrying a 70 KB tEXt chunk (over the 64 KiB bound)
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.root) }
        let png = try PNGEncoder.encode(Bitmap(width: 128, height: 85, fill: RGBA(20, 210, 40)))
        let padded = HandMadePNG.inserting(
            [("Thumb::URI", setup.uri), ("Thumb::MTime", String(setup.modificationTime)),
             ("Comment", String(repeating: "x", count: 70_000))], beforeIEND: png)
        try FileManager.default.createDirectory(
            at: setup.thumbnail().deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(padded).write(to: setup.thumbnail())

        // When the photo is loaded / Then the photo was decoded instead
        #expect(try await setup.load().source == .network)
    }

    @Test func aThumbnailWithFewerPixelsThanTheDecodeWouldGiveIsNotUsed() async throws {
        // Given the photo's normal (128×85) thumbnail, written by a load for 60×40
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.root) }
        _ = try await setup.load()
        #expect(try await setup.load().source == .thumbnail)

        // When it is loaded for 100×66: 128×85 covers the box, but decoding the 640×427 photo
        // toward it gives 160×107 (DCT 1/4), which the thumbnail would blur
        let response = try await setup.load(PixelSize(width: 100, height: 66))

        // Then the photo is decoded, and a large (256×171) thumbnail is written for next time
        #expect(response.source == .network)
        let large = try [UInt8](Data(contentsOf: setup.thumbnail(.large)))
        #expect(try ImageDecoder.probe(large).size == PixelSize(width: 256, height: 171))
        #expect(try await setup.load(PixelSize(width: 100, height: 66)).source == .thumbnail)
        #expect(FreedesktopThumbnailCache.neededPixels(
            for: ImageHeader(format: .jpeg, storedSize: PixelSize(width: 640, height: 427)),
            covering: PixelSize(width: 100, height: 66)) == PixelSize(width: 160, height: 107))
        // And a large photo drawn small needs 6× the drawn size, not all the DCT decode gives
        // (1/8 of 5000×3000 is 625×375; an area average from 240×144 is as good)
        #expect(FreedesktopThumbnailCache.neededPixels(
            for: ImageHeader(format: .jpeg, storedSize: PixelSize(width: 5000, height: 3000)),
            covering: PixelSize(width: 40, height: 24)) == PixelSize(width: 240, height: 144))
    }

    @Test func aSymbolicLinkInTheCacheIsNeverFollowed() async throws {
        // Given the thumbnail's name taken by a link to a valid thumbnail elsewhere
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.root) }
        _ = try await setup.load()
        let elsewhere = setup.root.appendingPathComponent("elsewhere.png")
        try FileManager.default.moveItem(at: setup.thumbnail(), to: elsewhere)
        try FileManager.default.createSymbolicLink(at: setup.thumbnail(), withDestinationURL: elsewhere)
        let before = try Data(contentsOf: elsewhere)

        // When loaded
        let response = try await setup.load()

        // Then the link was not read, and writing replaced the link itself, not its target
        #expect(response.source == .network)
        #expect(try Data(contentsOf: elsewhere) == before)
        let attributes = try FileManager.default.attributesOfItem(atPath: setup.thumbnail().path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }

    @Test func aLinkedSizeDirectoryIsNotWrittenInto() async throws {
        // Given normal/ as a link to a directory outside the cache
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.root) }
        let outside = setup.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: setup.cache.directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: setup.cache.directory.appendingPathComponent("normal"), withDestinationURL: outside)

        // When a photo is loaded
        let response = try await setup.load()

        // Then it still loads, and nothing was written through the link
        #expect(response.source == .network)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func aLargerBoxUsesALargerClassAndOneLargerThanEveryClassStoresNothing() async throws {
        // Given a 640×427 photo, then a 16000×100 one
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.root) }

        // When loaded for 200×150 (decoded at 320×214): x-large (512×341) is the smallest class that covers it
        _ = try await setup.load(PixelSize(width: 200, height: 150))
        #expect(FileManager.default.fileExists(atPath: setup.thumbnail(.xLarge).path))
        #expect(!FileManager.default.fileExists(atPath: setup.thumbnail(.normal).path))

        // When a 16000×100 panorama is loaded for 250×2 (decoded at 2000×13, 1500 px of it
        // needed): its xx-large thumbnail would be 1024×6
        try Data(try JPEGEncoder.encode(Bitmap(width: 16000, height: 100, fill: RGBA(90, 140, 200)), quality: 80))
            .write(to: setup.photo)
        let response = try await setup.load(PixelSize(width: 250, height: 2))

        // Then the original is decoded and no thumbnail is stored for it
        #expect(response.source == .network)
        #expect(!FileManager.default.fileExists(atPath: setup.thumbnail(.xxLarge).path))
        #expect(try await setup.load(PixelSize(width: 250, height: 2)).source == .network)
    }

    private static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}

/// PNG chunks assembled by hand (length, type, data, CRC-32), as another program would write them.
enum HandMadePNG {
    static func inserting(_ texts: [(String, String)], beforeIEND png: [UInt8]) -> [UInt8] {
        let iend = png.count - 12
        var out = Array(png[..<iend])
        for (keyword, text) in texts {
            out += chunk("tEXt", Array(keyword.utf8) + [0] + Array(text.utf8))
        }
        return out + Array(png[iend...])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc(body))
    }

    private static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
