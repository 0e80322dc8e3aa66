/// Reads the `tEXt` chunks of a PNG without decoding it: a bounded walk over the chunk list.
///
/// Every length is checked against the bytes there are, each `tEXt` chunk's CRC is verified (a
/// chunk that fails is left out), and the walk stops at `IEND`, at the first chunk that does
/// not fit, or after ``maxChunks``. Nothing is allocated beyond the texts returned. Keywords
/// and texts are Latin-1, as PNG stores them.
///
/// ``validated(_:)`` is the strict walk for input that must be well formed (the thumbnail
/// cache): it fails instead of stopping when a bound is broken.
///
/// ```swift
/// let text = PNGTextChunks.read(pngBytes)
/// text["Thumb::MTime"]   // "1700000000"
/// ```
public enum PNGTextChunks {
    /// The most chunks looked at: 10,000.
    public static let maxChunks = 10_000
    /// The longest text chunk (`tEXt`, `zTXt`, `iTXt`) ``validated(_:)`` accepts: 64 KiB (a
    /// `Thumb::URI` of a 4,096-byte path, every byte escaped, is 12 KiB).
    public static let maxTextChunkBytes = 64 << 10

    /// Keyword → text of every valid `tEXt` chunk (the first one wins for a repeated keyword);
    /// empty when `bytes` is not a PNG.
    public static func read(_ bytes: [UInt8]) -> [String: String] {
        walk(bytes, strict: false) ?? [:]
    }

    /// Like ``read(_:)``, but nil when the walk breaks a bound: not a PNG, a chunk length over
    /// 2³¹ − 1 or past the end of the bytes, a text chunk over ``maxTextChunkBytes``, a `tEXt`
    /// chunk with a bad CRC, more than ``maxChunks`` chunks, or no `IEND`.
    public static func validated(_ bytes: [UInt8]) -> [String: String]? {
        walk(bytes, strict: true)
    }

    private static func walk(_ bytes: [UInt8], strict: Bool) -> [String: String]? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return strict ? nil : [:] }
        var texts: [String: String] = [:]
        var offset = 8
        for _ in 0..<maxChunks {
            guard bytes.count - offset >= 12 else { return strict ? nil : texts }
            let length = Int(be32(bytes, offset))
            let typeStart = offset + 4
            let dataStart = offset + 8
            guard length <= Int(Int32.max), length <= bytes.count - dataStart - 4 else { return strict ? nil : texts }
            let type = bytes[typeStart..<dataStart]
            if type.elementsEqual("IEND".utf8) { return texts }
            let isText = type.elementsEqual("tEXt".utf8) || type.elementsEqual("zTXt".utf8) || type.elementsEqual("iTXt".utf8)
            if strict, isText, length > maxTextChunkBytes { return nil }
            if type.elementsEqual("tEXt".utf8) {
                let crcIsRight = CRC32.checksum(bytes[typeStart..<(dataStart + length)]) == be32(bytes, dataStart + length)
                if strict, !crcIsRight { return nil }
                if crcIsRight, let (keyword, text) = split(bytes[dataStart..<(dataStart + length)]), texts[keyword] == nil {
                    texts[keyword] = text
                }
            }
            offset = dataStart + length + 4
        }
        return strict ? nil : texts
    }

    /// Keyword and text of a `tEXt` chunk's data, or nil without the separating NUL.
    private static func split(_ data: ArraySlice<UInt8>) -> (String, String)? {
        guard let zero = data.firstIndex(of: 0), zero > data.startIndex, zero - data.startIndex <= 79 else { return nil }
        return (latin1(data[data.startIndex..<zero]), latin1(data[(zero + 1)...]))
    }

    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        var string = ""
        string.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return string
    }

    private static func be32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}

/// The CRC-32 PNG uses (ISO 3309, polynomial 0xEDB88320).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
