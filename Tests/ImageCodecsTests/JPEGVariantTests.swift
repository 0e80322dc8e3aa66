@_spi(Testing) import ImageCodecs
import Testing
import Vocabulary

@Suite("JPEG colour models and encodings")
struct JPEGVariantTests {
    /// The quadrant pattern as Adobe-style (inverted) CMYK: C' = R·255/K', K' = max(R, G, B).
    static func cmykQuadrants(width: Int, height: Int) -> [UInt8] {
        let rgb = TestImages.quadrants(width: width, height: height)
        var cmyk: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let p = rgb[x, y]
                let k = max(p.r, p.g, p.b)
                func ink(_ v: UInt8) -> UInt8 { UInt8(min(255, (Int(v) * 255 + Int(k) / 2) / max(1, Int(k)))) }
                cmyk += [ink(p.r), ink(p.g), ink(p.b), k]
            }
        }
        return cmyk
    }

    @Test(arguments: [false, true])
    func cmykAndYCCKDecodeToTheRightColours(ycck: Bool) throws {
        // Given a CMYK (or YCCK) JPEG with an Adobe marker, made from the quadrant pattern
        let size = PixelSize(width: 64, height: 48)
        let jpeg = try JPEGEncoder.encodeCMYK(Self.cmykQuadrants(width: 64, height: 48), size: size, ycck: ycck, quality: 95)

        // When decoded
        let image = try ImageDecoder.decode(jpeg)

        // Then the colours come out as RGB, inverted the Adobe way
        #expect(image.bitmap.size == PixelSize(width: 64, height: 48))
        let expected = TestImages.quadrants(width: 64, height: 48)
        for (got, want) in zip(TestImages.quadrantSamples(image.bitmap), TestImages.quadrantSamples(expected)) {
            #expect(TestImages.close(got, want, tolerance: 12), "got \(got), want \(want)")
        }
    }

    @Test func cmykDecodesAtEveryDCTScale() throws {
        // Given a CMYK JPEG, When decoded toward a small target, Then it scales like any other
        let jpeg = try JPEGEncoder.encodeCMYK(Self.cmykQuadrants(width: 64, height: 48), size: PixelSize(width: 64, height: 48))
        let image = try ImageDecoder.decode(jpeg, options: DecodingOptions(targetSize: PixelSize(width: 8, height: 6)))
        #expect(image.scaleDenominator == 8)
        #expect(image.bitmap.size == PixelSize(width: 8, height: 6))
        #expect(TestImages.close(image.bitmap[1, 1], TestImages.quadrantColours.topLeft, tolerance: 16))
    }

    @Test func grayscaleJPEGDecodesToEqualChannels() throws {
        // Given a one-component JPEG of a gradient
        let jpeg = try JPEGEncoder.encodeGrayscale(TestImages.gradient(width: 40, height: 30))

        // When decoded, Then every pixel is gray and opaque
        let image = try ImageDecoder.decode(jpeg)
        #expect(image.bitmap.size == PixelSize(width: 40, height: 30))
        for y in stride(from: 0, to: 30, by: 5) {
            for x in stride(from: 0, to: 40, by: 5) {
                let p = image.bitmap[x, y]
                #expect(p.r == p.g && p.g == p.b && p.a == 255)
            }
        }
    }

    @Test(arguments: [false, true])
    func encodeDecodeRoundTripStaysClose(progressive: Bool) throws {
        // Given a smooth gradient
        let source = TestImages.gradient(width: 97, height: 61)

        // When encoded at quality 95 and decoded again
        let jpeg = try JPEGEncoder.encode(source, quality: 95, progressive: progressive)
        let decoded = try ImageDecoder.decode(jpeg)

        // Then it is a JPEG of the same size, close to the source, and progressive when asked
        #expect(ImageFormat.sniff(jpeg) == .jpeg)
        #expect(decoded.bitmap.size == source.size)
        #expect(TestImages.maxDifference(decoded.bitmap, source) <= 12)
        #expect(JPEGSurgery.sofOffset(in: jpeg).map { jpeg[$0 + 1] == (progressive ? 0xC2 : 0xC0) } == true)
    }

    @Test func qualityIsClampedAndChangesTheSize() throws {
        // Given a gradient, When encoded at out-of-range qualities
        let source = TestImages.gradient(width: 64, height: 64)
        let low = try JPEGEncoder.encode(source, quality: -5)
        let high = try JPEGEncoder.encode(source, quality: 500)

        // Then both encode (clamped to 1 and 100), and the high one is larger
        #expect(try ImageDecoder.decode(low).bitmap.size == source.size)
        #expect(high.count > low.count)
    }

    @Test func corruptHeaderIsADecoderErrorWithLibjpegsMessage() throws {
        // Given a JPEG whose frame header claims 12-bit samples (this libjpeg decodes 8-bit only)
        var jpeg = try TestAssets.bytes("coffee.jpg")
        let sof = try #require(JPEGSurgery.sofOffset(in: jpeg))
        jpeg[sof + 4] = 12

        // When decoded, Then libjpeg's own message comes back in a decoder error
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(jpeg) }
        #expect(error?.kind == .decoder)
        #expect(error?.description.contains("precision 12") == true, "\(String(describing: error))")
    }

    @Test func encodingAnEmptyBitmapIsAnInvalidArgument() {
        let error = #expect(throws: ImageCodecError.self) { try JPEGEncoder.encode(Bitmap(width: 0, height: 0)) }
        #expect(error?.kind == .invalidArgument)
    }

    @Test func alphaIsDroppedByTheEncoder() throws {
        // Given a half-transparent red bitmap, When round-tripped, Then it comes back opaque
        let jpeg = try JPEGEncoder.encode(Bitmap(width: 16, height: 16, fill: RGBA(200, 0, 0, 100)))
        let pixel = try ImageDecoder.decode(jpeg).bitmap[8, 8]
        #expect(pixel.a == 255)
        #expect(TestImages.close(pixel, RGBA(200, 0, 0), tolerance: 8))
    }
}
