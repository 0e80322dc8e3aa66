import FeedSources
import Foundation
import FoundationExtras
import ImageCodecs
import ImageLoading
import SystemPackage
import Testing

import Vocabulary
#if canImport(Glibc)
import Glibc
#endif

/// A path is bytes: a name that is not UTF-8 (`e\xff.jpg`) is its own file beside the U+FFFD
/// name (`e\xEF\xBF\xBD.jpg`) that decoding it would give: listed, identified, shown, located
/// and loaded as itself.
@Suite("Folder feed: a name is its bytes")
struct PathBytesTests {
    /// `e`, the byte 0xFF, `.jpg`: not UTF-8.
    static let invalidName: [UInt8] = [0x65, 0xFF] + Array(".jpg".utf8)
    /// `e`, U+FFFD, `.jpg`: what decoding the invalid name as UTF-8 gives.
    static let replacementName: [UInt8] = [0x65, 0xEF, 0xBF, 0xBD] + Array(".jpg".utf8)

    /// Writes `bytes` to the file named by the raw bytes `name` in `folder` (`creat`, no String).
    static func write(_ bytes: [UInt8], rawName name: [UInt8], in folder: URL) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { creat($0.baseAddress!, 0o644) }
        }
        try #require(descriptor >= 0, "creat: \(String(cString: strerror(errno)))")
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
    }

    static func png(width: Int, height: Int) throws -> [UInt8] {
        try PNGEncoder.encode(Bitmap(width: width, height: height, fill: RGBA(9, 9, 9)))
    }

    /// Every photo of a feed of `folder`.
    static func photos(in folder: URL, options: FolderOptions = FolderOptions()) async throws -> [FeedPhoto] {
        let feed = try DirectoryFeed(directory: folder, options: options)
        var photos: [FeedPhoto] = []
        while await feed.hasMore { photos += try await feed.loadNextPage() }
        return photos
    }

    @Test func aNameThatIsNotUTF8IsItsOwnFileBesideTheReplacementName() async throws {
        // Given e\xff.jpg (400×300) beside e\xEF\xBF\xBD.jpg (384×303)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.write(Self.png(width: 400, height: 300), rawName: Self.invalidName, in: folder.url)
        try Self.write(Self.png(width: 384, height: 303), rawName: Self.replacementName, in: folder.url)
        // When the folder is read
        let photos = try await Self.photos(in: folder.url)
        // Then each row is its own file: two ids, two sizes, two paths (the invalid name's bytes
        // kept, shown with a visible escape, never U+FFFD)
        #expect(photos.count == 2)
        let invalid = try #require(photos.first { $0.id == "e\\xFF.jpg" }, "\(photos.map(\.id))")
        let replacement = try #require(photos.first { $0.id == "e\u{FFFD}.jpg" }, "\(photos.map(\.id))")
        #expect(invalid.size == PixelSize(width: 400, height: 300))
        #expect(replacement.size == PixelSize(width: 384, height: 303))
        #expect(invalid.author == "e\\xFF.jpg")
        #expect(invalid.filePath?.bytes == Array(folder.url.path.utf8) + [UInt8(ascii: "/")] + Self.invalidName)
        #expect(replacement.filePath?.bytes == Array(folder.url.path.utf8) + [UInt8(ascii: "/")] + Self.replacementName)
        // And each one's URL carries its bytes, and loads its own file
        let invalidURL = try #require(invalid.location(for: PixelSize(width: 8, height: 8)).url)
        let replacementURL = try #require(replacement.location(for: PixelSize(width: 8, height: 8)).url)
        #expect(invalidURL.absoluteString.hasSuffix("/e%FF.jpg"))
        #expect(invalidURL != replacementURL)
        let invalidBytes = try await FileDataLoader().bytes(for: DataRequest(url: invalidURL), limit: 1 << 20)
        let replacementBytes = try await FileDataLoader().bytes(for: DataRequest(url: replacementURL), limit: 1 << 20)
        #expect(try ImageDecoder.probe(invalidBytes).size == PixelSize(width: 400, height: 300))
        #expect(try ImageDecoder.probe(replacementBytes).size == PixelSize(width: 384, height: 303))
    }

    @Test func aFolderOfOnlySuchNamesHasItsPhotos() async throws {
        // Given a folder whose only photo's name is not UTF-8
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.write(Self.png(width: 4, height: 3), rawName: Self.invalidName, in: folder.url)
        // When it is read, Then the photo is there, with its size
        let photos = try await Self.photos(in: folder.url)
        #expect(photos.map(\.id) == ["e\\xFF.jpg"])
        #expect(photos.first?.size == PixelSize(width: 4, height: 3))
    }

    @Test func idsNeverCollideWhateverTheBytes() {
        // Given a name with the byte 0xFF, and one spelling `\xFF` with a real backslash
        let raw = FilePath(bytes: Self.invalidName)
        let spelled = FilePath(bytes: Array("e\\xFF.jpg".utf8))
        // Then their ids differ (a backslash is doubled), and UTF-8 names are their own text
        #expect(FeedPhoto.fileID(raw) == "e\\xFF.jpg")
        #expect(FeedPhoto.fileID(spelled) == "e\\\\xFF.jpg")
        #expect(FeedPhoto.fileID(FilePath("2024/é trip/a.jpg")) == "2024/é trip/a.jpg")
        // And a cut-short sequence, an overlong form and a surrogate are escaped byte by byte
        #expect(FilePath.escapedText([0xC3]) == "\\xC3")
        #expect(FilePath.escapedText([0xC0, 0xAF]) == "\\xC0\\xAF")
        #expect(FilePath.escapedText([0xED, 0xA0, 0x80]) == "\\xED\\xA0\\x80")
    }

    @Test func aNameInASubFolderThatIsNotUTF8IsWalkedAsItsBytes() async throws {
        // Given a sub-folder whose name is not UTF-8 holding a photo
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let sub = Array(folder.url.path.utf8) + [UInt8(ascii: "/"), 0x64, 0xFE]
        let made = (sub + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } }
        try #require(made == 0)
        try Self.write(Self.png(width: 5, height: 5), rawName: [0x64, 0xFE, UInt8(ascii: "/")] + Self.invalidName, in: folder.url)
        // When it is read one level deep, Then the photo is listed with both bytes escaped
        let photos = try await Self.photos(in: folder.url, options: FolderOptions(recursive: 1))
        #expect(photos.map(\.id) == ["d\\xFE/e\\xFF.jpg"])
        #expect(photos.first?.size == PixelSize(width: 5, height: 5))
    }

    @Test func theTrashMovesTheFileOfTheBytesNeverTheReplacementName() throws {
        // Given e\xff.jpg beside e\xEF\xBF\xBD.jpg, and a Trash of a home of its own
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.write(Array("first".utf8), rawName: Self.invalidName, in: folder.url)
        try Self.write(Array("second".utf8), rawName: Self.replacementName, in: folder.url)
        let trash = FreedesktopTrash(
            environment: ["XDG_DATA_HOME": folder.url.appendingPathComponent("data").path, "HOME": folder.url.path])
        // When the first is asked to move by the URL of its bytes
        let url = try #require(URL(string: "file://\(folder.url.path)/e%FF.jpg"))
        let moved = try trash.trash(url)
        // Then the file of those bytes went, its info keeps them percent-encoded, and the other stays
        let folderPath = FilePath(folder.url.path)
        #expect(folderPath.appending(FilePath(bytes: Self.invalidName).components).status() == nil)
        #expect(folderPath.appending(FilePath(bytes: Self.replacementName).components).status() != nil)
        #expect(moved.originalPath == Array(folder.url.path.utf8) + [UInt8(ascii: "/")] + Self.invalidName)
        let descriptor = FilePath(bytes: moved.infoPath).openFile(O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0, "the info file (named by the bytes) cannot be opened")
        let info = try ReadableFile(descriptor: descriptor).read(upToCount: 4096)
        #expect(String(decoding: info, as: UTF8.self).contains("/e%FF.jpg\n"))
    }
}
