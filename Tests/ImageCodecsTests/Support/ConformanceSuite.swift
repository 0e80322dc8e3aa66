import Foundation
import ImageCodecs
import Testing

/// One public decoder conformance suite under Tests/CodecFixtures/conformance/<name>, with the
/// references make-references.py wrote from another decoder (ImageMagick, dwebp, heif-convert).
struct ConformanceSuite: Sendable, CustomTestStringConvertible {
    /// A valid file and what the reference decoder drew: its size and its grid (see ``grid(of:)``).
    struct Reference: Sendable {
        var name: String
        var width: Int
        var height: Int
        var cells: [UInt8]
    }

    var name: String
    /// The largest difference allowed in any grid cell's channel (premultiplied, 0–255).
    var tolerance: Int

    var testDescription: String { name }

    static let pngSuite = ConformanceSuite(name: "pngsuite", tolerance: 3)
    static let bmpSuite = ConformanceSuite(name: "bmpsuite", tolerance: 2)
    static let libwebp = ConformanceSuite(name: "libwebp-test-data", tolerance: 3)
    static let avifSamples = ConformanceSuite(name: "avif-sample-images", tolerance: 8)
    static let all = [pngSuite, bmpSuite, libwebp, avifSamples]

    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ImageCodecsTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("CodecFixtures/conformance")

    var directory: URL { Self.root.appendingPathComponent(name) }

    func bytes(_ file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
    }

    /// Every file of the suite (relative paths, sorted), its own text files left out.
    func files() throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var names: [String] = []
        while let next = enumerator?.nextObject() as? String {
            let skipped = ["LICENSE", "README.md", "PngSuite.README", "references.txt", "PROVENANCE"]
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: directory.appendingPathComponent(next).path, isDirectory: &isDirectory)
            if exists, !isDirectory.boolValue, !skipped.contains(next) { names.append(next) }
        }
        return names.sorted()
    }

    func references() throws -> [Reference] {
        let text = try String(contentsOf: directory.appendingPathComponent("references.txt"), encoding: .utf8)
        return text.split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            let hex = Array(fields[3].utf8)
            let cells = stride(from: 0, to: hex.count, by: 2).map { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16) ?? 0 }
            return Reference(name: String(fields[0]), width: Int(fields[1]) ?? 0, height: Int(fields[2]) ?? 0, cells: cells)
        }
    }

    /// At most 8×8 cells, each the mean of its pixels with colour premultiplied by alpha, as
    /// make-references.py computes them.
    static func grid(of bitmap: Bitmap) -> [UInt8] {
        let w = bitmap.width
        let h = bitmap.height
        let gw = min(8, w)
        let gh = min(8, h)
        var cells: [UInt8] = []
        bitmap.withBytes { bytes in
            for j in 0..<gh {
                for i in 0..<gw {
                    var sums = [Double](repeating: 0, count: 4)
                    for y in j * h / gh..<(j + 1) * h / gh {
                        for x in i * w / gw..<(i + 1) * w / gw {
                            let p = y * bitmap.bytesPerRow + x * 4
                            let a = Double(bytes[p + 3])
                            sums[0] += Double(bytes[p]) * a
                            sums[1] += Double(bytes[p + 1]) * a
                            sums[2] += Double(bytes[p + 2]) * a
                            sums[3] += a
                        }
                    }
                    let n = Double(((j + 1) * h / gh - j * h / gh) * ((i + 1) * w / gw - i * w / gw))
                    cells += sums.indices.map { UInt8(($0 < 3 ? sums[$0] / (255 * n) : sums[$0] / n).rounded()) }
                }
            }
        }
        return cells
    }
}
