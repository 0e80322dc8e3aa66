@_spi(Testing) import ImageCodecs

/// JPEGs carrying an EXIF thumbnail, built by hand: an APP1 "Exif" segment whose IFD0 holds the
/// orientation and whose IFD1 points (JPEGInterchangeFormat / …Length) at a small JPEG.
enum ExifThumbnailJPEG {
    /// The TIFF structure of the APP1 segment; the offsets and length can be forged.
    static func tiff(
        thumbnail: [UInt8], orientation: Int = 1, littleEndian: Bool = true,
        forgedOffset: Int? = nil, forgedLength: Int? = nil, ifd1Offset: Int? = nil
    ) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] {
            littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] : [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        func u32(_ value: Int) -> [UInt8] {
            littleEndian ? u16(value & 0xFFFF) + u16(value >> 16 & 0xFFFF) : u16(value >> 16 & 0xFFFF) + u16(value & 0xFFFF)
        }
        let ifd1 = 8 + 2 + 12 + 4
        let thumbnailOffset = ifd1 + 2 + 24 + 4
        var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        tiff += u16(42) + u32(8)
        tiff += u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0] + u32(ifd1Offset ?? ifd1)
        tiff += u16(2)
        tiff += u16(0x0201) + u16(4) + u32(1) + u32(forgedOffset ?? thumbnailOffset)
        tiff += u16(0x0202) + u16(4) + u32(1) + u32(forgedLength ?? thumbnail.count)
        tiff += u32(0)
        return tiff + thumbnail
    }

    /// `main` with an APP1 segment holding `tiff` inserted after SOI.
    static func jpeg(main: [UInt8], tiff: [UInt8]) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return Array(main.prefix(2)) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
            + Array(main.dropFirst(2))
    }

    /// A flat-coloured JPEG.
    static func flat(_ color: RGBA, width: Int, height: Int) throws -> [UInt8] {
        try JPEGEncoder.encode(Bitmap(width: width, height: height, fill: color), quality: 90)
    }
}
