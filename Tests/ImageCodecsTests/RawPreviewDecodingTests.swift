import Foundation
import ImageCodecs
import Testing
import Vocabulary

/// Camera RAW files shown through their embedded previews (LibRaw), from real cameras' files
/// (ExifTool's test images) and hand-made DNGs (Tests/CodecFixtures/conformance/raw).
@Suite("Camera RAW previews")
struct RawPreviewDecodingTests {
    @Test(arguments: [
        ("FujiFilm.raf", "FujiFilm.raf.thumbnail.jpg"),
        ("Panasonic.rw2", "Panasonic.rw2.jpgfromraw.jpg"),
    ])
    func cameraFilesShowTheirEmbeddedPreview(raw: String, preview: String) throws {
        // Given a camera's RAW file and its preview as ExifTool extracts it
        let bytes = try RawFixtures.bytes(raw)
        let reference = try ImageDecoder.decode(RawFixtures.bytes(preview)).bitmap

        // When it is sniffed, probed and decoded
        let header = try ImageDecoder.probe(bytes)
        let decoded = try ImageDecoder.decode(bytes)

        // Then it is a RAW of the preview's size, drawn as the preview itself
        #expect(ImageFormat.sniff(bytes) == .raw)
        #expect(header.format == .raw)
        #expect(header.size == reference.size)
        #expect(decoded.bitmap.size == reference.size)
        #expect(FormatAssets.meanDifference(decoded.bitmap, reference) == 0)
    }

    @Test func aDNGPreviewIsTurnedByTheRAWsOrientation() throws {
        // Given a DNG whose 96×64 preview (green band on top, red left, blue right) is to be
        // turned 90° clockwise (Orientation 6)
        let bytes = try RawFixtures.bytes("preview-turned.dng")

        // When it is probed and decoded
        let header = try ImageDecoder.probe(bytes)
        let image = try ImageDecoder.decode(bytes).bitmap

        // Then it stands upright, 64×96: red on top, blue below, the green band on the right
        #expect(header.orientation == ExifOrientation(rawValue: 6))
        #expect(header.size == PixelSize(width: 64, height: 96))
        #expect(image.size == PixelSize(width: 64, height: 96))
        #expect(isClose(image[10, 20], RGBA(255, 0, 0)))
        #expect(isClose(image[10, 80], RGBA(0, 0, 255)))
        #expect(isClose(image[60, 50], RGBA(0, 255, 0)))
    }

    @Test func theStoredPreviewComesOutWhenOrientationIsLeftToTheCaller() throws {
        // Given the turned DNG and its preview JPEG alone
        let bytes = try RawFixtures.bytes("preview-turned.dng")
        let preview = try ImageDecoder.decode(RawFixtures.bytes("preview-turned.preview.jpg")).bitmap

        // When decoded without applying the orientation
        let stored = try ImageDecoder.decode(bytes, options: DecodingOptions(appliesOrientation: false)).bitmap

        // Then the pixels are the preview's as stored
        #expect(FormatAssets.meanDifference(stored, preview) == 0)
    }

    @Test func aTargetAndARegionReachThePreviewsJPEGDecode() throws {
        // Given the turned DNG (upright 64×96)
        let bytes = try RawFixtures.bytes("preview-turned.dng")

        // When a 16×24 target and the upright top-left 32×32 region are asked for
        let small = try ImageDecoder.decode(bytes, options: DecodingOptions(targetSize: PixelSize(width: 16, height: 24)))
        var options = DecodingOptions()
        options.region = PixelRect(x: 0, y: 0, width: 32, height: 32)
        let part = try ImageDecoder.decode(bytes, options: options).bitmap

        // Then the JPEG is DCT-scaled (upright, covering the target) and the region is the red corner
        #expect(small.bitmap.size == PixelSize(width: 16, height: 24))
        #expect(small.scaleDenominator == 4)
        #expect(part.size == PixelSize(width: 32, height: 32))
        #expect(isClose(part[16, 16], RGBA(255, 0, 0)))
    }

    @Test func aDNGWithoutAPreviewIsDevelopedAtHalfSizeAndTurned() throws {
        // Given a 64×48 DNG with no preview, top half bright, bottom dark, Orientation 8 (90° counter-clockwise)
        let bytes = try RawFixtures.bytes("no-preview.dng")

        // When it is probed and decoded
        let header = try ImageDecoder.probe(bytes)
        let image = try ImageDecoder.decode(bytes).bitmap

        // Then LibRaw's half-size picture stands upright, 24×32: the bright half on the left
        #expect(header.size == PixelSize(width: 24, height: 32))
        #expect(image.size == PixelSize(width: 24, height: 32))
        #expect(Int(image[4, 16].g) > Int(image[20, 16].g) + 64)
    }

