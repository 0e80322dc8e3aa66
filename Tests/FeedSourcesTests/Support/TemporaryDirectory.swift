import Foundation

/// A fresh directory under the system temp folder, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedsources-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    func copy(_ source: URL, as name: String) throws {
        try FileManager.default.copyItem(at: source, to: url.appendingPathComponent(name))
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// The repository's `Assets/photos`.
    static let assets = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/photos")
}
