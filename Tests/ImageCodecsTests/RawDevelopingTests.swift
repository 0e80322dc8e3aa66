import Foundation
import ImageCodecs
import Testing
import Vocabulary

/// A camera RAW file developed from its sensor data when the caller asks for it
/// (``RawRendering/develop``), even where it has an embedded preview.
@Suite("Camera RAW developed on request")
struct RawDevelopingTests {
    private func developing(_ options: DecodingOptions = DecodingOptions()) -> DecodingOptions {
        var options = options
        options.rawRendering = .develop
        return options
    }

    @Test func aRAWWithAPreviewIsDevelopedAtHalfTheSensorsSize() throws {
        // Given a DNG with a 96×64 preview (red, blue, a green band) over a 96×64 sensor picture
        // (top half bright, bottom dark, every colour alike), to be turned 90° clockwise
        let bytes = try RawFixtures.bytes("preview-turned.dng")
        let preview = try ImageDecoder.decode(bytes)

        // When it is probed and decoded from its sensor data
        let header = try ImageDecoder.probe(bytes, rawRendering: .develop)
        let developed = try ImageDecoder.decode(bytes, options: developing())

        // Then the picture is the sensor's at half size, upright (32×48), not the preview's
        // (64×96): grey, its bright half on the right
        #expect(preview.bitmap.size == PixelSize(width: 64, height: 96))
        #expect(header.size == PixelSize(width: 32, height: 48))
        #expect(developed.bitmap.size == PixelSize(width: 32, height: 48))
        #expect(developed.header.format == .raw)
        let bright = developed.bitmap[28, 24]
        let dark = developed.bitmap[4, 24]
        #expect(Int(bright.g) > Int(dark.g) + 64)
        #expect(abs(Int(bright.r) - Int(bright.b)) < 48)
    }

    @Test func thePreviewIsStillTheDefault() throws {
        // Given the DNG with a preview
        let bytes = try RawFixtures.bytes("preview-turned.dng")

        // When it is probed and decoded with the default options, and with .preview said
        var options = DecodingOptions()
        options.rawRendering = .preview
        let said = try ImageDecoder.decode(bytes, options: options).bitmap
        let plain = try ImageDecoder.decode(bytes).bitmap

        // Then both are the preview, as probed
        #expect(try ImageDecoder.probe(bytes, rawRendering: .preview).size == PixelSize(width: 64, height: 96))
        #expect(said == plain)
        #expect(said.size == PixelSize(width: 64, height: 96))
    }

    @Test func aRAWWithoutAPreviewIsDevelopedTheSameEitherWay() throws {
        // Given the DNG with no preview
        let bytes = try RawFixtures.bytes("no-preview.dng")

        // When it is decoded for its preview and from its sensor data
        let shown = try ImageDecoder.decode(bytes).bitmap
        let developed = try ImageDecoder.decode(bytes, options: developing()).bitmap

        // Then both are the same developed picture
        #expect(shown.size == PixelSize(width: 24, height: 32))
        #expect(developed == shown)
    }

    @Test func aTargetReducesTheDevelopedPicture() throws {
        // Given the DNG with a preview
        let bytes = try RawFixtures.bytes("preview-turned.dng")

        // When it is developed toward an 8×12 target
        let small = try ImageDecoder.decode(bytes, options: developing(DecodingOptions(targetSize: PixelSize(width: 8, height: 12))))

        // Then the developed picture is reduced to cover it
        #expect(small.bitmap.size == PixelSize(width: 8, height: 12))
        #expect(small.scaleDenominator == 4)
    }

    @Test func aSensorClaimingHugeSizeIsRefusedBeforeDevelopingEvenBehindAPreview() throws {
        // Given the DNG with a preview, its sensor picture's sub-IFD claiming 60,000×60,000 pixels
        let bytes = try RawFixtures.bytes("preview-turned.dng")
        let hostile = Self.claimingSensorSide(60_000, in: bytes)
        #expect(hostile != bytes)

        // When it is developed
        // Then it is refused with a sentence about the RAW file, never allocated
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(hostile, options: developing()) }
        let text = error?.description ?? ""
        #expect(text.contains("RAW"))
        #expect(!text.contains("pf_"))
        #expect(!text.contains("no preview"))
    }

    @Test func aPixelLimitBelowTheDevelopedSizeRefusesIt() throws {
        // Given the DNG with a preview and a limit of 1,000 pixels (the half-size picture has 1,536)
        let bytes = try RawFixtures.bytes("preview-turned.dng")
        var options = developing()
        options.maxPixels = 1_000

        // When it is developed
        // Then it is refused with the limit in words
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bytes, options: options) }
        #expect(error?.description.contains("over the pixel limit") == true)
    }

    @Test(arguments: ["Nikon.nef", "CanonRaw.cr2", "CanonRaw.cr3", "FujiFilm.raf", "Panasonic.rw2"])
    func cameraFilesWithoutSensorDataAreRefusedWithASentence(name: String) throws {
        // Given a camera's RAW file whose sensor data ExifTool's test set stripped (a few KB
        // for millions of pixels: LibRaw would develop the zeros past its end)
        let bytes = try RawFixtures.bytes(name)

        // When it is developed
        // Then it is refused with a sentence, not a type's name
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bytes, options: developing()) }
        let text = error?.description ?? ""
        #expect(text.contains("RAW"))
        #expect(!text.contains("pf_"))
        #expect(!text.contains("ImageCodecError"))
    }

    @Test(arguments: ["Panasonic.rw2", "preview-turned.dng", "no-preview.dng"])
    func truncatedRAWFilesDevelopedAreRefusedOrDrawnNeverACrash(name: String) throws {
        // Given a RAW file cut at a quarter, a half and three quarters of its length
        let bytes = try RawFixtures.bytes(name)
        for quarter in 1..<4 {
            let cut = Array(bytes.prefix(bytes.count * quarter / 4))

            // When it is developed
            do {
                let image = try ImageDecoder.decode(cut, options: developing())
                // Then what is drawn has pixels
                #expect(!image.bitmap.size.isEmpty)
            } catch let error as ImageCodecError {
                // Or it is refused with a sentence
                #expect(!error.description.isEmpty)
                #expect(!error.description.contains("pf_"))
            }
        }
    }

    /// `bytes` (a DNG) with the ImageWidth and ImageLength (LONG, little-endian) of the IFD its
    /// first IFD's SubIFDs tag points at set to `side`.
    static func claimingSensorSide(_ side: UInt32, in bytes: [UInt8]) -> [UInt8] {
        func read(_ offset: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        let first = read(4, 4)
        var sub: Int?
        for index in 0..<read(first, 2) where read(first + 2 + index * 12, 2) == 330 {
            sub = read(first + 2 + index * 12 + 8, 4)
        }
        guard let sub else { return bytes }
        var patched = bytes
        for index in 0..<read(sub, 2) {
            let entry = sub + 2 + index * 12
            guard [256, 257].contains(read(entry, 2)), read(entry + 2, 2) == 4 else { continue }
            for byte in 0..<4 { patched[entry + 8 + byte] = UInt8(truncatingIfNeeded: side >> (8 * UInt32(byte))) }
        }
        return patched
    }
}
