@testable import ImageCodecs
import Testing

@Suite("PNG tEXt chunks: write through libpng, read by a bounded chunk walk")
struct PNGTextChunkTests {
    private let bitmap = Bitmap(width: 4, height: 3, fill: RGBA(10, 200, 30))

    @Test func textWrittenWithTheImageIsReadBackAndTheImageStillDecodes() throws {
        // Given a PNG written with three text chunks, one Latin-1
        let png = try PNGEncoder.encode(
            bitmap,
            text: [
                PNGText(keyword: "Thumb::URI", text: "file:///tmp/a%20b.jpg"),
                PNGText(keyword: "Thumb::MTime", text: "1700000000"),
                PNGText(keyword: "Comment", text: "café"),
            ])

        // When its text is read and it is decoded
        let text = PNGTextChunks.read(png)
        let decoded = try ImageDecoder.decode(png).bitmap

        // Then every chunk comes back and the pixels are intact
        #expect(text == ["Thumb::URI": "file:///tmp/a%20b.jpg", "Thumb::MTime": "1700000000", "Comment": "café"])
        #expect(decoded == bitmap)
    }

    @Test func keywordsAndTextsPNGCannotHoldAreRefused() {
        // Given an empty keyword, an 80-character one, and text outside Latin-1
        let bad = [
            PNGText(keyword: "", text: "x"), PNGText(keyword: String(repeating: "k", count: 80), text: "x"),
            PNGText(keyword: "Title", text: "日本"),
        ]
        // Then each is an error value, never a crash
        for chunk in bad {
            #expect(throws: ImageCodecError.self) { try PNGEncoder.encode(bitmap, text: [chunk]) }
        }
    }

    @Test func aChunkWithABadChecksumIsLeftOutAndCutFilesStopTheWalk() throws {
        // Given a PNG with two text chunks, the second one's text byte flipped
        let png = try PNGEncoder.encode(
            bitmap, text: [PNGText(keyword: "A", text: "one"), PNGText(keyword: "B", text: "two")])
        let second = try #require(Self.offset(of: "B\0two", in: png))
        var flipped = png
        flipped[second + 2] ^= 0x20

        // When read, and when cut in the middle of a chunk at every length
        let text = PNGTextChunks.read(flipped)

        // Then only the intact chunk is returned, and no cut file traps or returns a damaged text
        #expect(text == ["A": "one"])
        for length in 0..<png.count {
            let partial = PNGTextChunks.read(Array(png.prefix(length)))
            #expect(partial.isEmpty || partial == ["A": "one"] || partial == ["A": "one", "B": "two"])
        }
        #expect(PNGTextChunks.read(Array("not a png at all".utf8)).isEmpty)
    }

    @Test func aLengthFieldClaimingGigabytesEndsTheWalk() {
        // Given a signature followed by a chunk claiming 0xFFFFFFF0 bytes
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0xFF, 0xFF, 0xF0]
            + Array("tEXt".utf8) + Array(repeating: 0, count: 64)
        // Then it reads nothing, at once
        #expect(PNGTextChunks.read(png).isEmpty)
    }

    private static func offset(of text: String, in bytes: [UInt8]) -> Int? {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }
}
