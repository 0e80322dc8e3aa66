@testable import ImageCodecs
import Testing
import Vocabulary

@Suite("Resize, crop, fit and fill")
struct ResizeTests {
    /// A bitmap whose red is 90·x and green 90·y, opaque.
    static func ramp(width: Int, height: Int, step: Int = 90) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { bitmap[x, y] = RGBA(UInt8(step * x), UInt8(step * y), 0) }
        }
        return bitmap
    }

    @Test func areaAverageAtANonIntegerRatioIsExact() {
        // Given a 3×3 ramp (0, 90, 180 across and down)
        let source = Self.ramp(width: 3, height: 3)

        // When shrunk to 2×2 (a ratio of 1.5: each output covers one pixel and half of the middle one)
        let out = source.resized(to: PixelSize(width: 2, height: 2))

        // Then each output is the weighted mean of the area it covers: (0 + 45)/1.5 = 30, (45 + 180)/1.5 = 150
        #expect(out[0, 0] == RGBA(30, 30, 0))
        #expect(out[1, 0] == RGBA(150, 30, 0))
        #expect(out[0, 1] == RGBA(30, 150, 0))
        #expect(out[1, 1] == RGBA(150, 150, 0))
    }

    @Test func fractionalEdgeWeightsAtFiveToThree() {
        // Given a 5×1 ramp 0, 30, 60, 90, 120
        let source = Self.ramp(width: 5, height: 1, step: 30)

        // When shrunk to 3×1 (each output covers 5/3 pixels)
        let out = source.resized(to: PixelSize(width: 3, height: 1))

        // Then (0 + ⅔·30)/⅝ = 12, (⅓·30 + 60 + ⅓·90)/⁵⁄₃ = 60, (⅔·90 + 120)/⁵⁄₃ = 108
        #expect([out[0, 0].r, out[1, 0].r, out[2, 0].r] == [12, 60, 108])
    }

    @Test func upscalingIsBilinear() {
        // Given a 2×1 bitmap 0 and 200, When grown to 4×1
        let out = Self.ramp(width: 2, height: 1, step: 200).resized(to: PixelSize(width: 4, height: 1))
        // Then pixel centres interpolate linearly, clamped at the edges
        #expect([out[0, 0].r, out[1, 0].r, out[2, 0].r, out[3, 0].r] == [0, 50, 150, 200])
    }

    @Test func axesAreChosenIndependently() {
        // Given a 4×2 ramp, When shrunk across and grown down
        let out = Self.ramp(width: 4, height: 2, step: 60).resized(to: PixelSize(width: 2, height: 4))
        // Then across is averaged (0,60 → 30; 120,180 → 150), down is interpolated (0 … 60)
        #expect(out.size == PixelSize(width: 2, height: 4))
        #expect([out[0, 0].r, out[1, 0].r] == [30, 150])
        #expect([out[0, 0].g, out[0, 1].g, out[0, 2].g, out[0, 3].g] == [0, 15, 45, 60])
    }

    @Test func transparentPixelsDoNotBleedColour() {
        // Given opaque red beside fully transparent green
        var source = Bitmap(width: 2, height: 1)
        source[0, 0] = RGBA(255, 0, 0, 255)
        source[1, 0] = RGBA(0, 255, 0, 0)

        // When averaged into one pixel
        let out = source.resized(to: PixelSize(width: 1, height: 1))

        // Then it is half-transparent pure red, not a muddy red-green
        #expect(out[0, 0] == RGBA(255, 0, 0, 128))
    }

    @Test func sameSizeIsUnchangedAndEmptySizesAreEmpty() {
        let source = TestImages.gradient(width: 13, height: 7)
        #expect(source.resized(to: source.size) == source)
        #expect(source.resized(to: PixelSize(width: 0, height: 5)).byteCount == 0)
        #expect(Bitmap(width: 0, height: 0).resized(to: PixelSize(width: 3, height: 2)).size == PixelSize(width: 3, height: 2))
    }

    @Test func fittingSizeKeepsTheAspectRatio() {
        let wide = Bitmap(width: 400, height: 200)
        #expect(wide.fittingSize(in: PixelSize(width: 80, height: 80)) == PixelSize(width: 80, height: 40))
        #expect(wide.fittingSize(in: PixelSize(width: 80, height: 20)) == PixelSize(width: 40, height: 20))
        #expect(Bitmap(width: 1, height: 1000).fittingSize(in: PixelSize(width: 80, height: 40)) == PixelSize(width: 1, height: 40))
        #expect(wide.fit(into: PixelSize(width: 80, height: 80)).size == PixelSize(width: 80, height: 40))
    }

    @Test func fillCoversTheBoxFromTheCentre() {
        // Given a wide image with a red centre stripe and blue sides
        var source = Bitmap(width: 300, height: 100, fill: RGBA(0, 0, 255))
        for y in 0..<100 { for x in 100..<200 { source[x, y] = RGBA(255, 0, 0) } }

        // When filled into a square, Then the result is the square and all red (the sides were cropped)
        let square = source.fill(PixelSize(width: 10, height: 10))
        #expect(square.size == PixelSize(width: 10, height: 10))
        #expect(square[0, 5] == RGBA(255, 0, 0) && square[9, 5] == RGBA(255, 0, 0))

        // And filling a wide box keeps everything
        let wide = source.fill(PixelSize(width: 30, height: 10))
        #expect(wide[0, 5] == RGBA(0, 0, 255) && wide[15, 5] == RGBA(255, 0, 0))
    }

    @Test func cropIsClampedToTheBitmap() {
        let source = TestImages.gradient(width: 20, height: 10)
        let inside = source.cropped(to: PixelRect(x: 5, y: 2, width: 4, height: 3))
        #expect(inside.size == PixelSize(width: 4, height: 3))
        #expect(inside[0, 0] == source[5, 2] && inside[3, 2] == source[8, 4])

        #expect(source.cropped(to: PixelRect(x: -5, y: -5, width: 10, height: 10)).size == PixelSize(width: 5, height: 5))
        #expect(source.cropped(to: PixelRect(x: 15, y: 8, width: 100, height: 100)).size == PixelSize(width: 5, height: 2))
        #expect(source.cropped(to: PixelRect(x: 50, y: 0, width: 5, height: 5)).byteCount == 0)
        #expect(source.cropped(to: PixelRect(x: 1, y: 1, width: Int.max, height: Int.max)).size == PixelSize(width: 19, height: 9))
    }

    @Test func largePhotoShrinksToAThumbnail() throws {
        // Given a decoded 600×400 photo
        let photo = try ImageDecoder.decode(try TestAssets.bytes("coffee.jpg")).bitmap

        // When filled into 80×40 and into a single pixel
        let thumbnail = photo.fill(PixelSize(width: 80, height: 40))
        let single = photo.fill(PixelSize(width: 1, height: 1))

        // Then the sizes are exact, and the single pixel is the plain mean of the centre 400×400
        #expect(thumbnail.size == PixelSize(width: 80, height: 40))
        var sums = [0, 0, 0]
        for y in 0..<400 {
            for x in 100..<500 {
                let p = photo[x, y]
                sums[0] += Int(p.r); sums[1] += Int(p.g); sums[2] += Int(p.b)
            }
        }
        let mean = sums.map { UInt8(($0 + 80_000) / 160_000) }
        #expect(TestImages.close(single[0, 0], RGBA(mean[0], mean[1], mean[2]), tolerance: 1))
    }
}

