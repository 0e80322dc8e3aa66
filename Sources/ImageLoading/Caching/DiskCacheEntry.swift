import Crypto

/// The on-disk format of one cache entry: a header with a length and a SHA-256 of the payload,
/// so a torn write or a flipped byte is detected on read.
///
/// Layout: `PFDC` · version (1 byte) · 3 zero bytes · payload length (UInt64, little endian) ·
/// SHA-256 of the payload (32 bytes) · payload.
enum DiskCacheEntry {
    static let magic: [UInt8] = Array("PFDC".utf8)
    static let version: UInt8 = 1
    static let headerSize = 4 + 4 + 8 + 32

    /// The file contents for a payload.
    static func encode(_ payload: [UInt8]) -> [UInt8] {
        var bytes = magic
        bytes.append(version)
        bytes.append(contentsOf: [0, 0, 0])
        var length = UInt64(payload.count).littleEndian
        withUnsafeBytes(of: &length) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: SHA256.hash(data: payload))
        bytes.reserveCapacity(headerSize + payload.count)
        bytes.append(contentsOf: payload)
        return bytes
    }

    /// The payload of a file, or nil when the file is not a complete, intact entry.
    static func decode(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= headerSize, Array(bytes[0..<4]) == magic, bytes[4] == version else { return nil }
        var length: UInt64 = 0
        for (index, byte) in bytes[8..<16].enumerated() { length |= UInt64(byte) << (8 * UInt64(index)) }
        guard length == UInt64(bytes.count - headerSize) else { return nil }
        let payload = Array(bytes[headerSize...])
        guard Array(SHA256.hash(data: payload)) == Array(bytes[16..<48]) else { return nil }
        return payload
    }

    /// The file name for a key: the SHA-256 of the key in hex.
    static func fileName(for key: String) -> String {
        SHA256.hash(data: Array(key.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
