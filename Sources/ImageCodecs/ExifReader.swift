/// Reads the orientation tag from an EXIF TIFF structure, defensively.
///
/// The bytes come from the network: every offset is bounds-checked, a loop
/// never follows a pointer, and anything malformed simply yields nil.
struct ExifReader {
    private let tiff: [UInt8]
    private let littleEndian: Bool

    /// Nil unless `tiff` starts with a TIFF header ("II*\0" or "MM\0*").
    init?(tiff: [UInt8]) {
        guard tiff.count >= 8 else { return nil }
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        self.tiff = tiff
        guard u16(at: 2) == 42 else { return nil }
    }

    /// The orientation in IFD0 (tag 0x0112), or nil when absent or invalid.
    var orientation: ExifOrientation? {
        guard let ifd = u32(at: 4), let entries = u16(at: ifd) else { return nil }
        for index in 0..<entries {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(at: entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT (type 3), count 1: the value sits in the first two bytes of the value field.
            guard u16(at: entry + 2) == 3, u32(at: entry + 4) == 1, let value = u16(at: entry + 8) else {
                return nil
            }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }

    var tiffBytes: [UInt8] { tiff }
    var tiffCount: Int { tiff.count }

    func u16(at offset: Int) -> Int? {
        guard offset >= 0, offset <= tiff.count - 2 else { return nil }
        let a = Int(tiff[offset]), b = Int(tiff[offset + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    func u32(at offset: Int) -> Int? {
        guard let first = u16(at: offset), let second = u16(at: offset + 2) else { return nil }
        return littleEndian ? first | second << 16 : first << 16 | second
    }
}
