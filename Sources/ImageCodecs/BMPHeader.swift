import Vocabulary

/// A BMP's file header and DIB header, read and checked before any pixel is touched.
///
/// Reads the Windows headers (BITMAPINFOHEADER, 40 bytes; its V2/V3 extensions, 52 and 56;
/// BITMAPV4HEADER, 108; BITMAPV5HEADER, 124) and both OS/2 ones (BITMAPCOREHEADER, 12 bytes,
/// 16-bit sides and 3-byte palette entries; OS/2 2.x, 16 to 64 bytes). Every offset and length
/// is checked against the bytes there are: a header, a palette or a pixel array that ends early
/// is `.truncated` with what is missing, a field no BMP defines is `.decoder` naming it.
struct BMPHeader: Sendable, Hashable {
    /// How the pixel array is stored.
    enum Encoding: Sendable, Hashable {
        /// Rows of packed pixels, each padded to 4 bytes.
        case packed
        /// Run-length encoded 8-bit indices (BI_RLE8).
        case rle8
        /// Run-length encoded 4-bit indices (BI_RLE4).
        case rle4
    }

    var size: PixelSize
    /// Rows stored top first (a negative height); BMP's default is bottom first.
    var topDown: Bool
    var bitsPerPixel: Int
    var encoding: Encoding
    /// Where the pixel array starts in the file.
    var pixelOffset: Int
    /// The colour table for 1-, 2-, 4- and 8-bit pixels (opaque), at most 2^bits entries.
    var palette: [RGBA]
    /// Red, green, blue and alpha masks for 16- and 32-bit pixels.
    var masks: [BMPChannelMask]
    /// A 32-bit BI_RGB file's fourth byte: unused by the format, alpha when any pixel sets it
    /// (as browsers and ImageMagick read it); otherwise the alpha mask is authoritative.
    var alphaIfAnySet: Bool

    /// Bytes per stored row of a packed pixel array (padded to a multiple of 4).
    var rowStride: Int { (size.width * bitsPerPixel + 31) / 32 * 4 }

    /// The file header is 14 bytes; the DIB header's size field follows it.
    static let fileHeaderSize = 14

