import Foundation

/// The photos in `Assets/photos`, found from this file's path.
enum TestAssets {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ImageCodecsTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Assets/photos")

    /// File names of every JPEG and PNG asset, sorted.
    static let names: [String] = {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return all.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
    }()

    /// The assets of at most 256 KiB: the science samples, not the multi-megapixel photographs
    /// (for tests that decode everything many times and only need variety of encodings).
    static let smallNames: [String] = names.filter { name in
        let size = (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path))?[.size]
        return ((size as? NSNumber)?.intValue ?? 0) <= 256 * 1024
    }

    /// The bytes of one asset.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}
