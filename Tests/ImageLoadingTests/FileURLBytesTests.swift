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
