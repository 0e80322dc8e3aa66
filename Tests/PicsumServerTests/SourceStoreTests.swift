import Foundation
import ImageCodecs
import Testing

@testable import PicsumServer

/// Scaled sources kept across runs: decoded once, then read from disk as the same pixels; a
/// damaged or mismatched file is decoded afresh and replaced.
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
}

/// The decode the store stands in for.
enum ImageRendererSource {
    static func decoded(_ photo: Photo, scale: Int) -> Bitmap? {
        try? ImageRenderer.decodeSource(photo, scale: scale)
    }
}