    init(_ bytes: [UInt8]) throws(ImageCodecError) {
        let reader = BMPFieldReader(bytes: bytes)
        guard bytes.count >= Self.fileHeaderSize + 4 else {
            throw .truncated("only \(bytes.count) bytes, a BMP's headers need at least 18")
        }
        let pixelOffset = Int(reader.u32(10))
        let dibSize = Int(reader.u32(14))
        let os2Core = dibSize == 12
        let windows = [40, 52, 56, 108, 124].contains(dibSize)
        let os2v2 = !windows && (16...64).contains(dibSize)
        guard os2Core || windows || os2v2 else {
            throw .decoder("a BMP DIB header of \(dibSize) bytes, a size no BMP version defines")
        }
        let dibEnd = Self.fileHeaderSize + dibSize
        guard bytes.count >= dibEnd else {
            throw .truncated("only \(bytes.count) bytes, the BMP's \(dibSize)-byte DIB header ends at byte \(dibEnd)")
        }
        // Fields past the header's own size are absent (OS/2 2.x headers may stop after any field).
        func field(_ offset: Int) -> UInt32 { offset + 4 <= dibEnd ? reader.u32(offset) : 0 }
        let width: Int
        let rawHeight: Int
        let bits: Int
        var compression: UInt32 = 0
        var colorsUsed = 0
        if os2Core {
            width = Int(reader.u16(18))
            rawHeight = Int(reader.u16(20))
            bits = Int(reader.u16(24))
        } else {
            width = Int(Int32(bitPattern: reader.u32(18)))
            rawHeight = Int(Int32(bitPattern: reader.u32(22)))
            bits = Int(reader.u16(28))
            compression = field(30)
            colorsUsed = Int(field(46))
        }
        guard width > 0, rawHeight != 0, rawHeight != Int(Int32.min) else {
            throw .decoder("a BMP of \(width)×\(rawHeight) pixels has no picture (a side of zero or less)")
        }
        if !os2v2, compression == 4 || compression == 5 {
            throw .decoder("a BMP holding a \(compression == 4 ? "JPEG" : "PNG") (compression \(compression)), which photofeed does not read")
        }
        // 2 bits: Windows CE's four-colour BMPs.
        guard [1, 2, 4, 8, 16, 24, 32].contains(bits) else {
            throw .decoder("\(bits) bits a pixel, which photofeed does not read (1, 2, 4, 8, 16, 24 or 32)")
        }
        self.size = PixelSize(width: width, height: abs(rawHeight))
        self.topDown = rawHeight < 0
        self.bitsPerPixel = bits
        self.alphaIfAnySet = false

        var tableStart = dibEnd
        var masks: [BMPChannelMask]?
        switch (compression, os2v2) {
        case (0, _):
            encoding = .packed
        case (1, _) where bits == 8:
            encoding = .rle8
        case (2, _) where bits == 4:
            encoding = .rle4
        case (3, false) where bits == 16 || bits == 32, (6, false) where bits == 16 || bits == 32:
            encoding = .packed
            let count = compression == 6 ? 4 : 3
            // BITMAPINFOHEADER: the masks follow the header; V2 and later hold them inside it.
            let start = dibSize == 40 ? dibEnd : Self.fileHeaderSize + 40
            let available = dibSize == 40 ? count : min(4, (dibSize - 40) / 4)
            guard bytes.count >= start + 4 * available else {
                throw .truncated("only \(bytes.count) bytes, the BMP's colour masks end at byte \(start + 4 * available)")
            }
            let values = (0..<4).map { $0 < available ? reader.u32(start + 4 * $0) : 0 }
            masks = values.map(BMPChannelMask.init)
            if dibSize == 40 { tableStart += 4 * count }
        case (1, _), (2, _), (3, false), (6, false):
            throw .decoder("BMP compression \(compression) with \(bits) bits a pixel, a pairing BMP does not define")
        case (3, true):
            throw .decoder("an OS/2 BMP coded with Huffman 1D, which photofeed does not read")
        case (4, true):
            throw .decoder("an OS/2 BMP coded with 24-bit RLE, which photofeed does not read")
        default:
            throw .decoder("BMP compression \(compression), which no BMP version defines")
        }
        if masks == nil, bits == 16 {
            masks = [0x7C00, 0x03E0, 0x001F, 0].map(BMPChannelMask.init)
        } else if masks == nil, bits == 32 {
            masks = [0xFF_0000, 0xFF00, 0xFF, 0xFF00_0000].map(BMPChannelMask.init)
            alphaIfAnySet = true
        }
        self.masks = masks ?? []

        var palette: [RGBA] = []
        if bits <= 8 {
            let entrySize = os2Core ? 3 : 4
            let maximum = 1 << bits
            let count = colorsUsed == 0 || colorsUsed > maximum ? maximum : colorsUsed
            // A table may be shorter than declared when the pixels start sooner.
            let room = pixelOffset > tableStart ? (pixelOffset - tableStart) / entrySize : count
            let entries = min(count, room)
            guard bytes.count >= tableStart + entries * entrySize else {
                throw .truncated("only \(bytes.count) bytes, the BMP's \(entries)-colour table ends at byte \(tableStart + entries * entrySize)")
            }
            palette = (0..<entries).map { index in
                let at = tableStart + index * entrySize
                return RGBA(bytes[at + 2], bytes[at + 1], bytes[at])
            }
            tableStart += entries * entrySize
        }
        self.palette = palette
        guard pixelOffset >= Self.fileHeaderSize + 12 else {
            throw .decoder("the BMP's pixel data starts at byte \(pixelOffset), inside its own headers")
        }
        guard pixelOffset < bytes.count else {
            throw .truncated("only \(bytes.count) bytes, the BMP's pixel data would start at byte \(pixelOffset)")
        }
        self.pixelOffset = pixelOffset
    }
}

/// One colour channel of a 16- or 32-bit pixel: its mask, where it starts and how wide it is.
struct BMPChannelMask: Sendable, Hashable {
    var mask: UInt32
    var shift: UInt32
    /// The largest value the channel holds (0: the channel is absent).
    var maximum: UInt64

    init(_ mask: UInt32) {
        self.mask = mask
        shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
        let width = mask == 0 ? 0 : 32 - mask.leadingZeroBitCount - mask.trailingZeroBitCount
        maximum = (UInt64(1) << UInt64(width)) - 1
    }

    /// The channel of `pixel` scaled to 8 bits; `absent` when the mask is empty.
    @inline(__always)
    func value(_ pixel: UInt32, absent: UInt8) -> UInt8 {
        guard maximum > 0 else { return absent }
        let raw = UInt64((pixel & mask) >> shift)
        return UInt8(truncatingIfNeeded: (raw * 255 + maximum / 2) / maximum)
    }
}

/// Little-endian fields of a BMP at offsets the caller has checked.
struct BMPFieldReader {
    let bytes: [UInt8]

    func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }

    func u32(_ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
