extension ExifReader {
    /// The bytes of the JPEG thumbnail in IFD1 (tags 0x0201 JPEGInterchangeFormat and 0x0202
    /// JPEGInterchangeFormatLength), or nil when there is none or it is malformed.
    ///
    /// Bounded like the rest of the reader: IFD0's entry count and the link to IFD1 are checked
    /// against the data, at most 64 IFD1 entries are read, the range must lie inside the TIFF
    /// data and start with a JPEG signature; no pointer is followed twice.
    var thumbnailJPEG: ArraySlice<UInt8>? {
        guard let ifd0 = u32(at: 4), let count0 = u16(at: ifd0) else { return nil }
        guard let ifd1 = u32(at: ifd0 + 2 + count0 * 12), ifd1 > 0, ifd1 != ifd0, let count1 = u16(at: ifd1) else {
            return nil
        }
        var offset: Int?
        var length: Int?
        for index in 0..<min(count1, 64) {
            let entry = ifd1 + 2 + index * 12
            guard let tag = u16(at: entry), let type = u16(at: entry + 2) else { return nil }
            guard tag == 0x0201 || tag == 0x0202 else { continue }
            // LONG (4) as the standard says; some writers use SHORT (3).
            let value: Int?
            switch type {
            case 4: value = u32(at: entry + 8)
            case 3: value = u16(at: entry + 8)
            default: value = nil
            }
            if tag == 0x0201 { offset = value } else { length = value }
        }
        guard let offset, let length, offset >= 8, length >= 4, offset <= tiffCount - length else { return nil }
        let slice = tiffBytes[offset..<(offset + length)]
        guard slice.starts(with: [0xFF, 0xD8, 0xFF]) else { return nil }
        return slice
    }
}
