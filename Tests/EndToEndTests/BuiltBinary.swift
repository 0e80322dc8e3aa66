import Foundation

/// Runs the built `photofeed` binary (from `.build/debug`, or `$PHOTOFEED_BIN`) as a child process.
struct BuiltBinary {
    /// The package root, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The photo library shipped with the package.
    static var assetsDirectory: URL { packageRoot.appendingPathComponent("Assets/photos") }

    /// The binary under test.
    static var photofeed: URL {
        if let path = ProcessInfo.processInfo.environment["PHOTOFEED_BIN"] { return URL(fileURLWithPath: path) }
        return packageRoot.appendingPathComponent(".build/debug/photofeed")
    }

    struct Output: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `photofeed arguments…` to completion and captures its output.
    ///
    /// The wait happens on a Dispatch thread, not on Swift's cooperative pool: blocking a pool
    /// thread for a whole child process (2 threads on a 2-core machine) starved other tests'
    /// tasks — a tmux test's screen poller missed a loading frame that lasted seconds.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try runBlocking(arguments, environment: environment) })
            }
        }
    }

    /// ``run(_:environment:)`` for callers on their own threads; blocks the calling thread.
    static func runBlocking(_ arguments: [String], environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = photofeed
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }
}