@Suite("Bitmaps with padded rows")
struct PaddedStrideTests {
    @Test func everyOperationHonoursBytesPerRow() throws {
        // Given a 2×2 bitmap whose rows carry 4 bytes of padding (0xEE)
        let pad: [UInt8] = [0xEE, 0xEE, 0xEE, 0xEE]
        let bytes: [UInt8] = [10, 20, 30, 255, 40, 50, 60, 255] + pad + [70, 80, 90, 255, 100, 110, 120, 255] + pad
        let padded = try Bitmap(width: 2, height: 2, bytesPerRow: 12, rgba: bytes)

        // When resized, cropped, mirrored, flattened, blurred and encoded
        // Then no padding byte leaks into a pixel
        #expect(padded.resized(to: PixelSize(width: 1, height: 1))[0, 0] == RGBA(55, 65, 75))
        #expect(padded.cropped(to: PixelRect(x: 1, y: 1, width: 1, height: 1))[0, 0] == RGBA(100, 110, 120))
        #expect(padded.mirroredHorizontally()[0, 1] == RGBA(100, 110, 120))
        #expect(padded.flattened(over: .black)[1, 0] == RGBA(40, 50, 60))
        #expect(padded.grayscale()[0, 0].a == 255)
        #expect(padded.blurred(radius: 1).size == padded.size)
        let png = try ImageDecoder.decode(try PNGEncoder.encode(padded)).bitmap
        #expect(png[1, 1] == RGBA(100, 110, 120) && png.bytesPerRow == 8)
        #expect(try ImageDecoder.decode(try JPEGEncoder.encode(padded, quality: 100)).bitmap.size == padded.size)
    }
}

