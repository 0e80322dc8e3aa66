import ImageCodecs
import Testing

@Suite("Format sniffing by magic bytes")
struct FormatSniffingTests {
    @Test func recognisesEveryKnownSignature() {
        // Given the first bytes of each format, When sniffed, Then the format is named
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]) == .jpeg)
        #expect(ImageFormat.sniff(PNGChunks.signature + [0, 0, 0, 13]) == .png)
        #expect(ImageFormat.sniff(Array("GIF87a".utf8)) == .gif)
        #expect(ImageFormat.sniff(Array("RIFF\0\0\0\0WEBP".utf8)) == .webp)
        #expect(ImageFormat.sniff([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]) == .tiff)
        #expect(ImageFormat.sniff([0, 0, 0, 20] + Array("ftypmif1\0\0\0\0heic".utf8)) == .heif)
        #expect(ImageFormat.sniff([0, 0, 0, 20] + Array("ftypavif\0\0\0\0mif1".utf8)) == .avif)
        #expect(ImageFormat.sniff([0, 0, 0, 24] + Array("ftypmif1\0\0\0\0mif1avif".utf8)) == .avif)
        #expect(ImageFormat.sniff([0xFF, 0x0A, 0xFA, 0x7F]) == .jxl)
        #expect(ImageFormat.sniff([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) == .jxl)
    }

    @Test func ignoresLookalikes() {
        // Given text and short prefixes, When sniffed, Then nothing is claimed
        #expect(ImageFormat.sniff(Array("BMW is a car, not a bitmap header at all".utf8)) == nil)
        #expect(ImageFormat.sniff(Array("<html>".utf8)) == nil)
        #expect(ImageFormat.sniff([0xFF, 0xD8]) == nil)
        #expect(ImageFormat.sniff([UInt8]()) == nil)
        #expect(ImageFormat.sniff([0, 0, 0, 20] + Array("ftypisom\0\0\0\0mp41".utf8)) == nil)
    }

    @Test func everyRecognisedFormatIsDecodable() {
        #expect(ImageFormat.allCases.filter { !$0.isDecodable }.isEmpty)
    }
}
