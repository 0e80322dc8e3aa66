import Foundation
@_spi(Testing) @testable import ImageCodecs
@testable import ImageCodecsTests
import Testing
import TestSupport
import Vocabulary

/// Issue 12 §1: decoding toward a thumbnail streams rows into an area average, so a large image
/// never exists at full size.
@Suite("Reduced decoding streams rows into an area average", .tags(.realTime))
struct ReducedDecodingTests {
    /// Forces the streamed reduction even for small test images.
    static func reducing(toward target: PixelSize) -> DecodingOptions {
        var options = DecodingOptions(targetSize: target)
        options.reductionThreshold = 0
        return options
    }

    @Test(arguments: [false, true], [false, true])
    func pngReductionIsTheAreaAverageOfTheFullImage(interlaced: Bool, alpha: Bool) throws {
        // Given a 203×157 PNG with detail (and varying alpha), plain or Adam7
        let source = Self.pattern(width: 203, height: 157, alpha: alpha)
        let png = try PNGEncoder.encode(source, interlaced: interlaced)

        // When decoded toward 40×30 with the streamed reduction
        let image = try ImageDecoder.decode(png, options: Self.reducing(toward: PixelSize(width: 40, height: 30)))

        // Then it is reduced by 5 (the largest factor still covering 40×30: 41×32), and each pixel
        // is the alpha-weighted mean of its 5×5 block (edge blocks: the pixels they have)
        #expect(image.scaleDenominator == 5)
        #expect(image.bitmap.size == PixelSize(width: 41, height: 32))
        let reference = Self.boxAverage(try ImageDecoder.decode(png).bitmap, factor: 5)
        #expect(Self.largestDifference(image.bitmap, reference) <= 1)
    }

    @Test func jpegReductionAppliesAfterDCTScaling() throws {
        // Given the 1000×872 Hubble photo and a 40×20 target
        let bytes = try TestAssets.bytes("hubble-deep-field.jpg")

        // When decoded with the streamed reduction
        let image = try ImageDecoder.decode(bytes, options: Self.reducing(toward: PixelSize(width: 40, height: 20)))

        // Then DCT scaling gives 125×109, then 3×3 blocks are averaged (42×37, still covering)
        #expect(image.scaleDenominator == 24)
        #expect(image.bitmap.size == PixelSize(width: 42, height: 37))
        let scaled = try ImageDecoder.decode(bytes, options: DecodingOptions(targetSize: PixelSize(width: 80, height: 40)))
        #expect(scaled.scaleDenominator == 8)
        #expect(Self.largestDifference(image.bitmap, Self.boxAverage(scaled.bitmap, factor: 3)) <= 1)
    }

    @Test func largePNGThumbnailNeverHoldsTheFullImage() throws {
        // Given a 4000×4000 gray PNG (64 MB as RGBA), over the default threshold
        let side = 4000
        let samples = [UInt8](unsafeUninitializedCapacity: side * side) { buffer, count in
            for i in 0..<side * side { buffer[i] = UInt8(truncatingIfNeeded: (i % side) ^ (i / side)) }
            count = side * side
        }
        let png = try PNGEncoder.encode(
            PNGEncoder.RawImage(
                samples: samples, bytesPerRow: side, size: PixelSize(width: side, height: side),
                colorType: .gray, bitDepth: 8))

        // When it is decoded toward 64×64 with the default options (in a child process, whose
        // peak memory is its own)
        let report = try DecodePeakChild.measure(png, target: (64, 64))
        let decoded = try ImageDecoder.decode(png, options: DecodingOptions(targetSize: PixelSize(width: 64, height: 64)))

        // Then the output covers the target and the peak grew by far less than the full image
        #expect(report.results == ["ok 64x64"])
        #expect(decoded.bitmap.size == PixelSize(width: 64, height: 64))
        #expect(decoded.scaleDenominator == 63)
        #expect(report.growth < 32 * 1024 * 1024, "peak RSS grew by \(report.growth) bytes")
    }

    @Test func smallImagesDecodeWholeAsBefore() throws {
        // Given the 400×328 PNG asset (under the threshold) and a small target
        let image = try ImageDecoder.decode(
            try TestAssets.bytes("horse.png"), options: DecodingOptions(targetSize: PixelSize(width: 10, height: 10)))
        // Then it decodes at full size, exactly as it always did
        #expect(image.scaleDenominator == 1)
        #expect(image.bitmap.size == PixelSize(width: 400, height: 328))
    }

