@testable import ImageCodecs
import Testing
import Vocabulary

@Suite("JPEG DCT-domain scaling")
struct DCTScalingTests {
    @Test(arguments: [
        (PixelSize(width: 80, height: 40), 8, PixelSize(width: 125, height: 109)),
        (PixelSize(width: 125, height: 109), 8, PixelSize(width: 125, height: 109)),
        (PixelSize(width: 126, height: 100), 4, PixelSize(width: 250, height: 218)),
        (PixelSize(width: 300, height: 200), 2, PixelSize(width: 500, height: 436)),
        (PixelSize(width: 501, height: 10), 1, PixelSize(width: 1000, height: 872)),
        (PixelSize(width: 0, height: 0), 1, PixelSize(width: 1000, height: 872)),
    ])
    func largeJPEGDecodesAtTheSmallestCoveringScale(target: PixelSize, scale: Int, decoded: PixelSize) throws {
        // Given the 1000×872 Hubble photo
        let bytes = try TestAssets.bytes("hubble-deep-field.jpg")

        // When decoded toward a target
        let image = try ImageDecoder.decode(bytes, options: DecodingOptions(targetSize: target))

        // Then the chosen scale is the smallest whose output still covers the target,
        // and fewer pixels were decoded
        #expect(image.scaleDenominator == scale)
        #expect(image.bitmap.size == decoded)
        #expect(image.header.storedSize == PixelSize(width: 1000, height: 872))
    }

    @Test func progressiveJPEGScalesToo() throws {
        // Given the 1411×1411 progressive retina photo, When decoded toward 80×40
        let image = try ImageDecoder.decode(
            try TestAssets.bytes("retina.jpg"), options: DecodingOptions(targetSize: PixelSize(width: 80, height: 40)))
        // Then it decodes at 1/8 (177×177)
        #expect(image.scaleDenominator == 8)
        #expect(image.bitmap.size == PixelSize(width: 177, height: 177))
    }

    @Test func scalingCanBeTurnedOff() throws {
        let image = try ImageDecoder.decode(
            try TestAssets.bytes("hubble-deep-field.jpg"),
            options: DecodingOptions(targetSize: PixelSize(width: 80, height: 40), allowsDCTScaling: false))
        #expect(image.scaleDenominator == 1)
        #expect(image.bitmap.size == PixelSize(width: 1000, height: 872))
    }

    @Test func rotatedImagesCompareTheTargetInStoredAxes() throws {
        // Given a 64×32 stored JPEG tagged "rotate 90° clockwise" (displayed 32×64)
        let jpeg = JPEGSurgery.inserting(
            JPEGSurgery.exifSegment(orientation: 6, littleEndian: true),
            into: try JPEGEncoder.encode(TestImages.quadrants(width: 64, height: 32)))

        // When decoded toward a tall 8×16 target
        let image = try ImageDecoder.decode(jpeg, options: DecodingOptions(targetSize: PixelSize(width: 8, height: 16)))

        // Then 1/4 covers it once the axes are swapped (16×8 stored → 8×16 upright);
        // ignoring the rotation would have picked 1/2
        #expect(image.scaleDenominator == 4)
        #expect(image.bitmap.size == PixelSize(width: 8, height: 16))
    }

    @Test func pngIsNeverScaled() throws {
        let image = try ImageDecoder.decode(
            try TestAssets.bytes("horse.png"), options: DecodingOptions(targetSize: PixelSize(width: 10, height: 10)))
        #expect(image.scaleDenominator == 1)
        #expect(image.bitmap.size == PixelSize(width: 400, height: 328))
    }

    @Test func scaleChoiceUsesLibjpegsRoundedUpSizes() {
        // 17 px at 1/8 is ceil(17/8) = 3, which covers 3 but not 4
        #expect(JPEGDecoding.scaleDenominator(for: PixelSize(width: 17, height: 17), covering: PixelSize(width: 3, height: 3)) == 8)
        #expect(JPEGDecoding.scaleDenominator(for: PixelSize(width: 17, height: 17), covering: PixelSize(width: 4, height: 3)) == 4)
        #expect(JPEGDecoding.scaleDenominator(for: PixelSize(width: 17, height: 17), covering: PixelSize(width: 40, height: 3)) == 1)
    }
}
