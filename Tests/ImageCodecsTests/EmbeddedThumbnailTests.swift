@testable import ImageCodecs
import Testing
import Vocabulary

@Suite("EXIF thumbnails stand in for the image when they cover the target")
struct EmbeddedThumbnailTests {
    private static let red = RGBA(220, 30, 30)
    private static let blue = RGBA(30, 30, 220)

    /// A 640×480 red JPEG carrying a blue 160×120 EXIF thumbnail (colours tell which was decoded).
    private func photo(orientation: Int = 1, thumbnailSize: (Int, Int) = (160, 120), littleEndian: Bool = true) throws -> [UInt8] {
        let main = try ExifThumbnailJPEG.flat(Self.red, width: 640, height: 480)
        let thumbnail = try ExifThumbnailJPEG.flat(Self.blue, width: thumbnailSize.0, height: thumbnailSize.1)
        return ExifThumbnailJPEG.jpeg(
            main: main, tiff: ExifThumbnailJPEG.tiff(thumbnail: thumbnail, orientation: orientation, littleEndian: littleEndian))
    }

    private func isBlue(_ bitmap: Bitmap) -> Bool {
        let pixel = bitmap[bitmap.width / 2, bitmap.height / 2]
        return pixel.b > 180 && pixel.r < 80
    }

    @Test(arguments: [true, false])
    func aThumbnailCoveringTheTargetIsDecodedInstead(littleEndian: Bool) throws {
        // Given a photo with a 160×120 EXIF thumbnail
        let bytes = try photo(littleEndian: littleEndian)

        // When decoded toward 80×60 with embedded thumbnails allowed
        let image = try ImageDecoder.decode(
            bytes, options: DecodingOptions(targetSize: PixelSize(width: 80, height: 60), allowsEmbeddedThumbnail: true))

        // Then the thumbnail's pixels come out (at the smallest DCT scale covering the target), the
        // header still says 640×480, and the reported scale is the thumbnail's
        #expect(isBlue(image.bitmap))
        #expect(image.bitmap.size == PixelSize(width: 80, height: 60))
        #expect(image.header.size == PixelSize(width: 640, height: 480))
        #expect(image.scaleDenominator == 8)
    }

    @Test func aTargetLargerThanTheThumbnailDecodesTheImage() throws {
        let bytes = try photo()
        let image = try ImageDecoder.decode(
            bytes, options: DecodingOptions(targetSize: PixelSize(width: 200, height: 150), allowsEmbeddedThumbnail: true))
        #expect(!isBlue(image.bitmap))
        #expect(image.bitmap.size == PixelSize(width: 320, height: 240))
    }

    @Test func withoutTheOptionTheThumbnailIsNeverUsed() throws {
        let image = try ImageDecoder.decode(try photo(), options: DecodingOptions(targetSize: PixelSize(width: 40, height: 30)))
        #expect(!isBlue(image.bitmap))
    }

    @Test func aThumbnailOfAnotherAspectIsIgnored() throws {
        // Given a 4:3 photo whose thumbnail is 16:9 (a camera's letterboxed thumbnail the other way round)
        let bytes = try photo(thumbnailSize: (160, 90))
        let image = try ImageDecoder.decode(
            bytes, options: DecodingOptions(targetSize: PixelSize(width: 40, height: 30), allowsEmbeddedThumbnail: true))
        #expect(!isBlue(image.bitmap))
    }

    @Test func theImagesOrientationTurnsTheThumbnailToo() throws {
        // Given a photo stored sideways (orientation 6: rotate 90° clockwise to view)
        let bytes = try photo(orientation: 6)
        let image = try ImageDecoder.decode(
            bytes, options: DecodingOptions(targetSize: PixelSize(width: 60, height: 80), allowsEmbeddedThumbnail: true))
        // Then the thumbnail comes out upright: portrait, like the image's displayed size
        #expect(isBlue(image.bitmap))
        #expect(image.bitmap.size == PixelSize(width: 60, height: 80))
        #expect(image.header.size == PixelSize(width: 480, height: 640))
    }

    @Test func hostileOffsetsAndLengthsFallBackToTheImage() throws {
        // Given thumbnails pointing past the data, with huge or zero lengths, at the header,
        // at IFD0 again (a loop), or at bytes that are not a JPEG
        let main = try ExifThumbnailJPEG.flat(Self.red, width: 640, height: 480)
        let thumbnail = try ExifThumbnailJPEG.flat(Self.blue, width: 160, height: 120)
        let forged: [[UInt8]] = [
            ExifThumbnailJPEG.tiff(thumbnail: thumbnail, forgedOffset: 60_000),
            ExifThumbnailJPEG.tiff(thumbnail: thumbnail, forgedLength: 0xFFFF_FFFF),
            ExifThumbnailJPEG.tiff(thumbnail: thumbnail, forgedLength: 0),
            ExifThumbnailJPEG.tiff(thumbnail: thumbnail, forgedOffset: 0),
            ExifThumbnailJPEG.tiff(thumbnail: thumbnail, forgedOffset: 10),
            ExifThumbnailJPEG.tiff(thumbnail: thumbnail, ifd1Offset: 8),
            ExifThumbnailJPEG.tiff(thumbnail: thumbnail, ifd1Offset: 0x7FFF_FFFF),
            ExifThumbnailJPEG.tiff(thumbnail: Array(thumbnail.prefix(200))),
        ]
        for tiff in forged {
            // When decoded with thumbnails allowed
            let image = try ImageDecoder.decode(
                ExifThumbnailJPEG.jpeg(main: main, tiff: tiff),
                options: DecodingOptions(targetSize: PixelSize(width: 40, height: 30), allowsEmbeddedThumbnail: true))
            // Then the image itself is decoded, never a crash or an error
            #expect(!isBlue(image.bitmap))
            #expect(image.bitmap.size == PixelSize(width: 80, height: 60))
        }
    }
}
