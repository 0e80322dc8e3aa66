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

    /// The bytes of one asset.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}