    @Test(arguments: [
        (PixelSize(width: 203, height: 157), PixelSize(width: 40, height: 30), 5),
        (PixelSize(width: 10, height: 10), PixelSize(width: 3, height: 3), 4),
        (PixelSize(width: 1, height: 1_000_000), PixelSize(width: 1, height: 80), 12_658),
        (PixelSize(width: 1, height: 1_000_000), PixelSize(width: 40, height: 80), 12_658),
        (PixelSize(width: 100, height: 100), PixelSize(width: 100, height: 100), 1),
        (PixelSize(width: 100, height: 100), PixelSize(width: 500, height: 500), 1),
        (PixelSize(width: 100, height: 100), PixelSize(width: 1, height: 1), 100),
    ])
    func factorIsTheLargestThatStillCovers(size: PixelSize, target: PixelSize, factor: Int) {
        // When the factor is chosen, Then it is the given one, and the reduced size still covers
        // the target (or the whole of a side shorter than the target)
        #expect(DecodePlan.reductionFactor(for: size, covering: target) == factor)
        let reduced = DecodePlan.reducedSize(size, by: factor)
        #expect(reduced.width >= min(target.width, size.width) && reduced.height >= min(target.height, size.height))
    }

    // MARK: - Helpers

    /// Colour detail in every pixel; alpha varying across the image when asked.
    static func pattern(width: Int, height: Int, alpha: Bool) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                bitmap[x, y] = RGBA(
                    UInt8((x * 7 + y * 3) % 256), UInt8((x * x + y) % 256), UInt8((y * 11) % 256),
                    alpha ? UInt8((x + 2 * y) % 256) : 255)
            }
        }
        return bitmap
    }

    /// The alpha-weighted mean of each `factor`×`factor` block, computed plainly in doubles.
    static func boxAverage(_ bitmap: Bitmap, factor: Int) -> Bitmap {
        let out = DecodePlan.reducedSize(bitmap.size, by: factor)
        var result = Bitmap(width: out.width, height: out.height, fill: .clear)
        for oy in 0..<out.height {
            for ox in 0..<out.width {
                var sums = [Double](repeating: 0, count: 4)
                var area = 0.0
                for y in oy * factor..<min(bitmap.height, (oy + 1) * factor) {
                    for x in ox * factor..<min(bitmap.width, (ox + 1) * factor) {
                        let p = bitmap[x, y], a = Double(p.a)
                        sums[0] += Double(p.r) * a
                        sums[1] += Double(p.g) * a
                        sums[2] += Double(p.b) * a
                        sums[3] += a
                        area += 1
                    }
                }
                guard sums[3] * 2 >= area else { continue }
                func byte(_ value: Double) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }
                result[ox, oy] = RGBA(
                    byte(sums[0] / sums[3]), byte(sums[1] / sums[3]), byte(sums[2] / sums[3]), byte(sums[3] / area))
            }
        }
        return result
    }

    /// The largest difference of any channel of any pixel (Int.max when the sizes differ).
    static func largestDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        guard a.size == b.size else { return Int.max }
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                for (u, v) in [(p.r, q.r), (p.g, q.g), (p.b, q.b), (p.a, q.a)] {
                    largest = max(largest, abs(Int(u) - Int(v)))
                }
            }
        }
        return largest
    }
}

/// Peak memory growth allowed per format for a thumbnail of a 3000×2000 picture, in full RGBA
/// images (24 MB): WebP decodes straight at the thumbnail's size; giflib and libtiff hold one
/// canvas; libjxl, libavif and libheif decode the whole picture in their own buffers (planes,
/// then RGB) before the shim averages it down.
enum FormatPeaks {
    static let bounds: [String: Double] = [
        "large.webp": 0.1, "large.gif": 1.25, "large.tiff": 1.25, "large.jxl": 2.5, "large.avif": 3.5, "large.heic": 4,
    ]
    static let files = bounds.keys.sorted()
}

extension ReducedDecodingTests {
    @Test(arguments: FormatPeaks.files)
    func eachFormatsThumbnailCostsAtMostItsBound(file: String) throws {
        // Given a 3000×2000 picture of the format (a gradient, a few KB)
        let bytes = [UInt8](try Data(contentsOf: FormatAssets.directory.deletingLastPathComponent().appendingPathComponent("formats-large/\(file)")))
        let bound = try #require(FormatPeaks.bounds[file])
        // When it is decoded toward an 80×53 thumbnail in a child process
        let report = try DecodePeakChild.measure(bytes, target: (80, 53))
        // Then it decoded, and its peak grew by no more than the format's bound
        #expect(report.results.first?.hasPrefix("ok ") == true, "\(report.results)")
        let fullImage = 3000 * 2000 * 4
        let allowed = Int(bound * Double(fullImage)) + 4 << 20
        #expect(report.growth <= allowed, "\(file): peak grew by \(report.growth >> 20) MB, bound \(allowed >> 20) MB")
    }
}
