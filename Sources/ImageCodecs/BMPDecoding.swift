import Vocabulary

/// BMP probe and decode, in Swift: 1-, 2-, 4-, 8-, 16-, 24- and 32-bit pixels, RLE4 and RLE8,
/// BITFIELDS and ALPHABITFIELDS masks, bottom-up and top-down rows, Windows and OS/2 headers.
///
/// A decoder of our own rather than a library: Debian ships BMP readers only inside
/// ImageMagick, GraphicsMagick and gdk-pixbuf, each pulling tens of libraries (and, for
/// gdk-pixbuf, GLib and its loader modules) into a process that today loads none of them, for a
/// format that is a header, a colour table and rows. This one is bounded like the other
/// decoders: the header is checked against the file before any pixel memory exists
/// (``BMPHeader``), the pixel and side limits apply to it as to every format
/// (``ImageDecoder/decode(_:options:)``), every read is bounds-checked, a file that ends before
/// its pixels do is refused as truncated, and RLE work is bounded by the input (each code
/// consumes at least two bytes and writes at most one row). `make fuzz` runs it as `fuzz_bmp`.
enum BMPDecoding {
    /// Format and stored size from the headers, without decoding pixels.
    static func probe(_ bytes: [UInt8]) throws(ImageCodecError) -> ImageHeader {
        let header = try BMPHeader(bytes)
        return ImageHeader(format: .bmp, storedSize: header.size)
    }

    /// Decodes to RGBA8 (stored orientation), area-averaged by `reduce` as the rows arrive.
    static func decode(_ bytes: [UInt8], reduce: Int = 1) throws(ImageCodecError) -> Bitmap {
        let header = try BMPHeader(bytes)
        var sink = BMPRowSink(size: header.size, factor: reduce)
        switch header.encoding {
        case .packed: try decodePacked(bytes, header: header, into: &sink)
        case .rle8, .rle4: try BMPRunLength(bytes: bytes, header: header).decode(into: &sink)
        }
        return sink.finish()
    }

    /// Rows of packed pixels, each padded to 4 bytes.
    private static func decodePacked(
        _ bytes: [UInt8], header: BMPHeader, into sink: inout BMPRowSink
    ) throws(ImageCodecError) {
        let size = header.size
        let stride = header.rowStride
        let rowBytes = (size.width * header.bitsPerPixel + 7) / 8
        // The last row's padding may be missing; its pixels may not.
        let available = bytes.count - header.pixelOffset
        let rows = (size.height - 1).multipliedReportingOverflow(by: stride)
        guard !rows.overflow, rows.partialValue <= Int.max - rowBytes else {
            throw .limitExceeded("a BMP of \(size) has more pixel data than can be addressed")
        }
        let needed = rows.partialValue + rowBytes
        guard available >= needed else {
            let rows = available / stride
            throw .truncated("the BMP's pixel data ends after \(rows) of \(size.height) rows (\(available) of \(needed) bytes)")
        }
        let opaque = header.alphaIfAnySet && !anyAlphaSet(bytes, header: header, rowBytes: rowBytes)
        var row = [UInt8](repeating: 0, count: size.width * 4)
        for stored in 0..<size.height {
            let start = header.pixelOffset + stored * stride
            unpack(bytes, from: start, header: header, opaque: opaque, into: &row)
            sink.add(row, y: header.topDown ? stored : size.height - 1 - stored)
        }
    }

    /// Whether any 32-bit BI_RGB pixel sets its fourth byte.
    private static func anyAlphaSet(_ bytes: [UInt8], header: BMPHeader, rowBytes: Int) -> Bool {
        for stored in 0..<header.size.height {
            let start = header.pixelOffset + stored * header.rowStride
            for at in Swift.stride(from: start + 3, to: start + rowBytes, by: 4) where bytes[at] != 0 { return true }
        }
        return false
    }

    /// One packed row starting at `start` into `row` (RGBA8).
    private static func unpack(_ bytes: [UInt8], from start: Int, header: BMPHeader, opaque: Bool, into row: inout [UInt8]) {
        let width = header.size.width
        switch header.bitsPerPixel {
        case 1, 2, 4, 8:
            let bits = header.bitsPerPixel
            let perByte = 8 / bits
            let mask = UInt8((1 << bits) - 1)
            for x in 0..<width {
                let byte = bytes[start + x / perByte]
                let index = Int((byte >> UInt8(8 - bits * (x % perByte + 1))) & mask)
                put(header.palette.indices.contains(index) ? header.palette[index] : .black, at: x, in: &row)
            }
        case 24:
            for x in 0..<width {
                let at = start + 3 * x
                put(RGBA(bytes[at + 2], bytes[at + 1], bytes[at]), at: x, in: &row)
            }
        default:
            let masks = header.masks
            let wide = header.bitsPerPixel == 32
            for x in 0..<width {
                let at = start + (wide ? 4 * x : 2 * x)
                var pixel = UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8
                if wide { pixel |= UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24 }
                let alpha = opaque ? 255 : masks[3].value(pixel, absent: 255)
                put(
                    RGBA(masks[0].value(pixel, absent: 0), masks[1].value(pixel, absent: 0), masks[2].value(pixel, absent: 0), alpha),
                    at: x, in: &row)
            }
        }
    }

    @inline(__always)
    static func put(_ pixel: RGBA, at x: Int, in row: inout [UInt8]) {
        row[4 * x] = pixel.r
        row[4 * x + 1] = pixel.g
        row[4 * x + 2] = pixel.b
        row[4 * x + 3] = pixel.a
    }
}
