@testable import ImageCodecs
import Testing

/// A little-endian TIFF structure built entry by entry, for EXIF tests.
struct TIFFBuilder {
    enum Value {
        case ascii(String)
        case short(Int)
        case long(Int)
        case rationals([(Int, Int)])
        case byte(Int)
        /// A LONG pointing at another IFD (filled in by the builder).
        case pointer(Int)
    }

    /// IFDs in order (IFD0 first); a `.pointer(n)` names IFD n.
    var ifds: [[(tag: Int, value: Value)]]

    func bytes() -> [UInt8] {
        var out: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        // Layout: each IFD, then its out-of-line data, one after another.
        var ifdOffsets: [Int] = []
        var offset = 8
        for ifd in ifds {
            ifdOffsets.append(offset)
            offset += 2 + ifd.count * 12 + 4 + dataSize(ifd)
        }
        for (index, ifd) in ifds.enumerated() {
            var data: [UInt8] = []
            let dataStart = ifdOffsets[index] + 2 + ifd.count * 12 + 4
            out += le16(ifd.count)
            for (tag, value) in ifd {
                out += le16(tag)
                switch value {
                case .ascii(let text):
                    let bytes = Array(text.utf8) + [0]
                    out += le16(2) + le32(bytes.count)
                    if bytes.count <= 4 {
                        out += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
                    } else {
                        out += le32(dataStart + data.count)
                        data += bytes
                    }
                case .short(let number): out += le16(3) + le32(1) + le16(number) + [0, 0]
                case .long(let number): out += le16(4) + le32(1) + le32(number)
                case .byte(let number): out += le16(1) + le32(1) + [UInt8(number), 0, 0, 0]
                case .pointer(let target): out += le16(4) + le32(1) + le32(ifdOffsets[target])
                case .rationals(let values):
                    out += le16(5) + le32(values.count) + le32(dataStart + data.count)
                    for (numerator, denominator) in values { data += le32(numerator) + le32(denominator) }
                }
            }
            out += le32(0) + data
        }
        return out
    }

    private func dataSize(_ ifd: [(tag: Int, value: Value)]) -> Int {
        ifd.reduce(0) { sum, entry in
            switch entry.value {
            case .ascii(let text): sum + (text.utf8.count + 1 > 4 ? text.utf8.count + 1 : 0)
            case .rationals(let values): sum + values.count * 8
            default: sum
            }
        }
    }

    private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    private func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }

    /// `jpeg` with `tiff` as its APP1 EXIF segment, right after SOI.
    static func jpeg(_ jpeg: [UInt8], exif tiff: [UInt8]) -> [UInt8] {
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
    }
}

@Suite("Photo metadata: EXIF read with bounds")
struct PhotoMetadataTests {
    static let camera = TIFFBuilder(ifds: [
        [(0x010F, .ascii("Canon")), (0x0110, .ascii("Canon EOS 5D Mark IV")), (0x0112, .short(6)),
         (0x0131, .ascii("GIMP 2.10")), (0x8769, .pointer(1)), (0x8825, .pointer(2))],
        [(0x829A, .rationals([(1, 250)])), (0x829D, .rationals([(28, 10)])), (0x8827, .short(400)),
         (0x9003, .ascii("2023:06:01 14:03:22")), (0x9011, .ascii("+02:00")), (0x920A, .rationals([(50, 1)])),
         (0xA405, .short(75)), (0xA434, .ascii("EF50mm f/1.8 STM"))],
        [(0x0001, .ascii("N")), (0x0002, .rationals([(43, 1), (15, 1), (4680, 100)])), (0x0003, .ascii("W")),
         (0x0004, .rationals([(2, 1), (56, 1), (600, 100)])), (0x0005, .byte(0)), (0x0006, .rationals([(125, 1)]))],
    ])

    @Test func aCamerasTagsAreRead() throws {
        // Given a JPEG whose EXIF names the camera, lens, exposure, date and place
        let plain = try JPEGEncoder.encode(Bitmap(width: 16, height: 8, fill: RGBA(90, 120, 150)), quality: 80)
        let bytes = TIFFBuilder.jpeg(plain, exif: Self.camera.bytes())
        // When its metadata is read
        let metadata = try PhotoMetadata.read(bytes)
        let exif = try #require(metadata.exif)
        // Then every tag is there, the GPS signed by its references
        #expect(metadata.header.format == .jpeg && metadata.byteCount == bytes.count)
        #expect(exif.make == "Canon" && exif.model == "Canon EOS 5D Mark IV" && exif.lens == "EF50mm f/1.8 STM")
        #expect(exif.software == "GIMP 2.10" && exif.orientation == .right)
        #expect(exif.exposureTime == ExifTags.Fraction(1, 250) && exif.fNumber == 2.8 && exif.iso == 400)
        #expect(exif.focalLength == 50 && exif.focalLength35mm == 75)
        #expect(exif.dateTaken == "2023:06:01 14:03:22" && exif.dateOffset == "+02:00")
        #expect(abs((exif.latitude ?? 0) - 43.263) < 0.001)
        #expect(abs((exif.longitude ?? 0) + 2.935) < 0.001)
        #expect(exif.altitude == 125)
    }

