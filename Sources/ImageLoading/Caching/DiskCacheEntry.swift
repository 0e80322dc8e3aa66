import Digests
import FoundationEssentials
import FoundationExtras

/// The on-disk format of one cache entry: a header with a length and a SHA-256, so a torn write
/// or a flipped byte is detected on read.
///
/// Version 2 (written): `PFDC` · 2 · 3 zero bytes · payload length (UInt64, little endian) ·
/// SHA-256 of everything after it (32 bytes) · metadata length (UInt32, little endian) ·
/// metadata (JSON of `CacheFreshness`; empty when the bytes came without it) · payload.
/// The checksum covers the metadata as well as the payload: a damaged freshness is as much a
/// torn entry as damaged bytes.
///
/// Version 1 (still read): `PFDC` · 1 · 3 zero bytes · payload length · SHA-256 of the payload ·
/// payload. It has no metadata: see `CachedData.isFresh(at:)` for how it is treated.
///
/// ```swift
/// let file = DiskCacheEntry.encode(CachedData(bytes: jpeg, freshness: freshness))
/// DiskCacheEntry.decode(file)?.freshness == freshness   // true
/// ```
enum DiskCacheEntry {
    static let magic: [UInt8] = Array("PFDC".utf8)
    static let version: UInt8 = 2
    /// The fixed part of a version-2 header (before the metadata).
    static let headerSize = 4 + 4 + 8 + 32 + 4
    /// The header of a version-1 entry.
    static let version1HeaderSize = 4 + 4 + 8 + 32

    /// The file contents for bytes without freshness.
    static func encode(_ payload: [UInt8]) -> [UInt8] {
        encode(CachedData(bytes: payload))
    }

    /// The file contents for an entry (version 2).
    static func encode(_ entry: CachedData) -> [UInt8] {
        let metadata = entry.freshness.flatMap { try? JSONEncoder().encode($0) }.map { [UInt8]($0) } ?? []
        var body: [UInt8] = []
        body.reserveCapacity(4 + metadata.count + entry.bytes.count)
        append(UInt32(metadata.count), to: &body)
        body.append(contentsOf: metadata)
        body.append(contentsOf: entry.bytes)
        var bytes = magic
        bytes.reserveCapacity(headerSize + metadata.count + entry.bytes.count)
        bytes.append(version)
        bytes.append(contentsOf: [0, 0, 0])
        append(UInt64(entry.bytes.count), to: &bytes)
        bytes.append(contentsOf: SHA256.hash(data: body))
        bytes.append(contentsOf: body)
        return bytes
    }

    /// The entry in a file, or nil when the file is not a complete, intact entry of a known version.
    static func decode(_ bytes: [UInt8]) -> CachedData? {
        guard bytes.count >= version1HeaderSize, Array(bytes[0..<4]) == magic else { return nil }
        let length = integer(bytes[8..<16])
        switch bytes[4] {
        case 1:
            guard length == UInt64(bytes.count - version1HeaderSize) else { return nil }
            let payload = Array(bytes[version1HeaderSize...])
            guard Array(SHA256.hash(data: payload)) == Array(bytes[16..<48]) else { return nil }
            return CachedData(bytes: payload)
        case 2:
            guard bytes.count >= headerSize else { return nil }
            let metadataLength = integer(bytes[48..<52])
            guard metadataLength <= UInt64(bytes.count - headerSize),
                length == UInt64(bytes.count - headerSize) - metadataLength,
                Array(SHA256.hash(data: bytes[48...])) == Array(bytes[16..<48])
            else { return nil }
            let payloadStart = headerSize + Int(metadataLength)
            var freshness: CacheFreshness?
            if metadataLength > 0 {
                guard let decoded = try? JSONDecoder().decode(CacheFreshness.self, from: Data(bytes[headerSize..<payloadStart]))
                else { return nil }
                freshness = decoded
            }
            return CachedData(bytes: Array(bytes[payloadStart...]), freshness: freshness)
        default:
            return nil
        }
    }

    /// The file name for a key: the SHA-256 of the key in hex.
    static func fileName(for key: String) -> String {
        SHA256.hash(data: Array(key.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Whether `name` is an entry's file name: 64 lowercase hex digits, as ``fileName(for:)`` makes.
    static func isFileName(_ name: String) -> Bool {
        OwnFiles.entries.matches(name)
    }

    /// A new temporary file's name: `.tmp-` and a UUID.
    static func temporaryName() -> String { temporaryPrefix + UUID().uuidString }

    /// Whether `name` is a temporary file's name as ``temporaryName()`` makes.
    static func isTemporaryName(_ name: String) -> Bool {
        OwnFiles.entryInProgress.matches(name)
    }

    static let temporaryPrefix = OwnFiles.entryInProgressPrefix

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        var little = value.littleEndian
        withUnsafeBytes(of: &little) { bytes.append(contentsOf: $0) }
    }

    private static func integer(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for (index, byte) in bytes.enumerated() { value |= UInt64(byte) << (8 * UInt64(index)) }
        return value
    }
}
