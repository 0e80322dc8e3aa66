import Foundation
import ImageCodecs
import Testing

@testable import PicsumServer
import Vocabulary

/// Scaled sources kept across runs: decoded once, then read from disk as the same pixels; a
/// damaged or mismatched file is decoded afresh and replaced. Animations' scaled thumbnails
/// likewise: rendered once, then read as the same bytes.
@Suite("Source store")
struct SourceStoreTests {
    private static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/photos")

    private func photo() throws -> Photo {
        let url = Self.assets.appendingPathComponent("coffee.jpg")
        let bytes = [UInt8](try Data(contentsOf: url))
        return Photo(name: "coffee.jpg", url: url, header: try ImageDecoder.probe(bytes))
    }

    private func scratch() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("source-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    @Test func aScaledSourceIsDecodedOnceThenReadAsTheSamePixels() throws {
        // Given an empty store and a JPEG
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = SourceStore(directory: root.appendingPathComponent("sources"))
        let photo = try photo()

        // When its 1/4 source is asked for twice
        let first = try store.source(of: photo, scale: 4)
        let file = store.directory.appendingPathComponent(try #require(SourceStore.fileName(photo, scale: 4)))
        let written = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
        let second = try store.source(of: photo, scale: 4)

        // Then the first decoded the photo and wrote a PNG (0600) of exactly its pixels, and the
        // second read it (the file was not written again)
        #expect(first == ImageRendererSource.decoded(photo, scale: 4))
        #expect(second == first)
        #expect(ImageFormat.sniff([UInt8](try Data(contentsOf: file))) == .png)
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o600)
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) == written)
        // And full size is never stored
        _ = try store.source(of: photo, scale: 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory.path).count == 1)
    }

    @Test func aDamagedOrMismatchedSourceIsDecodedAfreshAndReplaced() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = SourceStore(directory: root.appendingPathComponent("sources"))
        let photo = try photo()
        let reference = try store.source(of: photo, scale: 8)
        let file = store.directory.appendingPathComponent(try #require(SourceStore.fileName(photo, scale: 8)))
        for hostile in [
            Data("not a PNG".utf8),
            Data(try PNGEncoder.encode(Bitmap(width: 3, height: 3, fill: RGBA(255, 0, 0)))),  // the wrong size
        ] {
            // Given the stored source replaced by garbage, or by a PNG of another size
            try hostile.write(to: file)
            // When it is asked for
            let source = try store.source(of: photo, scale: 8)
            // Then the photo was decoded again, and the file holds the right source again
            #expect(source == reference)
            #expect(try ImageDecoder.decode([UInt8](try Data(contentsOf: file))).bitmap == reference)
        }
    }
    private func animation() throws -> Photo {
        let url = Self.assets.appendingPathComponent("animated/chelsea-pan.gif")
        return Photo(name: "chelsea-pan.gif", url: url, header: try ImageDecoder.probe([UInt8](try Data(contentsOf: url))))
    }

    @Test func anAnimationsThumbnailIsRenderedOnceThenReadAsTheSameBytes() throws {
        // Given an empty store and the GIF of the assets
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = SourceStore(directory: root.appendingPathComponent("sources"))
        let gif = try animation()
        let asked = PixelSize(width: 72, height: 36)

        // When its 72×36 thumbnail is asked for twice
        let first = try #require(try store.animation(of: gif, asked: asked, quality: 85))
        let name = try #require(SourceStore.animationFileName(gif, size: PixelSize(width: 72, height: 48), quality: 85))
        let file = store.directory.appendingPathComponent(name)
        let written = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
        let second = try store.animation(of: gif, asked: asked, quality: 85)

        // Then the first rendered what the renderer makes and stored it (0600), and the second
        // read the same bytes (the file was not written again)
        #expect(first == (try AnimationRenderer.scaled(gif, asked: asked, quality: 85)))
        #expect(second == first)
        #expect([UInt8](try Data(contentsOf: file)) == first)
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o600)
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) == written)
        // And another quality is another render; a size the file is served at is not stored
        _ = try store.animation(of: gif, asked: asked, quality: 60)
        #expect(try store.animation(of: gif, asked: gif.size, quality: 85) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory.path).count == 2)
    }

    @Test func aPhotoKeepsItsFourMostRecentlyWrittenAnimationSizes() throws {
        // Given an empty store and the GIF
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = SourceStore(directory: root.appendingPathComponent("sources"))
        let gif = try animation()
        let heights = [20, 24, 28, 32, 36, 40]
        let names = try heights.map { height in
            let size = try #require(AnimationRenderer.scaledSize(canvas: gif.size, covering: PixelSize(width: 1, height: height)))
            return try #require(SourceStore.animationFileName(gif, size: size, quality: 85))
        }
        // When six sizes are asked for, one after another (each file dated a minute after the
        // one before, an hour ago: written in that order)
        for (index, height) in heights.enumerated() {
            _ = try store.animation(of: gif, asked: PixelSize(width: 1, height: height), quality: 85)
            let written = Date().addingTimeInterval(Double(index * 60 - 3_600))
            try FileManager.default.setAttributes(
                [.modificationDate: written], ofItemAtPath: store.directory.appendingPathComponent(names[index]).path)
        }
        // Then the last four are kept, the first two removed
        let kept = Set(try FileManager.default.contentsOfDirectory(atPath: store.directory.path))
        #expect(kept == Set(names.suffix(SourceStore.animationsKeptPerPhoto)))
    }

    @Test func aDamagedOrMismatchedAnimationIsRenderedAgainAndReplaced() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = SourceStore(directory: root.appendingPathComponent("sources"))
        let gif = try animation()
        let asked = PixelSize(width: 72, height: 36)
        let reference = try #require(try store.animation(of: gif, asked: asked, quality: 85))
        let name = try #require(SourceStore.animationFileName(gif, size: PixelSize(width: 72, height: 48), quality: 85))
        let file = store.directory.appendingPathComponent(name)
        let other = try #require(try AnimationRenderer.scaled(gif, asked: PixelSize(width: 30, height: 20), quality: 85))
        for hostile in [
            Data("RIFF not a WebP".utf8),
            Data(Array(reference.prefix(20))),  // cut inside its header
            Data(other),  // an animated WebP of another size
            Data(try PNGEncoder.encode(Bitmap(width: 72, height: 48, fill: RGBA(255, 0, 0)))),  // a still of the size
        ] {
            // Given the stored thumbnail replaced by garbage, a cut file, another size or a still
            try hostile.write(to: file)
            // When it is asked for
            let image = try store.animation(of: gif, asked: asked, quality: 85)
            // Then it was rendered again, and the file holds the render again
            #expect(image == reference)
            #expect([UInt8](try Data(contentsOf: file)) == reference)
        }
    }
}

/// The decode the store stands in for.
enum ImageRendererSource {
    static func decoded(_ photo: Photo, scale: Int) -> Bitmap? {
        try? ImageRenderer.decodeSource(photo, scale: scale)
    }
}
