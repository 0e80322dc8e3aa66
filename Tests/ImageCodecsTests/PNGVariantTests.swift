@_spi(Testing) import ImageCodecs
import Testing
import Vocabulary

@Suite("PNG colour types, depths, transparency and interlace")
struct PNGVariantTests {
    static let size = PixelSize(width: 23, height: 17)  // odd sizes exercise partial bytes and Adam7 edges

    @Test(arguments: [1, 2, 4, 8, 16])
    func grayOfEveryDepth(bitDepth: Int) throws {
        // Given a gray PNG whose levels cycle through the depth's range
        let levels = bitDepth == 16 ? 256 : 1 << bitDepth
        let level = { (x: Int, y: Int) in (x + 3 * y) % levels }
        let raw = PNGFixture.image(size: Self.size, colorType: .gray, bitDepth: bitDepth) { x, y in
            [bitDepth == 16 ? PNGFixture.wide(level(x, y)) : level(x, y)]
        }

        // When decoded
        let bitmap = try ImageDecoder.decode(try PNGEncoder.encode(raw)).bitmap

        // Then each level is scaled to 8 bits in every channel, opaque
        let scale = bitDepth == 16 ? 1 : 255 / (levels - 1)
        for (x, y) in Self.samplePoints {
            let v = UInt8(level(x, y) * scale)
            #expect(bitmap[x, y] == RGBA(v, v, v, 255), "(\(x),\(y)) at depth \(bitDepth)")
        }
    }

    @Test(arguments: [8, 16])
    func grayAlpha(bitDepth: Int) throws {
        // Given gray+alpha with varying alpha
        let raw = PNGFixture.image(size: Self.size, colorType: .grayAlpha, bitDepth: bitDepth) { x, y in
            let gray = (x * 11) % 256, alpha = (y * 15) % 256
            return bitDepth == 16 ? [PNGFixture.wide(gray), PNGFixture.wide(alpha)] : [gray, alpha]
        }

        // When decoded, Then gray is spread to RGB and alpha kept straight
        let bitmap = try ImageDecoder.decode(try PNGEncoder.encode(raw)).bitmap
        for (x, y) in Self.samplePoints {
            let gray = UInt8((x * 11) % 256), alpha = UInt8((y * 15) % 256)
            #expect(bitmap[x, y] == RGBA(gray, gray, gray, alpha))
        }
    }

    @Test(arguments: [(PNGEncoder.ColorType.rgb, 8), (.rgb, 16), (.rgba, 8), (.rgba, 16)])
    func truecolour(colorType: PNGEncoder.ColorType, bitDepth: Int) throws {
        // Given RGB or RGBA at 8 or 16 bits
        let raw = PNGFixture.image(size: Self.size, colorType: colorType, bitDepth: bitDepth) { x, y in
            let values = Array(Self.expected(x, y, alpha: colorType == .rgba).prefix(colorType == .rgba ? 4 : 3))
            return bitDepth == 16 ? values.map(PNGFixture.wide) : values
        }

        // When decoded, Then the 8-bit RGBA values match
        let bitmap = try ImageDecoder.decode(try PNGEncoder.encode(raw)).bitmap
        for (x, y) in Self.samplePoints {
            let e = Self.expected(x, y, alpha: colorType == .rgba).map(UInt8.init)
            #expect(bitmap[x, y] == RGBA(e[0], e[1], e[2], e[3]))
        }
    }

    @Test(arguments: [1, 2, 4, 8])
    func paletteWithTRNS(bitDepth: Int) throws {
        // Given a palette PNG whose tRNS gives some entries partial or zero alpha
        let count = 1 << bitDepth
        let palette = (0..<count).map { (i: Int) -> RGBA in
            let level = i * 255 / (count - 1)
            let alpha = i % 3 == 0 ? 255 : (i * 40) % 256
            return RGBA(UInt8(level), UInt8(255 - level), UInt8((i * 70) % 256), UInt8(alpha))
        }
        let index = { (x: Int, y: Int) in (x + y * 5) % count }
        let raw = PNGFixture.image(
            size: Self.size, colorType: .palette, bitDepth: bitDepth, palette: palette, writesPaletteAlpha: true
        ) { x, y in [index(x, y)] }

        // When decoded, Then every pixel is its palette entry with the tRNS alpha
        let bitmap = try ImageDecoder.decode(try PNGEncoder.encode(raw)).bitmap
        for (x, y) in Self.samplePoints {
            #expect(bitmap[x, y] == palette[index(x, y)])
        }
    }

