extension ExifReader {
    /// The largest ICC profile taken from a TIFF (as little-cms is asked to read at most).
    static let maxProfile = 4 << 20

    /// A TIFF's ICC profile: IFD0's tag 34675 (0x8773, InterColorProfile), UNDEFINED or BYTE,
    /// its bytes inside the data and at most ``maxProfile``; nil when absent or malformed. At
    /// most ``maxEntries`` entries are looked at.
    var iccProfile: ArraySlice<UInt8>? {
        guard let ifd = u32(at: 4), let count = u16(at: ifd) else { return nil }
        for index in 0..<min(count, Self.maxEntries) {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(at: entry) else { return nil }
            guard tag == 0x8773 else { continue }
            guard let type = u16(at: entry + 2), type == 7 || type == 1, let length = u32(at: entry + 4),
                length > 4, length <= Self.maxProfile, let start = u32(at: entry + 8), start <= tiffCount - length
            else { return nil }
            return tiffBytes[start..<(start + length)]
        }
        return nil
    }
}