/// The resampler keeps only a window of horizontally resampled rows (as many as one output row
/// reads) instead of a resampled copy of the whole source: the bytes must be what the two whole
/// passes give.
@Suite("Resampling through a window of rows")
struct ResampleWindowTests {
    /// Noise with every alpha, from a fixed seed.
    static func noise(width: Int, height: Int) -> Bitmap {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let v = state >> 24
                bitmap[x, y] = RGBA(UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8),
                    UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 24))
            }
        }
        return bitmap
    }

    /// Every source row resampled horizontally first, then the columns: the reference.
    static func twoWholePasses(_ bitmap: Bitmap, from rect: PixelRect, to size: PixelSize) -> [UInt8] {
        let xAxis = ResampleAxis(source: rect.width, output: size.width)
        let yAxis = ResampleAxis(source: rect.height, output: size.height)
        var rows = [SIMD4<Float>](repeating: .zero, count: rect.height * size.width)
        bitmap.withBytes { input in
            for r in 0..<rect.height {
                for x in 0..<size.width {
                    var sum = SIMD4<Float>.zero
                    for k in 0..<xAxis.counts[x] {
                        let offset = (rect.y + r) * bitmap.bytesPerRow + (rect.x + xAxis.starts[x] + k) * 4
                        sum += input.withMemoryRebound(to: UInt8.self) { Bitmap.premultiplied($0.baseAddress! + offset) }
                            * xAxis.weights[xAxis.offsets[x] + k]
                    }
                    rows[r * size.width + x] = sum
                }
            }
        }
        var out = [UInt8](repeating: 0, count: size.width * size.height * 4)
        out.withUnsafeMutableBufferPointer { out in
            for y in 0..<size.height {
                for x in 0..<size.width {
                    var sum = SIMD4<Float>.zero
                    for k in 0..<yAxis.counts[y] {
                        sum += rows[(yAxis.starts[y] + k) * size.width + x] * yAxis.weights[yAxis.offsets[y] + k]
                    }
                    Bitmap.storeStraight(sum, to: out.baseAddress! + (y * size.width + x) * 4)
                }
            }
        }
        return out
    }

    @Test(arguments: [
        (PixelRect(x: 0, y: 0, width: 257, height: 173), PixelSize(width: 100, height: 61)),
        (PixelRect(x: 0, y: 0, width: 257, height: 173), PixelSize(width: 400, height: 300)),
        (PixelRect(x: 13, y: 29, width: 200, height: 101), PixelSize(width: 37, height: 230)),
        (PixelRect(x: 5, y: 7, width: 250, height: 3), PixelSize(width: 251, height: 1)),
    ])
    func aWindowOfRowsGivesTheBytesOfTwoWholePasses(rect: PixelRect, size: PixelSize) {
        // Given noise with every alpha
        let bitmap = Self.noise(width: 257, height: 173)

        // When a part of it is resampled (down, up, and one axis each way)
        let resampled = bitmap.resampled(from: rect, to: size)

        // Then its bytes are the two whole passes' exactly
        #expect(resampled.size == size)
        #expect(resampled.withBytes { Array($0) } == Self.twoWholePasses(bitmap, from: rect, to: size))
    }
}
