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
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if kept.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0f)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``unreserved`` and the bytes of `extra`.
    public static func unreserved(plus extra: String) -> Set<UInt8> {
        unreserved.union(extra.utf8)
    }
}
