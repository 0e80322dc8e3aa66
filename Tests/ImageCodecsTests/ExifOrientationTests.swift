@testable import ImageCodecs
import Testing
import Vocabulary

@Suite("EXIF orientation")
struct ExifOrientationTests {
    /// The stored pixels for an upright `display` image shown with `orientation`, built from the
    /// EXIF definition of which side of the scene row 0 and column 0 hold (independent of the decoder).
    static func stored(for display: Bitmap, orientation: Int) -> Bitmap {
        let W = display.width, H = display.height
        let swaps = orientation >= 5
        var out = Bitmap(width: swaps ? H : W, height: swaps ? W : H)
        for sy in 0..<out.height {
            for sx in 0..<out.width {
                let (x, y): (Int, Int) =
                    switch orientation {
                    case 1: (sx, sy)                  // row 0 top, column 0 left
                    case 2: (W - 1 - sx, sy)          // row 0 top, column 0 right
                    case 3: (W - 1 - sx, H - 1 - sy)  // row 0 bottom, column 0 right
                    case 4: (sx, H - 1 - sy)          // row 0 bottom, column 0 left
                    case 5: (sy, sx)                  // row 0 left, column 0 top
                    case 6: (W - 1 - sy, sx)          // row 0 right, column 0 top
                    case 7: (W - 1 - sy, H - 1 - sx)  // row 0 right, column 0 bottom
                    default: (sy, H - 1 - sx)         // 8: row 0 left, column 0 bottom
                    }
                out[sx, sy] = display[x, y]
            }
        }
        return out
    }

    @Test(arguments: 1...8)
    func pixelsComeOutUpright(orientation: Int) throws {
        // Given an asymmetric 64×32 pattern stored as a camera would for this orientation,
        // as a JPEG with an Exif APP1 segment (big- and little-endian TIFF alternate)
        let upright = TestImages.quadrants(width: 64, height: 32)
        let jpeg = try JPEGEncoder.encode(Self.stored(for: upright, orientation: orientation), quality: 95)
        let tagged = JPEGSurgery.inserting(
            JPEGSurgery.exifSegment(orientation: orientation, littleEndian: orientation.isMultiple(of: 2)), into: jpeg)

        // When probed and decoded
        let header = try ImageDecoder.probe(tagged)
        let image = try ImageDecoder.decode(tagged)

        // Then the header reports the orientation and the pixels are upright
        #expect(header.orientation.rawValue == orientation)
        #expect(header.size == upright.size)
        #expect(image.bitmap.size == upright.size)
        for (got, want) in zip(TestImages.quadrantSamples(image.bitmap), TestImages.quadrantSamples(upright)) {
            #expect(TestImages.close(got, want, tolerance: 24), "orientation \(orientation): got \(got), want \(want)")
        }
    }

    @Test func orientationCanBeLeftUnapplied() throws {
        // Given a JPEG tagged "rotate 90° clockwise"
        let stored = TestImages.quadrants(width: 32, height: 64)
        let tagged = JPEGSurgery.inserting(
            JPEGSurgery.exifSegment(orientation: 6, littleEndian: true), into: try JPEGEncoder.encode(stored))

        // When decoded without applying orientation, Then the stored pixels come back as stored
        let image = try ImageDecoder.decode(tagged, options: DecodingOptions(appliesOrientation: false))
        #expect(image.header.orientation == .right)
        #expect(image.bitmap.size == stored.size)
    }

    @Test func hostileTIFFStructuresYieldNoOrientation() {
        // Given Exif payloads with offsets and counts pointing anywhere
        let hostile: [[UInt8]] = [
            [],
            [0x49, 0x49],
            [0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0xFF],        // IFD offset far past the end
            [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0xFF, 0xFF],  // 65535 entries, none present
            [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x12, 0x01, 0x03],  // entry cut short
            [0x49, 0x49, 0x2B, 0x00, 0x08, 0x00, 0x00, 0x00],        // BigTIFF magic
            [0x4D, 0x4D, 0x00, 0x2A, 0x7F, 0xFF, 0xFF, 0xFF],        // offset near Int32.max
        ]
        for bytes in hostile {
            // When read, Then there is no orientation (and no crash)
            #expect(ExifReader(tiff: bytes)?.orientation == nil)
        }
        // And an out-of-range value (9) is ignored too
        let nine = Array(JPEGSurgery.exifSegment(orientation: 9, littleEndian: true).dropFirst(10))
        #expect(ExifReader(tiff: nine)?.orientation == nil)
        let six = Array(JPEGSurgery.exifSegment(orientation: 6, littleEndian: false).dropFirst(10))
        #expect(ExifReader(tiff: six)?.orientation == .right)
    }

    @Test func jpegWithHostileExifStillDecodes() throws {
        // Given a JPEG whose Exif segment points its IFD far outside the segment
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0xF0, 0xFF, 0xFF, 0x7F]
        let segment = JPEGSurgery.segment(marker: 0xE1, payload: Array("Exif".utf8) + [0, 0] + tiff)
        let tagged = JPEGSurgery.inserting(segment, into: try JPEGEncoder.encode(TestImages.gradient(width: 20, height: 10)))

        // When decoded, Then the orientation defaults to up and the image decodes
        let image = try ImageDecoder.decode(tagged)
        #expect(image.header.orientation == .up)
        #expect(image.bitmap.size == PixelSize(width: 20, height: 10))
    }
}
