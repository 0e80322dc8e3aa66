@testable import ImageCodecs
import Testing
import Vocabulary

/// The top-level boxes of a JPEG XL container (32-bit sizes only), for cutting and breaking them.
struct JXLBoxes {
    struct Box {
        var type: String
        /// Where the box starts (its size field) and its whole length.
        var offset: Int
        var length: Int
        var payload: Range<Int> { (offset + 8)..<(offset + length) }
    }

    static func boxes(_ bytes: [UInt8]) -> [Box] {
        var boxes: [Box] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length >= 8, offset + length <= bytes.count else { break }
            boxes.append(Box(type: String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self), offset: offset, length: length))
            offset += length
        }
        return boxes
    }

    static func box(_ type: String, in bytes: [UInt8]) throws -> Box {
        try #require(boxes(bytes).first { $0.type == type }, "no \(type) box")
    }

    /// `bytes` with the big-endian 32-bit word at `offset` set to `value`.
    static func setting(_ bytes: [UInt8], word value: UInt32, at offset: Int) -> [UInt8] {
        var bytes = bytes
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index))) }
        return bytes
    }
}

@Suite("Photo metadata: JPEG XL through libjxl's boxes")
struct PhotoMetadataJXLTests {
    @Test func aBrotliCompressedExifBoxIsReadLikeTheJPEGItCameFrom() throws {
        // Given the EXIF JPEG recompressed by cjxl, which keeps its EXIF in a "brob" box
        let jpeg = try PhotoMetadata.read(FormatAssets.bytes("exif-camera.jpg"))
        let bytes = try FormatAssets.bytes("exif-camera.jxl")
        #expect(try JXLBoxes.box("brob", in: bytes).length > 8)
        // When its metadata is read
        let metadata = try PhotoMetadata.read(bytes)
        // Then libjxl inflates the box and every tag is the JPEG's; the colour is the encoded sRGB
        let exif = try #require(metadata.exif)
        #expect(metadata.header.format == .jxl)
        #expect(exif.make == "FUJIFILM" && exif.model == "X-T3" && exif.lens == "XF35mmF1.4 R")
        #expect(exif.dateTaken == "2024:09:14 18:42:05" && exif.dateOffset == "+01:00")
        #expect(exif == jpeg.exif)
        #expect(metadata.colorProfile == "sRGB")
    }

    @Test func aPlainExifBoxHonoursItsOffsetAndAnICCProfileIsNamedByItsDescription() throws {
        // Given a container with a plain "Exif" box whose TIFF header sits 6 bytes on (after
        // "Exif\0\0"), and a lossless codestream carrying the "RGB built-in" ICC profile
        let bytes = try FormatAssets.bytes("exif-icc.jxl")
        let box = try JXLBoxes.box("Exif", in: bytes)
        #expect(bytes[box.payload].prefix(4).elementsEqual([0, 0, 0, 6]))
        // When its metadata is read
        let metadata = try PhotoMetadata.read(bytes)
        // Then the tags are the camera's and the profile is named by little-cms
        let jpeg = try PhotoMetadata.read(FormatAssets.bytes("exif-camera.jpg"))
        #expect(metadata.exif != nil && metadata.exif == jpeg.exif)
        #expect(metadata.colorProfile == "RGB built-in")
        // And the pixels still decode (the box is no part of the codestream)
        #expect(try ImageDecoder.decode(bytes).bitmap.size == PixelSize(width: 16, height: 16))
    }

    @Test func aBareCodestreamHasNoExifAndItsEncodedColourByName() throws {
        let metadata = try PhotoMetadata.read(FormatAssets.bytes("still.jxl"))
        #expect(metadata.exif == nil)
        #expect(metadata.colorProfile == "sRGB")
    }