    @Test(arguments: ["Nikon.nef", "CanonRaw.cr2", "CanonRaw.cr3"])
    func filesLibRawCannotShowAreRefusedWithASentence(name: String) throws {
        // Given a camera's RAW file whose picture data ExifTool's test set stripped
        let bytes = try RawFixtures.bytes(name)

        // When it is decoded
        // Then it is a RAW, refused with a sentence that says so
        #expect(ImageFormat.sniff(bytes) == .raw)
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bytes) }
        let text = error?.description ?? ""
        #expect(text.contains("RAW"))
        #expect(!text.contains("pf_"))
    }

    @Test func aRAWClaimingAHugeSensorIsRefusedBeforeDeveloping() throws {
        // Given the DNG without a preview, its sensor claiming 60,000×60,000 pixels
        let bytes = RawFixtures.claimingSide(60_000, in: try RawFixtures.bytes("no-preview.dng"))

        // When it is decoded
        // Then it is refused (over the pixel limit, or unreadable), never allocated
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bytes) }
        #expect(error?.description.contains("RAW") == true)
    }

    @Test(arguments: ["FujiFilm.raf", "Panasonic.rw2", "preview-turned.dng", "no-preview.dng"])
    func truncatedRAWFilesAreRefusedOrDrawnNeverACrash(name: String) throws {
        // Given a RAW file cut at a quarter, a half and three quarters of its length (a cut RW2
        // loses its preview, at the end, and is developed: a second each)
        let bytes = try RawFixtures.bytes(name)
        for quarter in 1..<4 {
            let cut = Array(bytes.prefix(bytes.count * quarter / 4))

            // When it is decoded, whole or partial
            for partial in [false, true] {
                do {
                    let image = try ImageDecoder.decode(cut, options: DecodingOptions(allowsPartialDecoding: partial))
                    // Then what is drawn has pixels
                    #expect(!image.bitmap.size.isEmpty)
                } catch let error as ImageCodecError {
                    // Or it is refused with a sentence
                    #expect(!error.description.isEmpty)
                }
            }
        }
    }

    @Test func camerasPlainTIFFsStayTIFF() throws {
        // Given a FUJIFILM camera's TIFF, every TIFF of the format assets and of imagetestsuite
        let assets = try FileManager.default.contentsOfDirectory(atPath: FormatAssets.directory.path)
            .filter { $0.hasSuffix(".tiff") }.map { FormatAssets.directory.appendingPathComponent($0) }
        let suite = ConformanceSuite.root.appendingPathComponent("imagetestsuite/tif")
        let tiffs = try FileManager.default.contentsOfDirectory(atPath: suite.path).map { suite.appendingPathComponent($0) }
        #expect(assets.contains { $0.lastPathComponent == "exif-camera.tiff" })

        // When each is sniffed whole
        // Then none is taken for a RAW
        for url in assets + tiffs {
            let bytes = [UInt8](try Data(contentsOf: url))
            #expect(ImageFormat.sniff(bytes) != .raw, "\(url.lastPathComponent)")
        }
    }

    @Test func namesAndMediaTypesClaimRAW() throws {
        // Given RAW files' names and media types
        // Then each claims a RAW, and a TIFF's first bytes do not contradict a NEF's name
        for name in ["a.CR2", "a.cr3", "a.NEF", "a.arw", "a.RAF", "a.orf", "a.RW2", "a.pef", "a.srw", "a.DNG"] {
            #expect(ImageFormat.claimed(byName: name) == .raw, "\(name)")
        }
        #expect(ImageFormat.claimed(byMediaType: "image/x-adobe-dng") == .raw)
        let head = Array(try RawFixtures.bytes("preview-turned.dng").prefix(8))
        #expect(ImageFormat.sniff(head) == .tiff)
        try ImageDecoder.checkClaim(ImageFormat.claimed(byName: "DSC_0001.NEF"), of: head)
    }

    @Test func signaturesOfTheRAWsThatHaveThem() {
        // Given the first bytes of an ORF, an RW2, a RAF, a CR2 and a CR3
        // Then each is a RAW
        #expect(ImageFormat.sniff(Array("IIRO\u{8}\0\0\0".utf8)) == .raw)
        #expect(ImageFormat.sniff([0x49, 0x49, 0x55, 0x00, 0x18, 0, 0, 0]) == .raw)
        #expect(ImageFormat.sniff(Array("FUJIFILMCCD-RAW 0201".utf8)) == .raw)
        #expect(ImageFormat.sniff([0x49, 0x49, 0x2A, 0x00, 0x10, 0, 0, 0, 0x43, 0x52, 0x02, 0x00]) == .raw)
        #expect(ImageFormat.sniff([0, 0, 0, 0x18] + Array("ftypcrx \0\0\0\u{1}crx isom".utf8)) == .raw)
    }

    private func isClose(_ pixel: RGBA, _ expected: RGBA) -> Bool {
        abs(Int(pixel.r) - Int(expected.r)) <= 24 && abs(Int(pixel.g) - Int(expected.g)) <= 24
            && abs(Int(pixel.b) - Int(expected.b)) <= 24
    }
}

@Suite("Camera RAW metadata")
struct RawMetadataTests {
    @Test(arguments: [
        ("FujiFilm.raf", "FUJIFILM", "FinePix S5Pro", 100, "2007:05:22 13:58:30"),
        ("Panasonic.rw2", "Panasonic", "DMC-LX3", 80, "2008:08:06 15:21:56"),
    ])
    func cameraExposureAndTimeAreRead(name: String, make: String, model: String, iso: Int, date: String) throws {
        // Given a camera's RAW file (ExifTool reads these values from it)
        let bytes = try RawFixtures.bytes(name)

        // When its metadata is read
        let metadata = try PhotoMetadata.read(bytes)

        // Then the camera, the exposure, the ISO and the capture time are there
        let exif = try #require(metadata.exif)
        #expect(metadata.header.format == .raw)
        #expect(exif.make == make)
        #expect(exif.model == model)
        #expect(exif.iso == iso)
        #expect(exif.exposureTime?.value == 1.0 / 250)
        #expect(exif.dateTaken == date)
    }

    @Test func aDNGsOwnTIFFStructureIsRead() throws {
        // Given a hand-made DNG (a TIFF container)
        let metadata = try PhotoMetadata.read(RawFixtures.bytes("preview-turned.dng"))

        // Then its Make and Model come from its first IFD
        #expect(metadata.exif?.make == "photofeed")
        #expect(metadata.exif?.model == "preview-turned")
    }
}
