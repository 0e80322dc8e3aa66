import Foundation
import ImageCodecs
import Testing
import Vocabulary

/// `ReferenceResize`, which `ThumbnailQualityTests` area-averages its references with, gives
/// exactly the bytes of `Bitmap.resized(to:)`.
@Suite("show: the quality test's reference resize is Bitmap's")
struct ReferenceResizeTests {
    @Test(arguments: ["coins.jpg", "horse.png"])
    func itGivesTheBytesOfResized(name: String) throws {
        // Given a photo (horse.png has transparent pixels) decoded at full size
        let bytes = try [UInt8](Data(contentsOf: ThumbnailQualityTests.photos.appendingPathComponent(name)))
        let photo = try ImageDecoder.decode(bytes, options: DecodingOptions()).bitmap
        // When it is shrunk by whole and fractional ratios, grown, and shrunk along one axis only
        let sizes = [
            PixelSize(width: photo.width / 4, height: photo.height / 4), PixelSize(width: 80, height: 57),
            PixelSize(width: 37, height: 29), PixelSize(width: photo.width + 13, height: photo.height / 3),
        ]
        // Then every byte is the one resized(to:) gives
        for size in sizes {
            #expect(ReferenceResize.resized(photo, to: size) == photo.resized(to: size), "\(name) to \(size)")
        }
    }
}