    @Test func rgbWithTransparentKeyColour() throws {
        // Given an RGB PNG whose tRNS names one colour transparent
        let raw = PNGFixture.image(size: Self.size, colorType: .rgb, bitDepth: 8, transparentKey: (10, 20, 30)) { x, _ in
            x < 5 ? [10, 20, 30] : [200, 100, 50]
        }

        // When decoded, Then exactly that colour has alpha 0
        let bitmap = try ImageDecoder.decode(try PNGEncoder.encode(raw)).bitmap
        #expect(bitmap[2, 3].a == 0)
        #expect(bitmap[10, 3] == RGBA(200, 100, 50, 255))
    }

    @Test(arguments: [
        (PNGEncoder.ColorType.gray, 1), (.gray, 4), (.gray, 16), (.grayAlpha, 8), (.rgb, 8), (.rgb, 16),
        (.rgba, 8), (.rgba, 16), (.palette, 2), (.palette, 8),
    ])
    func adam7EqualsTheNonInterlacedEncoding(colorType: PNGEncoder.ColorType, bitDepth: Int) throws {
        // Given the same samples written plain and Adam7-interlaced
        let maxValue = (1 << bitDepth) - 1
        let palette = (0...min(maxValue, 255)).map { (i: Int) -> RGBA in
            let r = UInt8(i * 7 % 256), g = UInt8(i * 13 % 256), a = UInt8(255 - i % 200)
            return RGBA(r, g, UInt8(i), a)
        }
        func raw(interlaced: Bool) -> PNGEncoder.RawImage {
            PNGFixture.image(
                size: PixelSize(width: 37, height: 29), colorType: colorType, bitDepth: bitDepth, interlaced: interlaced,
                palette: colorType == .palette ? palette : [], writesPaletteAlpha: colorType == .palette
            ) { x, y in
                (0..<PNGFixture.channels(colorType)).map { c in (x * 7 + y * 13 + c * 29) % (maxValue + 1) }
            }
        }
        let plain = try PNGEncoder.encode(raw(interlaced: false))
        let interlaced = try PNGEncoder.encode(raw(interlaced: true))

        // When both are decoded, Then the pixels are identical (and the files really differ)
        #expect(plain != interlaced)
        #expect(try ImageDecoder.decode(interlaced).bitmap == ImageDecoder.decode(plain).bitmap)
    }

    @Test func bitmapRoundTripsLosslessly() throws {
        // Given a bitmap with varied alpha, When written as PNG (plain and Adam7) and read back
        var bitmap = TestImages.gradient(width: 31, height: 19)
        bitmap[3, 4] = RGBA(1, 2, 3, 0)
        bitmap[5, 6] = RGBA(250, 128, 7, 77)
        for interlaced in [false, true] {
            let decoded = try ImageDecoder.decode(try PNGEncoder.encode(bitmap, interlaced: interlaced))
            // Then every byte is the same
            #expect(decoded.bitmap == bitmap)
            #expect(decoded.scaleDenominator == 1)
        }
    }

    @Test func corruptChunkDataIsADecoderErrorWithLibpngsMessage() throws {
        // Given a valid PNG with one byte of the IDAT data flipped (its CRC no longer matches)
        var png = try PNGEncoder.encode(TestImages.gradient(width: 16, height: 16))
        let idat = try #require(png.indices.dropLast(4).first { Array(png[$0..<$0 + 4]) == Array("IDAT".utf8) })
        png[idat + 6] ^= 0xFF

        // When decoded, Then libpng's complaint comes back as a decoder error
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(png) }
        #expect(error?.kind == .decoder)
        #expect(error?.description.contains("PNG decode") == true)
    }

    static let samplePoints = [(0, 0), (1, 0), (2, 1), (7, 3), (8, 8), (15, 11), (22, 16), (21, 0), (0, 16), (13, 9)]

    /// The RGBA the truecolour tests expect at (x, y).
    static func expected(_ x: Int, _ y: Int, alpha: Bool) -> [Int] {
        [(x * 11) % 256, (y * 15) % 256, (x * y * 3) % 256, alpha ? (x * 9 + y * 5) % 256 : 255]
    }
}
