/// An image container format, recognised by its magic bytes (never by name or Content-Type).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case jpeg, png, gif, webp, bmp, tiff, heif, avif, jxl
    /// A camera RAW file (CR2, CR3, NEF, ARW, RAF, ORF, RW2, PEF, SRW, DNG), shown through its
    /// embedded preview (`ImageFormat.sniffRaw`).
    case raw

    /// Whether ImageCodecs can decode this format (every format it recognises).
    public var isDecodable: Bool { true }

    public var description: String {
        switch self {
        case .jxl: "JPEG XL"
        case .heif: "HEIF"
        case .raw: "camera RAW"
        default: rawValue.uppercased()
        }
    }

    /// The format whose signature starts `bytes`, or nil.
    ///
    /// Looks only at the first bytes (a TIFF container's first IFD too, to tell a camera RAW from a
    /// TIFF), never at a file name or a Content-Type:
    ///
    /// ```swift
    /// ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) // .jpeg
    /// ```
    public static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        let head = Array(bytes.prefix(64))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        // JPEG XL: a bare codestream, or the ISO-BMFF container's signature box.
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) { return .jxl }
        if let raw = sniffRaw(bytes, head: head) { return raw }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        // "BM" alone is too weak (text may start so): the DIB header's size must be one a BMP
        // version defines (the reserved fields may hold an OS/2 icon's hotspot).
        if starts(Array("BM".utf8)) && head.count >= 18 {
            let dibSize = Int(head[14]) | Int(head[15]) << 8 | Int(head[16]) << 16 | Int(head[17]) << 24
            if dibSize == 12 || (16...64).contains(dibSize) || dibSize == 108 || dibSize == 124 { return .bmp }
        }
        if starts(Array("ftyp".utf8), at: 4) { return isobmffFormat(head) }
        return nil
    }

    /// HEIF or AVIF from an ISO-BMFF `ftyp` box: the major brand, then the compatible ones.
    private static func isobmffFormat(_ head: [UInt8]) -> ImageFormat? {
        let declared = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let boxEnd = min(head.count, max(16, declared))
        var brands: [String] = []
        var offset = 8
        while offset + 4 <= boxEnd {
            if offset != 12 {  // bytes 12..<16 are the minor version
                brands.append(String(decoding: head[offset..<offset + 4], as: UTF8.self))
            }
            offset += 4
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        let heifBrands: Set = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]
        if brands.contains(where: heifBrands.contains) { return .heif }
        return nil
    }
}
