/// Camera RAW files told from their bytes.
///
/// Most have a signature of their own: CR2 (a TIFF header then `CR` at byte 8), CR3 (an ISO-BMFF
/// `ftyp` of brand `crx `), RAF (`FUJIFILMCCD-RAW`), ORF (`IIRO`, `IIRS`, `MMOR`) and RW2
/// (`IIU\0`). NEF, ARW, PEF, SRW and DNG are plain TIFF containers, told apart by the first IFD
/// (read when the bytes given reach it, within their first 64 KiB): a DNG has a DNGVersion
/// tag; the others must both name a camera maker (Make) and hold what no picture TIFF does —
/// sub-IFDs, a reduced first image, samples of 10, 12 or 14 bits, or a compression that is not
/// TIFF's own. A TIFF a scanner or an editor wrote stays a TIFF, and so does a RAW whose first
/// IFD is beyond the bytes given (a file's 64-byte head): it is told apart once read whole.
extension ImageFormat {
    /// The furthest into the bytes the first IFD is looked for.
    static let rawIFDWindow = 65_536
    /// How many of a file's first bytes tell a camera RAW file from anything else (``sniff(_:)``
    /// reads no further).
    public static var rawSniffWindow: Int { rawIFDWindow }

    /// `.raw` when `bytes` (whose first 64 are `head`) are a camera RAW file; nil otherwise.
    static func sniffRaw(_ bytes: some Collection<UInt8>, head: [UInt8]) -> ImageFormat? {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts(Array("FUJIFILMCCD-RAW".utf8)) { return .raw }
        if starts(Array("IIRO".utf8)) || starts(Array("IIRS".utf8)) || starts(Array("MMOR".utf8)) { return .raw }
        if starts([0x49, 0x49, 0x55, 0x00]) { return .raw }
        if starts(Array("ftyp".utf8), at: 4) && starts(Array("crx ".utf8), at: 8) { return .raw }
        let little = starts([0x49, 0x49, 0x2A, 0x00])
        guard little || starts([0x4D, 0x4D, 0x00, 0x2A]) else { return nil }
        if little && starts([0x43, 0x52, 0x02], at: 8) { return .raw }  // "CR", version 2
        let window = head.count < 64 ? head : Array(bytes.prefix(rawIFDWindow))
        return RawIFD(window, littleEndian: little)?.isCameraRaw == true ? .raw : nil
    }
}

/// What the first IFD of a TIFF container says about where it came from.
struct RawIFD {
    var make = ""
    var isDNG = false
    var hasSubIFDs = false
    var isReduced = false
    var bitsPerSample = 8
    var compression = 1

    /// TIFF's own compressions (none, CCITT, LZW, JPEG, Deflate, PackBits…): a picture libtiff reads.
    static let pictureCompressions: Set = [1, 2, 3, 4, 5, 6, 7, 8, 32773, 32946, 34676, 34677, 34887, 50000]
    /// Makers of cameras whose RAW files are TIFF containers (upper case, matched as a prefix).
    static let cameraMakers = [
        "NIKON", "SONY", "PENTAX", "RICOH", "SAMSUNG", "CANON", "OLYMPUS", "OM DIGITAL", "PANASONIC", "LEICA",
        "FUJIFILM", "HASSELBLAD", "KODAK", "EASTMAN KODAK", "MAMIYA", "PHASE ONE", "LEAF", "MINOLTA",
        "KONICA MINOLTA", "SIGMA", "EPSON", "SEIKO EPSON", "NOKIA", "XIAOMI", "APPLE", "GOOGLE", "DJI", "GOPRO",
    ]

    /// Whether this is a DNG, or a camera maker's RAW (see ``ImageFormat/sniffRaw(_:head:)``).
    var isCameraRaw: Bool {
        if isDNG { return true }
        let maker = make.uppercased()
        guard Self.cameraMakers.contains(where: maker.hasPrefix) else { return false }
        return hasSubIFDs || isReduced || [10, 12, 14].contains(bitsPerSample)
            || !Self.pictureCompressions.contains(compression)
    }

    /// Reads the first IFD of `bytes` (a TIFF header first); nil when it is not within them.
    init?(_ bytes: [UInt8], littleEndian: Bool) {
        func value(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset + count <= bytes.count else { return nil }
            var result = 0
            for index in 0..<count {
                let byte = Int(bytes[littleEndian ? offset + count - 1 - index : offset + index])
                result = result << 8 | byte
            }
            return result
        }
        guard let first = value(4, 4), let entries = value(first, 2), entries > 0, entries <= 1000,
            first + 2 + entries * 12 <= bytes.count
        else { return nil }
        for index in 0..<entries {
            let entry = first + 2 + index * 12
            guard let tag = value(entry, 2), let type = value(entry + 2, 2), let count = value(entry + 4, 4) else { return nil }
            let short = type == 3 ? value(entry + 8, 2) : value(entry + 8, 4)
            switch tag {
            case 0x00FE: isReduced = (short ?? 0) & 1 == 1
            case 0x0102:
                let stored = count <= 2 ? short : value(entry + 8, 4).flatMap { value($0, 2) }
                bitsPerSample = stored ?? 8
            case 0x0103: compression = short ?? 1
            case 0x010F where type == 2:
                let start = count <= 4 ? entry + 8 : (value(entry + 8, 4) ?? -1)
                let length = min(count, 64)
                if start >= 0, start + length <= bytes.count {
                    make = String(decoding: bytes[start..<start + length].prefix { $0 != 0 }, as: UTF8.self)
                }
            case 0x014A: hasSubIFDs = true
            case 0xC612: isDNG = true
            default: break
            }
        }
    }
}
