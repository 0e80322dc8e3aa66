@_spi(Testing) import ImageCodecs
import Testing
import Vocabulary

/// Issue 13: a progressive JPEG's first bytes decode to the image as of its last complete scan
/// (libjpeg-turbo's buffered-image mode); anything else gives no preview; hostile prefixes are
/// errors, never crashes.
@Suite("Progressive previews decode from a prefix")
struct ProgressivePreviewTests {
    static let size = PixelSize(width: 300, height: 200)

    static func progressive() throws -> [UInt8] {
        try JPEGEncoder.encode(TestImages.gradient(width: size.width, height: size.height), quality: 85, progressive: true)
    }

    /// The cut points: every tenth of the file, and the whole file.
    static func cuts(of count: Int) -> [Int] {
        (1...10).map { count * $0 / 10 }
    }

    @Test func scanNumbersGrowAsMoreBytesArrive() throws {
        // Given a progressive JPEG made by the shim (libjpeg's simple progression: 10 scans)
        let jpeg = try Self.progressive()

        // When prefixes of growing length are decoded
        var scans: [Int] = []
        for cut in Self.cuts(of: jpeg.count) {
            guard let preview = try ImageDecoder.decodePreview(Array(jpeg.prefix(cut))) else { continue }
            // Then every preview has the image's size
            #expect(preview.image.bitmap.size == Self.size)
            #expect(preview.image.header.format == .jpeg)
            scans.append(preview.scan)
        }

        // And only the first scan (the DC coefficients) is coarse
        for cut in Self.cuts(of: jpeg.count) {
            if let preview = try ImageDecoder.decodePreview(Array(jpeg.prefix(cut))) {
                #expect(preview.isCoarse == (preview.scan == 1), "scan \(preview.scan)")
            }
        }

        // And the scan numbers never go back, rise over the file, and end at the last scan
        #expect(scans.count >= 5, "\(scans)")
        #expect(scans == scans.sorted(), "\(scans)")
        #expect(scans.first.map { $0 < 10 } == true, "\(scans)")
        #expect(scans.last == 10, "\(scans)")
    }

    @Test func theWholeFileDecodesAsTheFullDecoderDoes() throws {
        // Given a whole progressive JPEG
        let jpeg = try Self.progressive()

        // When decoded as a preview and as a file
        let preview = try #require(try ImageDecoder.decodePreview(jpeg))
        let full = try ImageDecoder.decode(jpeg)

        // Then the pixels agree
        #expect(preview.image.bitmap.size == full.bitmap.size)
        #expect(TestImages.maxDifference(preview.image.bitmap, full.bitmap) <= 2)
    }

    @Test func anEarlyScanIsACoarseVersionOfTheImage() throws {
        // Given the first scans of a progressive JPEG of four flat quadrants
        let quadrants = TestImages.quadrants(width: 256, height: 256)
        let jpeg = try JPEGEncoder.encode(quadrants, quality: 90, progressive: true)
        var early: ProgressivePreview?
        for cut in stride(from: 200, to: jpeg.count, by: 50) {
            if let preview = try ImageDecoder.decodePreview(Array(jpeg.prefix(cut))) {
                early = preview
                break
            }
        }

        // When the first preview is looked at, Then the quadrants' colours are there already
        let preview = try #require(early)
        #expect(preview.scan < 10)
        for (sample, expected) in zip(TestImages.quadrantSamples(preview.image.bitmap), TestImages.quadrantSamples(quadrants)) {
            #expect(TestImages.close(sample, expected, tolerance: 24), "\(sample) vs \(expected)")
        }
    }

    @Test(arguments: [PixelSize(width: 40, height: 27), PixelSize(width: 100, height: 60), PixelSize(width: 160, height: 100)])
    func previewsAreScaledLikeTheFullDecode(target: PixelSize) throws {
        // Given a progressive JPEG and a target smaller than it
        let jpeg = try Self.progressive()
        let options = DecodingOptions(targetSize: target)

        // When a prefix and the file are decoded toward the target
        let full = try ImageDecoder.decode(jpeg, options: options)
        let preview = try #require(try ImageDecoder.decodePreview(Array(jpeg.prefix(jpeg.count * 6 / 10)), options: options))

        // Then both use the same DCT scale and size
        #expect(preview.image.scaleDenominator == full.scaleDenominator)
        #expect(preview.image.bitmap.size == full.bitmap.size)
    }

    @Test func baselineJPEGsAndPNGsHaveNoPreview() throws {
        // Given a baseline JPEG and a PNG of the same image
        let bitmap = TestImages.gradient(width: 300, height: 200)
        let baseline = try JPEGEncoder.encode(bitmap, quality: 85, progressive: false)
        let png = try PNGEncoder.encode(bitmap)

        // When any prefix (and the whole file) is asked for a preview, Then there is none
        for data in [baseline, png] {
            for cut in Self.cuts(of: data.count) {
                #expect(try ImageDecoder.decodePreview(Array(data.prefix(cut))) == nil)
            }
        }
        // Nor for bytes that are no image, or too few to tell
        #expect(try ImageDecoder.decodePreview([]) == nil)
        #expect(try ImageDecoder.decodePreview([0xFF, 0xD8]) == nil)
        #expect(try ImageDecoder.decodePreview(Array("GIF89a and more".utf8)) == nil)
    }

    @Test func aPrefixEndingInTheHeaderOrTheFirstScanHasNoPreviewYet() throws {
        // Given a progressive JPEG cut inside its header and inside its first scan
        let jpeg = try Self.progressive()
        let firstScan = try #require(JPEGMarkers.offsets(of: 0xDA, in: jpeg).first)

        // When decoded, Then nothing is shown yet, and nothing fails
        for cut in [3, 20, firstScan - 1, firstScan + 12] {
            #expect(try ImageDecoder.decodePreview(Array(jpeg.prefix(cut))) == nil, "cut at \(cut)")
        }
    }

    @Test func grayscaleProgressiveJPEGsPreviewToo() throws {
        // Given a one-component progressive JPEG (6 scans in libjpeg's script)
        let jpeg = try JPEGEncoder.encodeGrayscale(TestImages.gradient(width: 120, height: 80), progressive: true)

        // When decoded from 70% of its bytes and whole
        let partial = try ImageDecoder.decodePreview(Array(jpeg.prefix(jpeg.count * 7 / 10)))
        let whole = try #require(try ImageDecoder.decodePreview(jpeg))

        // Then previews come out, the whole one at its last scan
        #expect(partial.map { $0.scan < whole.scan } ?? true)
        #expect(whole.image.bitmap.size == PixelSize(width: 120, height: 80))
    }
}

/// Where markers are in a JPEG (a plain byte search: enough for files the shim wrote).
enum JPEGMarkers {
    static func offsets(of marker: UInt8, in bytes: [UInt8]) -> [Int] {
        guard bytes.count > 1 else { return [] }
        return (0..<bytes.count - 1).filter { bytes[$0] == 0xFF && bytes[$0 + 1] == marker }
    }
}
