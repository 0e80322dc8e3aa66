import Foundation
import Logging

/// Files the tests use: the package's photo library, and temporary libraries built per test.
enum Fixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var assets: URL { packageRoot.appendingPathComponent("Assets/photos") }

    /// A fresh directory holding copies of `names` from the assets plus `extra` files.
    static func temporaryLibrary(copying names: [String], extra: [String: [UInt8]] = [:]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("picsum-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(at: assets.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        for (name, bytes) in extra {
            try Data(bytes).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    /// A logger that drops everything (keeps test output readable).
    static var quietLogger: Logger { Logger(label: "PicsumServerTests", factory: { _ in SwiftLogNoOpLogHandler() }) }
}
