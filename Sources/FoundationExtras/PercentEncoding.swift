/// Foundation's `addingPercentEncoding(withAllowedCharacters:)` for the ASCII sets the package
/// uses: every UTF-8 byte that is not kept becomes `%XX` (upper-case hex).
///
/// ```swift
/// PercentEncoding.encode("a b/c", keeping: PercentEncoding.unreserved)   // "a%20b%2Fc"
/// ```
public enum PercentEncoding {
    /// RFC 3986's unreserved characters: letters, digits, `-._~`.
    public static let unreserved: Set<UInt8> = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))

    /// `text` with every byte not in `kept` percent-encoded.
    public static func encode(_ text: String, keeping kept: Set<UInt8>) -> String {
        encode(bytes: Array(text.utf8), keeping: kept)
    }

    /// `source` (any bytes: a path's, not UTF-8 perhaps) with every byte not in `kept`
    /// percent-encoded; the result is ASCII.
    public static func encode(bytes source: [UInt8], keeping kept: Set<UInt8>) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.count)
        for byte in source {
            if kept.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0f)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes `text` stands for: each `%XX` (either case) as its byte, everything else as
    /// its UTF-8 (a `%` not followed by two hex digits stays as it is).
    public static func decode(_ text: String) -> [UInt8] {
        let source = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
                let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// ``unreserved`` and the bytes of `extra`.
    public static func unreserved(plus extra: String) -> Set<UInt8> {
        unreserved.union(extra.utf8)
    }
}
