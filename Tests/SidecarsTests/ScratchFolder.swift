import Foundation
import SystemPackage

/// A fresh folder under the system's temporary folder, removed by `remove()`; the fixtures'
/// folder beside this file.
struct ScratchFolder {
    let url: URL
    var path: FilePath { FilePath(url.path) }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sidecars-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `bytes` as `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> FilePath {
        try Data(bytes).write(to: url.appendingPathComponent(name))
        return path.appending(name)
    }

    /// Copies fixture `fixture` in as `name`.
    @discardableResult
    func copyFixture(_ fixture: String, as name: String) throws -> [UInt8] {
        let bytes = try Self.fixture(fixture)
        try write(name, bytes)
        return bytes
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
    }

    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
