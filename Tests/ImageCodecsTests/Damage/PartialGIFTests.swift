import ImageCodecs
import TestSupport
import Testing
import Vocabulary

/// A damaged GIF is drawn as far as its first frame's rows decode (issue 50): the rows before its
/// data ends or its LZW codes break, grey below; the screen descriptor is still needed.
@Suite("A damaged GIF is drawn as far as its rows decode")
struct PartialGIFTests {
    static let partial = DecodingOptions(allowsPartialDecoding: true)
    static let grey = RGBA(128, 128, 128)

    @Test(arguments: [0.5, 0.9])
    func aGIFCutShortDrawsItsTopRowsAndGreyBelow(share: Double) throws {
        // Given still.gif (96×64, one non-interlaced frame, its own 256-colour table) cut at `share`
        let whole = try FormatAssets.bytes("still.gif")
        let cut = Damage.cut(whole, at: share)

        // When decoded with partial decoding allowed
        let image = try ImageDecoder.decode(cut, options: Self.partial)
        let full = try ImageDecoder.decode(whole).bitmap

        // Then the rows drawn are the whole file's and the rest of the frame is grey
        let damage = try #require(image.damage)
        #expect(damage.isTruncated && damage.rows == 64)
        #expect(damage.reason == "the GIF data ends before the image is complete")
        // (the colour table and the LZW stream's start come first: the share of rows trails the bytes')
        #expect(damage.share <= share && damage.share >= share - 0.2, "\(damage)")
        for y in 0..<damage.decodedRows {
            #expect((0..<96).allSatisfy { image.bitmap[$0, y] == full[$0, y] }, "row \(y)")
        }
        for y in damage.decodedRows..<64 {
            #expect((0..<96).allSatisfy { image.bitmap[$0, y] == Self.grey }, "row \(y)")
        }
    }

    @Test func theCutFixtureIsDrawnPartlyAndStillRefusedByDefault() throws {
        // Given the format fixtures' truncated GIF
        let bytes = try FormatAssets.bytes("truncated-still.gif")

        // When decoded with and without partial decoding
        let image = try ImageDecoder.decode(bytes, options: Self.partial)
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bytes) }

        // Then it is drawn in part when asked, and refused as truncated otherwise
        #expect(image.damage?.isTruncated == true && (image.damage?.decodedRows ?? 0) > 0)
        #expect(error?.kind == .truncated)
    }

    @Test func aCutInsideTheHeaderIsStillRefused() throws {
        // Given still.gif cut inside its screen descriptor, and inside its colour table (at 200
        // bytes, and at 10 % of its bytes: the table is 768 of the first 781)
        let bytes = try FormatAssets.bytes("still.gif")
        for cut in [8, 200, bytes.count / 10] {
            // When decoded with partial decoding allowed, Then it is an error value
            let error = #expect(throws: ImageCodecError.self) {
                try ImageDecoder.decode(Array(bytes.prefix(cut)), options: Self.partial)
            }
            #expect([.truncated, .decoder].contains(error?.kind), "cut at \(cut)")
        }
    }
}
