import Foundation
import ImageLoading
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A file URL carries a path's bytes percent-encoded: `e%FF.jpg` is the file whose name holds
/// the byte 0xFF, for the file loader and for the freedesktop.org thumbnail cache alike, never
/// the U+FFFD name (`e%EF%BF%BD.jpg`) beside it.
@Suite("File URLs: a path is bytes")
struct FileURLBytesTests {
    /// A fresh folder holding `e\xff.jpg` ("invalid") and `e\xEF\xBF\xBD.jpg` ("replacement"),
    /// created with their raw bytes.
    private func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("urlbytes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in [([0x65, 0xFF] as [UInt8], "invalid"), ([0x65, 0xEF, 0xBF, 0xBD], "replacement")] {
            let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + Array(".jpg".utf8) + [0]
            let descriptor = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { creat($0.baseAddress!, 0o644) } }
            try #require(descriptor >= 0)
            _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        return folder
    }

    @Test func theFileLoaderOpensThePercentEncodedBytes() async throws {
        // Given the two files
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // When each is loaded by its URL (the path percent-encoded byte by byte)
        let invalid = try #require(URL(string: "file://\(folder)/e%FF.jpg"))
        let replacement = try #require(URL(string: "file://\(folder)/e%EF%BF%BD.jpg"))
        let loader = FileDataLoader()
        // Then each URL reads its own file
        #expect(String(decoding: try await loader.bytes(for: DataRequest(url: invalid), limit: 100), as: UTF8.self) == "invalid")
        #expect(String(decoding: try await loader.bytes(for: DataRequest(url: replacement), limit: 100), as: UTF8.self) == "replacement")
    }

    @Test func thePipelineLoadsAPhotoWhoseNameIsNotUTF8() async throws {
        // Given a photo stored as e\xff.jpg
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/photos/brick.jpg")
        let bytes = try Data(contentsOf: photo)
        let path = Array(folder.utf8) + [UInt8(ascii: "/"), 0x65, 0xFF] + Array(".jpg".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_TRUNC) } }
        try #require(descriptor >= 0)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        // When the pipeline loads it by its URL (its path, not UTF-8, has no decoded text)
        let pipeline = ImagePipeline(configuration: .init(memoryCache: nil))
        let response = try await pipeline.image(for: ImageRequest(url: URL(string: "file://\(folder)/e%FF.jpg")))
        // Then it is decoded (it was refused as a URL with no path)
        #expect(response.originalSize.width > 0)
    }

    @Test func theThumbnailURIKeepsTheByteAndItsMD5IsOfThatURI() {
        // Given the URL of a name holding the byte 0xFF
        let url = URL(string: "file:///home/ana/e%FF.jpg")!
        // Then its thumbnail URI has %FF (GLib's g_filename_to_uri), not U+FFFD's %EF%BF%BD
        #expect(ThumbnailURI.uri(for: url) == "file:///home/ana/e%FF.jpg")
        // And the thumbnail's name is the MD5 of that URI (`printf "file:///home/ana/e%%FF.jpg" | md5sum`)
        #expect(ThumbnailURI.fileName(for: ThumbnailURI.uri(for: url)) == "0531d56604f59ef6e070e47fc2f688dc.png")
        #expect(ThumbnailURI.uri(for: URL(string: "file:///home/ana/e%EF%BF%BD.jpg")!) == "file:///home/ana/e%EF%BF%BD.jpg")
    }
}