    @Test func aBoxCutShortIsNoExifNeverACrash() throws {
        // Given the plain-Exif file cut inside its Exif box, and at every 7th byte
        let bytes = try FormatAssets.bytes("exif-icc.jxl")
        let box = try JXLBoxes.box("Exif", in: bytes)
        let cut = Array(bytes.prefix(box.offset + box.length / 2))
        // When read, Then the half box is dropped: no EXIF, no pixels needed
        #expect(LibraryMetadata.read(cut, format: .jxl)?.exif == nil)
        #expect(throws: ImageCodecError.self) { try PhotoMetadata.read(cut) }
        for length in stride(from: 0, to: bytes.count, by: 7) {
            let found = LibraryMetadata.read(Array(bytes.prefix(length)), format: .jxl)
            #expect(found?.exif == nil || length >= box.offset + box.length)
            _ = try? PhotoMetadata.read(Array(bytes.prefix(length)))
        }
    }

    @Test func anExifBoxThatEndsTheFileIsReadAndCutItIsNone() throws {
        // Given the plain Exif box moved after the codestream (the file's last box), and that
        // file without its last 50 bytes
        let bytes = try FormatAssets.bytes("exif-icc.jxl")
        let boxes = JXLBoxes.boxes(bytes)
        #expect(boxes.map(\.type) == ["JXL ", "ftyp", "Exif", "jxlc"])
        let order = [0, 1, 3, 2].map { boxes[$0] }
        let last = order.flatMap { bytes[$0.offset..<($0.offset + $0.length)] }
        // When each is read
        let whole = try PhotoMetadata.read(last)
        let cut = LibraryMetadata.read(Array(last.dropLast(50)), format: .jxl)
        // Then the whole box is the camera's EXIF, the cut one none (the profile read either way)
        #expect(whole.exif?.model == "X-T3" && whole.colorProfile == "RGB built-in")
        #expect(cut?.exif == nil && cut?.profile == "RGB built-in")
    }

    @Test func aHugeDeclaredLengthIsNoExif() throws {
        // Given the Exif box claiming 4 GB, and (apart) its TIFF offset pointing 4 GB on
        let bytes = try FormatAssets.bytes("exif-icc.jxl")
        let box = try JXLBoxes.box("Exif", in: bytes)
        let huge = JXLBoxes.setting(bytes, word: 0xFFFF_FFF0, at: box.offset)
        let farOffset = JXLBoxes.setting(bytes, word: 0xFFFF_FFFF, at: box.payload.lowerBound)
        // When read
        let hugeFound = LibraryMetadata.read(huge, format: .jxl)
        let far = try PhotoMetadata.read(farOffset)
        // Then neither is EXIF; the second file's codestream and profile are still read
        #expect(hugeFound?.exif == nil)
        _ = try? PhotoMetadata.read(huge)
        #expect(far.exif == nil)
        #expect(far.colorProfile == "RGB built-in")
    }

    @Test func aBrobBoxInflatingPastOneMebibyteIsNoExif() throws {
        // Given a brob box of 21 bytes of Brotli that inflate to a 2 MiB Exif box (a TIFF header,
        // then zeros), after the codestream
        let bytes = try FormatAssets.bytes("exif-brotli-bomb.jxl")
        #expect(try JXLBoxes.box("brob", in: bytes).length < 64)
        // When read
        let metadata = try PhotoMetadata.read(bytes)
        // Then the inflation stops at the limit: no EXIF; the profile before it is kept
        #expect(metadata.exif == nil)
        #expect(LibraryMetadata.read(bytes, format: .jxl)?.exif == nil)
        #expect(metadata.colorProfile == "RGB built-in")
    }

    @Test func aBrobBoxOfGarbageIsNoExifNeverACrash() throws {
        // Given the brob box's Brotli stream (after its inner type "Exif") overwritten with garbage
        var bytes = try FormatAssets.bytes("exif-camera.jxl")
        let box = try JXLBoxes.box("brob", in: bytes)
        #expect(bytes[box.payload].prefix(4).elementsEqual(Array("Exif".utf8)))
        var state: UInt32 = 0x9E37_79B9
        for index in (box.payload.lowerBound + 4)..<box.payload.upperBound {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes[index] = UInt8(truncatingIfNeeded: state >> 24)
        }
        // When read
        let found = LibraryMetadata.read(bytes, format: .jxl)
        // Then there is no EXIF (an error or nothing), and never a crash
        #expect(found?.exif == nil)
        _ = try? PhotoMetadata.read(bytes)
    }
}
