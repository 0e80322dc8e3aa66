/// Reads the `tEXt` chunks of a PNG without decoding it: a bounded walk over the chunk list.
///
/// Every length is checked against the bytes there are, each `tEXt` chunk's CRC is verified (a
/// chunk that fails is left out), and the walk stops at `IEND`, at the first chunk that does
/// not fit, or after ``maxChunks``. Nothing is allocated beyond the texts returned. Keywords
/// and texts are Latin-1, as PNG stores them.
///
/// ```swift
/// let text = PNGTextChunks.read(pngBytes)
/// text["Thumb::MTime"]   // "1700000000"
/// ```
public enum PNGTextChunks {
    /// The most chunks looked at.
    public static let maxChunks = 10_000

    /// Keyword → text of every valid `tEXt` chunk (the first one wins for a repeated keyword);
    /// empty when `bytes` is not a PNG.
    public static func read(_ bytes: [UInt8]) -> [String: String] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return [:] }
        var texts: [String: String] = [:]
        var offset = 8
        for _ in 0..<maxChunks {
            guard bytes.count - offset >= 12 else { break }
            let length = Int(be32(bytes, offset))
            let typeStart = offset + 4
            let dataStart = offset + 8
            guard length <= bytes.count - dataStart - 4 else { break }
            let type = bytes[typeStart..<dataStart]
            if type.elementsEqual("IEND".utf8) { break }
            if type.elementsEqual("tEXt".utf8) {
                let stored = be32(bytes, dataStart + length)
                if CRC32.checksum(bytes[typeStart..<(dataStart + length)]) == stored,
                    let (keyword, text) = split(bytes[dataStart..<(dataStart + length)]),
                    texts[keyword] == nil
                {
                    texts[keyword] = text
                }
            }
            offset = dataStart + length + 4
        }
        return texts
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
