import Foundation
import ImageCodecs

/// The test files of `Assets/formats` (made by scripts/make-format-fixtures.sh from CC0 photos).
enum FormatAssets {
    static let directory: URL = TestAssets.directory.deletingLastPathComponent().appendingPathComponent("formats")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The upright 96×64 picture every still and turned file was made from.
    static func upright() throws -> Bitmap {
        try ImageDecoder.decode(bytes("upright.png")).bitmap
    }

    /// The mean absolute difference of two bitmaps' RGB channels (0–255), nil when sizes differ.
    static func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double? {
        guard a.size == b.size else { return nil }
        var total = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                total += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
            }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }
}
