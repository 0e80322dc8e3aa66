import ImageCodecs
import Testing
import Vocabulary

/// BMP built byte by byte: each layout the decoder reads, and each way a file can lie.
/// (BMP Suite, in ConformanceSuiteTests, covers the same against ImageMagick's decodes.)
@Suite("BMP decoding")
struct BMPDecodingTests {
    /// A BMP with a BITMAPINFOHEADER (40 bytes), `masks` after it, then `palette`, then `pixels`.
    static func bmp(
        width: Int, height: Int, bits: Int, compression: UInt32 = 0,
        palette: [RGBA] = [], masks: [UInt32] = [], pixels: [UInt8]
    ) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let offset = 14 + 40 + 4 * masks.count + 4 * palette.count
        var file = Array("BM".utf8) + le32(offset + pixels.count) + [0, 0, 0, 0] + le32(offset)
        file += le32(40) + le32(width) + le32(height) + le16(1) + le16(bits) + le32(Int(compression))
        file += le32(pixels.count) + le32(2835) + le32(2835) + le32(palette.count) + le32(0)
        file += masks.flatMap { le32(Int($0)) }
        file += palette.flatMap { [$0.b, $0.g, $0.r, 0] }
        return file + pixels
    }

    @Test func bottomUpAndTopDown24BitRowsLandWhereTheyBelong() throws {
        // Given a 2×2 24-bit BMP stored bottom first (blue, green / red, white) and the same top first
        let bottomRow: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0]  // blue, green (BGR), padded to 8
        let topRow: [UInt8] = [0, 0, 255, 255, 255, 255, 0, 0]  // red, white
        let bottomUp = Self.bmp(width: 2, height: 2, bits: 24, pixels: bottomRow + topRow)
        let topDown = Self.bmp(width: 2, height: -2, bits: 24, pixels: topRow + bottomRow)
        for bytes in [bottomUp, topDown] {
            // When decoded
            let bitmap = try ImageDecoder.decode(bytes).bitmap
            // Then the top row is red, white and the bottom row blue, green
            #expect(bitmap[0, 0] == RGBA(255, 0, 0))
            #expect(bitmap[1, 0] == .white)
            #expect(bitmap[0, 1] == RGBA(0, 0, 255))
            #expect(bitmap[1, 1] == RGBA(0, 255, 0))
        }
    }

    @Test func thirtyTwoBitAlphaCountsOnlyWhenSomePixelSetsIt() throws {
        // Given 32-bit BI_RGB pixels whose fourth byte is all zero, and the same with one set
        let unused: [UInt8] = [10, 20, 30, 0, 40, 50, 60, 0]
        let used: [UInt8] = [10, 20, 30, 0, 40, 50, 60, 128]
        // When decoded
        let opaque = try ImageDecoder.decode(Self.bmp(width: 2, height: 1, bits: 32, pixels: unused)).bitmap
        let alpha = try ImageDecoder.decode(Self.bmp(width: 2, height: 1, bits: 32, pixels: used)).bitmap
        // Then an all-zero fourth byte is padding (opaque), and otherwise it is alpha
        #expect(opaque[0, 0] == RGBA(30, 20, 10))
        #expect(opaque[1, 0] == RGBA(60, 50, 40))
        #expect(alpha[0, 0] == RGBA(30, 20, 10, 0))
        #expect(alpha[1, 0] == RGBA(60, 50, 40, 128))
    }

    @Test func bitfieldMasksScaleEachChannelToEightBits() throws {
        // Given 16-bit RGB565 BITFIELDS pixels: full red, full green, half blue
        let pixels: [UInt8] = [0x00, 0xF8, 0xE0, 0x07, 0x10, 0x00, 0, 0]
        let bytes = Self.bmp(width: 3, height: 1, bits: 16, compression: 3, masks: [0xF800, 0x07E0, 0x001F], pixels: pixels)
        // When decoded
        let bitmap = try ImageDecoder.decode(bytes).bitmap
        // Then each channel is scaled from its own width
        #expect(bitmap[0, 0] == RGBA(255, 0, 0))
        #expect(bitmap[1, 0] == RGBA(0, 255, 0))
        #expect(bitmap[2, 0] == RGBA(0, 0, 132))
    }

    @Test func rle8RunsLiteralsAndDeltasDraw() throws {
        // Given a 4×2 RLE8 BMP: bottom row a run of 2 red then a literal green, blue;
        // then a delta of one column into the top row, one red, end of bitmap
        let palette = [RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255)]
        let codes: [UInt8] = [2, 0, 0, 3, 1, 2, 0, 0, 0, 0, 0, 2, 1, 0, 1, 0, 0, 1]
        let bytes = Self.bmp(width: 4, height: 2, bits: 8, compression: 1, palette: palette, pixels: codes)
        // When decoded
        let bitmap = try ImageDecoder.decode(bytes).bitmap
        // Then the runs land, and the pixels the delta and the end skip are transparent
        #expect((0..<4).map { bitmap[$0, 1] } == [RGBA(255, 0, 0), RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255)])
        #expect((0..<4).map { bitmap[$0, 0] } == [.clear, RGBA(255, 0, 0), .clear, .clear])
    }

    @Test func rle4AlternatesTheRunsTwoIndices() throws {
        // Given a 5×1 RLE4 BMP: a run of 5 alternating indices 1 and 0, then end of bitmap
        let palette = [RGBA(0, 0, 0), RGBA(255, 255, 255)]
        let bytes = Self.bmp(width: 5, height: 1, bits: 4, compression: 2, palette: palette, pixels: [5, 0x10, 0, 1])
        // When decoded, Then the pixels alternate white and black
        let bitmap = try ImageDecoder.decode(bytes).bitmap
        #expect((0..<5).map { bitmap[$0, 0] } == [.white, .black, .white, .black, .white])
    }

    @Test func aFileEndingBeforeItsRowsIsTruncatedWithHowMuch() {
        // Given a 4×4 24-bit BMP with only one row of its four, and an RLE8 one with no end code
        let packed = Self.bmp(width: 4, height: 4, bits: 24, pixels: [UInt8](repeating: 7, count: 12))
        let rle = Self.bmp(width: 4, height: 4, bits: 8, compression: 1, palette: [.white], pixels: [4, 0, 0, 0])
        for bytes in [packed, rle] {
            // When decoded, Then each is refused as truncated, in a sentence naming the rows
            let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bytes) }
            #expect(error?.kind == .truncated)
            #expect(error?.description.contains("row") == true, "\(String(describing: error))")
        }
    }

    @Test func aHugeClaimIsRefusedBeforeAnyPixelMemory() {
        // Given a 60-byte file claiming 100,000 × 100,000 pixels
        let bytes = Self.bmp(width: 100_000, height: 100_000, bits: 24, pixels: [0, 0, 0, 0, 0, 0])
        // When decoded, Then the pixel limit refuses it
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bytes) }
        #expect(error?.kind == .tooManyPixels)
    }

    @Test func unsupportedVariantsAreNamed() {
        // Given a BMP holding a JPEG (compression 4) and one claiming 64 bits a pixel
        let jpeg = Self.bmp(width: 2, height: 2, bits: 0, compression: 4, pixels: [0xFF, 0xD8, 0xFF, 0xD9])
        let deep = Self.bmp(width: 1, height: 1, bits: 64, pixels: [UInt8](repeating: 0, count: 8))
        // When decoded, Then each error says what is not read
        let jpegError = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(jpeg) }
        #expect(jpegError?.description.contains("JPEG") == true, "\(String(describing: jpegError))")
        let deepError = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(deep) }
        #expect(deepError?.description.contains("64 bits") == true, "\(String(describing: deepError))")
    }

    @Test func sniffingNeedsAKnownDIBHeaderSize() {
        // Given "BM" with an OS/2 core header size (reserved fields holding a hotspot), and "BM" with 77
        let os2 = Array("BM".utf8) + [0, 0, 0, 0, 5, 0, 9, 0, 26, 0, 0, 0, 12, 0, 0, 0]
        let unknown = Array("BM".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 26, 0, 0, 0, 77, 0, 0, 0]
        // When sniffed, Then only the first is a BMP
        #expect(ImageFormat.sniff(os2) == .bmp)
        #expect(ImageFormat.sniff(unknown) == nil)
    }

    @Test func aReducedDecodeAveragesAsTheWholeDoes() throws {
        // Given a 512×512 BMP (libwebp's test data), decoded whole and reduced toward 64×64
        let bytes = try ConformanceSuite.libwebp.bytes("lossless_color_transform.bmp")
        let whole = try ImageDecoder.decode(bytes).bitmap
        var options = DecodingOptions(targetSize: PixelSize(width: 64, height: 64))
        options.reductionThreshold = 1_000
        // When reduced while its rows stream in
        let reduced = try ImageDecoder.decode(bytes, options: options)
        // Then it is 64×64 (1/8), and draws what the whole image draws
        #expect(reduced.bitmap.size == PixelSize(width: 64, height: 64))
        #expect(reduced.scaleDenominator == 8)
        let difference = zip(ConformanceSuite.grid(of: reduced.bitmap), ConformanceSuite.grid(of: whole)).map { abs(Int($0) - Int($1)) }
        #expect((difference.max() ?? 0) <= 1)
    }

    @Test func aRegionOfABMPIsCutFromIt() throws {
        // Given a 4×1 24-bit BMP: black, red, green, blue
        let pixels: [UInt8] = [0, 0, 0, 0, 0, 255, 0, 255, 0, 255, 0, 0]
        var options = DecodingOptions()
        options.region = PixelRect(x: 1, y: 0, width: 2, height: 1)
        // When its middle two pixels are decoded, Then they are red and green
        let part = try ImageDecoder.decode(Self.bmp(width: 4, height: 1, bits: 24, pixels: pixels), options: options).bitmap
        #expect(part.size == PixelSize(width: 2, height: 1))
        #expect(part[0, 0] == RGBA(255, 0, 0))
        #expect(part[1, 0] == RGBA(0, 255, 0))
    }
}
