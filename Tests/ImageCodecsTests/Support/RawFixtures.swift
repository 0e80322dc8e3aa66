import Foundation
import ImageCodecs

/// The camera RAW files of Tests/CodecFixtures/conformance/raw (PROVENANCE there).
enum RawFixtures {
    static let directory: URL = ConformanceSuite.root.appendingPathComponent("raw")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// `bytes` with the first IFD's ImageWidth and ImageLength (LONG, little-endian) set to `side`.
    static func claimingSide(_ side: UInt32, in bytes: [UInt8]) -> [UInt8] {
        var patched = bytes
        func read(_ offset: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        let first = read(4, 4)
        for index in 0..<read(first, 2) {
            let entry = first + 2 + index * 12
            guard [256, 257].contains(read(entry, 2)), read(entry + 2, 2) == 4 else { continue }
            for byte in 0..<4 { patched[entry + 8 + byte] = UInt8(truncatingIfNeeded: side >> (8 * UInt32(byte))) }
        }
        return patched
    }
}
