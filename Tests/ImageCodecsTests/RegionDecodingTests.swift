@testable import ImageCodecs
import Testing
import Vocabulary

@Suite("Region decoding: a zoomed view decodes only what it shows")
struct RegionDecodingTests {
    private static let largest = "seeding_by_Clements_Engelhardt.jpg"  // 5312×2988, the largest asset

    private func options(region: PixelRect, target: PixelSize? = nil) -> DecodingOptions {
        var options = DecodingOptions(targetSize: target)
        options.region = region
        return options
    }

    @Test(arguments: 1...8)
    func aRegionOfAnyOrientationIsTheUprightImagesPart(orientation: Int) throws {
        // Given a 96×64 gradient stored as a camera would for this orientation, as a tagged JPEG
        let upright = TestImages.gradient(width: 96, height: 64)
        let jpeg = try JPEGEncoder.encode(ExifOrientationTests.stored(for: upright, orientation: orientation), quality: 95)
        let tagged = JPEGSurgery.inserting(
            JPEGSurgery.exifSegment(orientation: orientation, littleEndian: true), into: jpeg)
        // When a 40×24 region at 30,20 of the upright image is decoded
        let region = PixelRect(x: 30, y: 20, width: 40, height: 24)
        let image = try ImageDecoder.decode(tagged, options: options(region: region))
        // Then it is that part of the upright image
        #expect(image.bitmap.size == region.size)
        #expect(TestImages.maxDifference(image.bitmap, upright.cropped(to: region)) <= 24, "orientation \(orientation)")
    }

    @Test func aOneToOneLookAtTheLargestAssetIsItsPixelsThere() throws {
        // Given the largest asset, decoded whole once
        let bytes = try TestAssets.bytes(Self.largest)
        let whole = try ImageDecoder.decode(bytes).bitmap
        #expect(whole.size == PixelSize(width: 5312, height: 2988))
        // When a 640×400 part in the middle is decoded at 1:1
        let region = PixelRect(x: 2300, y: 1300, width: 640, height: 400)
        let part = try ImageDecoder.decode(bytes, options: options(region: region, target: region.size))
        // Then it is exactly those pixels (libjpeg-turbo's cropped decode is the full decode's)
        #expect(part.bitmap.size == region.size)
        #expect(part.scaleDenominator == 1)
        #expect(TestImages.maxDifference(part.bitmap, whole.cropped(to: region)) <= 2)
    }

    @Test func aWideRegionShownSmallDecodesAtTheDCTScaleThatCoversIt() throws {
        // Given the left half of the largest asset wanted at 640×360
        let bytes = try TestAssets.bytes(Self.largest)
        let region = PixelRect(x: 0, y: 0, width: 2656, height: 1494)
        let part = try ImageDecoder.decode(bytes, options: options(region: region, target: PixelSize(width: 640, height: 360)))
        // Then it decodes at 1/4 (664×374 covers 640×360; 1/8 would not)
        #expect(part.scaleDenominator == 4)
        #expect(part.bitmap.size == PixelSize(width: 664, height: 374))
    }

    @Test func aRegionIsClampedToTheImageAndAPNGRegionIsItsCrop() throws {
        let upright = TestImages.gradient(width: 80, height: 50)
        let png = try PNGEncoder.encode(upright)
        // A region hanging over the right and bottom edges is cut at them
        let image = try ImageDecoder.decode(png, options: options(region: PixelRect(x: 60, y: 40, width: 100, height: 100)))
        #expect(image.bitmap.size == PixelSize(width: 20, height: 10))
        #expect(TestImages.maxDifference(image.bitmap, upright.cropped(to: PixelRect(x: 60, y: 40, width: 20, height: 10))) == 0)
    }

    @Test func theOneToOneLookCostsAboutItsPixelsNotThePhotos() throws {
        // Given a baseline 3840×2160 JPEG (33 MB of RGBA decoded whole)
        let bytes = try TestAssets.bytes("umang_by_Abhishek_Mudgal.jpg")
        // When a screen's worth (1280×800, 4 MB) is decoded at 1:1 in a child process, and the whole photo in another
        let region = PixelRect(x: 1000, y: 800, width: 1280, height: 800)
        let zoomed = try DecodePeakChild.measure(bytes, target: (1280, 800), region: region)
        let whole = try DecodePeakChild.measure(bytes)
        // Then the zoomed decode's peak is its pixels and a few rows: under 8 MB
        #expect(zoomed.results == ["ok 1280x800"])
        #expect(whole.results == ["ok 3840x2160"])
        #expect(zoomed.growth < 8 << 20, "zoomed decode grew \(zoomed.growth) bytes")
        #expect(whole.growth > 32 << 20, "whole decode grew \(whole.growth) bytes")
    }

    @Test func aProgressiveJPEGsRegionCostsItsCoefficientsButNeverTheWholeOutput() throws {
        // Given the largest asset, a progressive 5312×2988 JPEG: every scan covers the whole
        // image, so libjpeg holds every DCT coefficient (2 bytes each; 4:2:0 has 1.5 a pixel:
        // 47.6 MB) whatever part is shown — the floor for any libjpeg decode of it
        let bytes = try TestAssets.bytes(Self.largest)
        let coefficients = 5312 * 2988 * 3
        let region = PixelRect(x: 2000, y: 1000, width: 1280, height: 800)
        // When a screen's worth is decoded at 1:1, and the whole photo
        let zoomed = try DecodePeakChild.measure(bytes, target: (1280, 800), region: region)
        let whole = try DecodePeakChild.measure(bytes)
        // Then the zoomed decode costs the coefficients and its own pixels (plus 8 MB), never
        // the whole photo's 63 MB of RGBA on top
        #expect(zoomed.results == ["ok 1280x800"])
        #expect(zoomed.growth < coefficients + (8 << 20), "zoomed decode grew \(zoomed.growth) bytes")
        #expect(whole.growth > coefficients + (60 << 20), "whole decode grew \(whole.growth) bytes")
    }
}
