/// Edits JPEG byte streams: inserts an Exif APP1 segment, forges SOF dimensions.
enum JPEGSurgery {
    /// An APP1 "Exif" segment whose IFD0 holds only the orientation tag.
    static func exifSegment(orientation: Int, littleEndian: Bool) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] {
            littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
        func u32(_ value: Int) -> [UInt8] {
            littleEndian ? u16(value & 0xFFFF) + u16(value >> 16) : u16(value >> 16) + u16(value & 0xFFFF)
        }
        var tiff: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        tiff += u16(42) + u32(8)                      // header, IFD0 at 8
        tiff += u16(1)                                // one entry
        tiff += u16(0x0112) + u16(3) + u32(1)         // Orientation, SHORT, count 1
        tiff += u16(orientation) + [0, 0]             // value, padded to 4 bytes
        tiff += u32(0)                                // no next IFD
        return segment(marker: 0xE1, payload: Array("Exif".utf8) + [0, 0] + tiff)
    }

    /// A marker segment: FF, marker, big-endian length (including itself), payload.
    static func segment(marker: UInt8, payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// `jpeg` with `segment` inserted right after SOI.
    static func inserting(_ segment: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg.prefix(2)) + segment + Array(jpeg.dropFirst(2))
    }

    /// The offset of the first SOF0/SOF1/SOF2 marker's segment, or nil.
    static func sofOffset(in jpeg: [UInt8]) -> Int? {
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            let marker = jpeg[offset + 1]
            if marker == 0xC0 || marker == 0xC1 || marker == 0xC2 { return offset }
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            offset += 2 + length
        }
        return nil
    }

    /// `jpeg` with the frame header claiming `width`×`height`.
    static func forgingSize(of jpeg: [UInt8], width: Int, height: Int) -> [UInt8]? {
        guard let sof = sofOffset(in: jpeg) else { return nil }
        var forged = jpeg
        // FF Cx, length (2), precision (1), height (2), width (2)
        forged[sof + 5] = UInt8(height >> 8 & 0xFF)
        forged[sof + 6] = UInt8(height & 0xFF)
        forged[sof + 7] = UInt8(width >> 8 & 0xFF)
        forged[sof + 8] = UInt8(width & 0xFF)
        return forged
    }

    /// One marker segment: its marker, its bytes (a scan runs to the next marker), and where
    /// its header ends (for SOS, where the entropy data starts).
    struct Segment {
        var marker: UInt8
        var range: Range<Int>
        var headerEnd: Int
    }

    /// The segments after SOI, up to and including EOI (or the end of the data).
    static func segments(of jpeg: [UInt8]) -> [Segment] {
        var segments: [Segment] = []
        var offset = 2
        while offset + 1 < jpeg.count, jpeg[offset] == 0xFF {
            let marker = jpeg[offset + 1]
            if marker == 0xD9 {
                segments.append(Segment(marker: marker, range: offset..<offset + 2, headerEnd: offset + 2))
                break
            }
            guard offset + 3 < jpeg.count else { break }
            let headerEnd = offset + 2 + (Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3]))
            var end = min(headerEnd, jpeg.count)
            if marker == 0xDA {
                // Entropy data: up to the next marker that is neither a stuffed 0 nor a restart.
                while end + 1 < jpeg.count,
                    !(jpeg[end] == 0xFF && jpeg[end + 1] != 0 && !(0xD0...0xD7).contains(jpeg[end + 1])) {
                    end += 1
                }
            }
            segments.append(Segment(marker: marker, range: offset..<end, headerEnd: headerEnd))
            offset = end
        }
        return segments
    }
}
