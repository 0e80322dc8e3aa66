@testable import ImageCodecs
import Testing

@Suite("Photo metadata: a TIFF's own tags and ICC profile")
struct PhotoMetadataTIFFTests {
    /// Where IFD0's entry for `tag` starts in a little-endian TIFF.
    static func entry(_ tag: Int, in bytes: [UInt8]) throws -> Int {
        let le16 = { (offset: Int) in Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 }
        let ifd = le16(4) | le16(6) << 16
        let index = try #require((0..<le16(ifd)).first { le16(ifd + 2 + $0 * 12) == tag }, "no tag \(tag)")
        return ifd + 2 + index * 12
    }

    @Test func aTIFFsCameraTagsAndProfileAreRead() throws {
        // Given a TIFF whose tags (exiftool copied them from the EXIF JPEG) name the camera,
        // turned 90° clockwise, with the "RGB built-in" ICC profile in tag 34675
        let bytes = try FormatAssets.bytes("exif-camera.tiff")
        let jpeg = try #require(try PhotoMetadata.read(FormatAssets.bytes("exif-camera.jpg")).exif)
        // When its metadata is read
        let metadata = try PhotoMetadata.read(bytes)
        let exif = try #require(metadata.exif)
        // Then IFD0's and the Exif IFD's tags are there, and little-cms names the profile
        #expect(metadata.header.format == .tiff)
        #expect(exif.make == "FUJIFILM" && exif.model == "X-T3" && exif.software == "Darktable 4.4")
        #expect(exif.orientation == .right)
        #expect(exif.dateTaken == jpeg.dateTaken && exif.dateOffset == "+01:00")
        #expect(exif.lens == jpeg.lens && exif.fNumber == jpeg.fNumber && exif.exposureTime == jpeg.exposureTime)
        #expect(exif.iso == jpeg.iso && exif.focalLength == jpeg.focalLength)
        #expect(metadata.colorProfile == "RGB built-in")
    }

    @Test func aTIFFWithoutAProfileHasNone() throws {
        #expect(try PhotoMetadata.read(FormatAssets.bytes("still.tiff")).colorProfile == nil)
        #expect(try PhotoMetadata.read(FormatAssets.bytes("display-p3.tiff")).colorProfile == "RGB built-in")
    }

    @Test func aProfileTagPointingOutsideIsNoProfile() throws {
        // Given the profile's tag claiming 2^31 bytes, then pointing past the end, then typed ASCII
        let bytes = try FormatAssets.bytes("exif-camera.tiff")
        let entry = try Self.entry(0x8773, in: bytes)
        var long = bytes, far = bytes, ascii = bytes
        long[entry + 4..<entry + 8] = [0xFF, 0xFF, 0xFF, 0x7F]
        far[entry + 8..<entry + 12] = [0xF0, 0xFF, 0xFF, 0xFF]
        ascii[entry + 2] = 2
        // When each is read, Then no profile, and the camera is still named
        for hostile in [long, far, ascii] {
            let metadata = try PhotoMetadata.read(hostile)
            #expect(metadata.colorProfile == nil)
            #expect(metadata.exif?.model == "X-T3")
        }
    }

    @Test func aDescriptionClaimingMillionsOfRecordsIsNoName() throws {
        // Given the TIFF's profile with its 'mluc' description's record count (bytes 272–275)
        // raised to 16.6 million: little-cms 2.14 would ask for 190 MB to read it (a fuzz finding)
        let bytes = try FormatAssets.bytes("exif-camera.tiff")
        var profile = Array(try #require(ExifReader(tiff: bytes)?.iccProfile))
        #expect(profile[264..<268].elementsEqual(Array("mluc".utf8)))
        profile[273] = 0xFD
        // When its description is read, Then the allocation is refused: no name, no crash
        #expect(ColorProfileLocator.description(of: profile, compressed: false) == nil)
    }
}
