import CodecFixtures
import ImageCodecs
import Testing
import Vocabulary

/// Issue 20 §1: a PNG costs work bounded by the picture it holds — chunk count, compressed
/// image data and inflated bytes — never by what its zlib stream could inflate to.
@Suite("PNG inflate and chunk bounds")
struct InflateBoundTests {
    @Test(arguments: [false, true], [nil, PixelSize(width: 64, height: 64)])
    func aZlibStreamThatGoesOnPastTheImageFailsOnItsTailBudget(interlaced: Bool, target: PixelSize?) throws {
        // Given a black 1024×1024 PNG whose zlib stream goes on with 400 MB of zeros after the
        // image (2.5 MB compressed: within the compressed-data bound, so only the tail budget
        // can stop it)
        let bomb = InflateBombPNG.make(width: 1024, height: 1024, trailingBytes: 400 << 20, interlaced: interlaced)
        #expect(bomb.count < 3_000_000)

        // When decoded (whole, and toward a thumbnail)
        let error = #expect(throws: ImageCodecError.self) {
            try ImageDecoder.decode(bomb, options: DecodingOptions(targetSize: target))
        }

        // Then it fails on the budget for what follows the last row, saying why
        #expect(error?.kind == .limitExceeded)
        #expect(error?.description.contains("past the image") == true, "\(String(describing: error))")
    }

    @Test func moreCompressedDataThanTheImageAllowsIsRefusedBeforeInflating() throws {
        // Given a black 128×128 PNG whose stream carries 100 MB of zeros after the image: 630 KB
        // of IDAT for an image of 49 KB
        let bomb = InflateBombPNG.make(width: 128, height: 128, trailingBytes: 100 << 20)

        // When decoded
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bomb) }

        // Then the chunk walk refuses it: IDAT over 9/8 of the raw image plus 64 KiB
        #expect(error?.kind == .limitExceeded)
        #expect(error?.description.contains("compressed image data") == true, "\(String(describing: error))")
    }

    @Test func moreChunksThanTheImageAllowsAreRefused() throws {
        // Given a 1×1 PNG after 2,000 empty private chunks (the bound: 1,024 + raw bytes / 256),
        // and one after 1,000
        let many = InflateBombPNG.manyChunks(2_000)
        let fewer = InflateBombPNG.manyChunks(1_000)

        // When decoded / Then the first is refused by the chunk count, the second decodes
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(many) }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.description.contains("chunks") == true, "\(String(describing: error))")
        #expect(try ImageDecoder.decode(fewer).bitmap.size == PixelSize(width: 1, height: 1))
    }

    @Test(arguments: [false, true])
    func theSameImageWithNothingAfterItDecodes(interlaced: Bool) throws {
        // Given the bombs' image with a stream that ends with it (the fixture is sound)
        let png = InflateBombPNG.make(width: 1024, height: 1024, trailingBytes: 0, interlaced: interlaced)

        // When decoded / Then it is the black image
        let image = try ImageDecoder.decode(png)
        #expect(image.bitmap.size == PixelSize(width: 1024, height: 1024))
        #expect(image.bitmap[1023, 1023] == RGBA(0, 0, 0))
    }
}
