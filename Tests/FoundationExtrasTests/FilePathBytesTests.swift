import FoundationEssentials
import FoundationExtras
import SystemPackage
import Testing

/// A path is bytes: a file URL carries every byte of a name percent-encoded and gives it back
/// exactly; the text shown for a path names it alone.
@Suite("FilePath: bytes, URLs and the text shown")
struct FilePathBytesTests {
    @Test func everyByteOfANameRoundTripsThroughAFileURL() throws {
        // Given a name holding every byte but NUL and "/"
        let name = (1...255).map(UInt8.init).filter { $0 != UInt8(ascii: "/") }
        let path = FilePath(bytes: Array("/photos/".utf8) + name)
        // When it is made a file URL and read back
        let url = try #require(URL(fileAt: path))
        // Then the URL is ASCII, a file URL, and gives the same bytes
        #expect(url.isFileURL)
        #expect(url.absoluteString.utf8.allSatisfy { $0 < 0x80 })
        #expect(url.localPath?.bytes == path.bytes)
    }

    @Test func theByteAndItsReplacementCharacterAreTwoURLs() throws {
        let invalid = try #require(URL(fileAt: FilePath(bytes: Array("/p/e".utf8) + [0xFF])))
        let replacement = try #require(URL(fileAt: FilePath(bytes: Array("/p/e".utf8) + [0xEF, 0xBF, 0xBD])))
        #expect(invalid.absoluteString == "file:///p/e%FF")
        #expect(replacement.absoluteString == "file:///p/e%EF%BF%BD")
        // And a URL made from a String path gives its UTF-8 bytes, a relative one resolved
        #expect(URL(fileURLWithPath: "/a b/é.jpg").localPath?.bytes == Array("/a b/é.jpg".utf8))
        let relative = URL(fileURLWithPath: "b c.jpg", relativeTo: URL(fileURLWithPath: "/p/", isDirectory: true))
        #expect(relative.localPath?.bytes == Array("/p/b c.jpg".utf8))
    }

    @Test func percentDecodingTakesEitherCaseAndLeavesAStrayPercent() {
        #expect(PercentEncoding.decode("a%ffb%FFc") == [0x61, 0xFF, 0x62, 0xFF, 0x63])
        #expect(PercentEncoding.decode("100%") == Array("100%".utf8))
        #expect(PercentEncoding.decode("%4") == Array("%4".utf8))
    }

    @Test func theTextShownEscapesWhatIsNotUTF8AndDoublesABackslash() {
        #expect(FilePath(bytes: [0x65, 0xFF, 0x2E, 0x6A]).escapedText == "e\\xFF.j")
        #expect(FilePath("a\\b").escapedText == "a\\\\b")
        #expect(FilePath("été/🙂.jpg").escapedText == "été/🙂.jpg")
    }
}