    @Test func aFileWithoutEXIFHasNone() throws {
        let plain = try JPEGEncoder.encode(Bitmap(width: 16, height: 8, fill: RGBA(90, 120, 150)), quality: 80)
        #expect(try PhotoMetadata.read(plain).exif == nil)
        #expect(try PhotoMetadata.read(try FormatAssets.bytes("upright.png")).exif == nil)
    }

    @Test func hostileEXIFYieldsWhatItCanAndNeverMore() throws {
        let plain = try JPEGEncoder.encode(Bitmap(width: 16, height: 8, fill: RGBA(90, 120, 150)), quality: 80)
        // Given EXIF whose Exif IFD points back at IFD0, whose strings claim 2^31 bytes or run past
        // the end, whose rationals point outside, and whose GPS latitude is 400 degrees
        var tiff = TIFFBuilder(ifds: [
            [(0x010F, .ascii("Canon")), (0x8769, .pointer(0)), (0x8825, .pointer(1))],
            [(0x0002, .rationals([(400, 1), (0, 1), (0, 1)])), (0x0001, .ascii("N"))],
        ]).bytes()
        // Make's count (entry 0, its count field at 8 + 2 + 4) set to 2^31 - 1.
        tiff[14] = 0xFF; tiff[15] = 0xFF; tiff[16] = 0xFF; tiff[17] = 0x7F
        // When read (also cut at every length)
        let exif = try PhotoMetadata.read(TIFFBuilder.jpeg(plain, exif: tiff)).exif
        // Then nothing is invented: no make, no loop, no impossible place
        #expect(exif?.make == nil && exif?.latitude == nil)
        for cut in stride(from: 0, to: tiff.count, by: 3) {
            _ = try? PhotoMetadata.read(TIFFBuilder.jpeg(plain, exif: Array(tiff.prefix(cut))))
        }
    }
}

@Suite("Photo metadata: the colour profile's name")
struct ColorProfileNameTests {
    @Test(arguments: ["icc-profile.jpg", "icc-profile.png", "icc-profile.webp"])
    func anEmbeddedProfileIsNamedByItsOwnDescription(name: String) throws {
        // Given a file carrying an ICC profile whose description is "RGB built-in"
        let metadata = try PhotoMetadata.read(FormatAssets.bytes(name))
        // Then little-cms reads that description from the profile (a PNG's inflated first)
        #expect(metadata.colorProfile == "RGB built-in")
    }

    @Test func aFileWithoutAProfileHasNoneAndABrokenProfileIsNoName() throws {
        #expect(try PhotoMetadata.read(FormatAssets.bytes("upright.png")).colorProfile == nil)
        // A profile cut short, a zlib bomb and garbage are no profile, never a crash
        #expect(ColorProfileLocator.description(of: Array(repeating: 0x41, count: 600), compressed: false) == nil)
        #expect(ColorProfileLocator.description(of: Array(repeating: 0x78, count: 600), compressed: true) == nil)
        var bytes = try FormatAssets.bytes("icc-profile.jpg")
        if let start = bytes.firstRange(of: Array("ICC_PROFILE\0".utf8))?.lowerBound {
            for index in (start + 20)..<min(bytes.count, start + 120) { bytes[index] = 0xFF }
        }
        #expect(try PhotoMetadata.read(bytes).colorProfile == nil)
    }
}

@Suite("Photo metadata: HEIF/HEIC through libheif")
struct HEIFMetadataTests {
    @Test func aHEICsExifAndColourAreRead() throws {
        // Given a HEIC whose Exif block says "turned 90° clockwise", and one tagged Display P3
        let turned = try PhotoMetadata.read(FormatAssets.bytes("exif-orientation-6.heic"))
        let p3 = try PhotoMetadata.read(FormatAssets.bytes("display-p3.heic"))
        // Then the EXIF comes from libheif's Exif block, and the colour by its nclx primaries or profile
        #expect(turned.exif?.orientation == .right)
        #expect(p3.colorProfile == "RGB built-in", "\(p3.colorProfile ?? "none")")
        // And an AVIF made from the EXIF JPEG (avifenc keeps its Exif) names the same camera
        let jpeg = try PhotoMetadata.read(FormatAssets.bytes("exif-camera.jpg"))
        let avif = try PhotoMetadata.read(FormatAssets.bytes("exif-camera.avif"))
        #expect(avif.exif?.model != nil)
        #expect(avif.exif?.model == jpeg.exif?.model)
        #expect(avif.exif?.dateTaken == jpeg.exif?.dateTaken)
        // And a HEIC cut short is no crash: a clear error, or what could be read
        let cut = Array(try FormatAssets.bytes("exif-orientation-6.heic").prefix(200))
        _ = try? PhotoMetadata.read(cut)
    }
}
