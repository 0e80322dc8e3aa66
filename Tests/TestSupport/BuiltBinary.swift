public import Foundation

/// Runs the built `photofeed` binary (from `.build/debug`, or `$PHOTOFEED_BIN`) as a child process.
///
/// The test targets do not depend on the executable, so a `swift test` that rebuilt the
/// libraries for the test bundle could run an older `photofeed` linked from other code.
/// ``photofeed`` therefore refuses, with a message saying to build, a `.build/debug/photofeed`
/// that is missing or older than any object file compiled for the package's own targets
/// (`.build/debug/<Target>.build/*.o`, for every folder of `Sources/`); every end-to-end test
/// then fails at its first run. Objects, not source files, are compared: touching a source
/// without changing it makes no new object and no new binary, and must not fail the run.
/// `make test` builds everything first. `$PHOTOFEED_BIN` names a binary to test as is
/// (a release build, say), unchecked.
public struct BuiltBinary {
    /// The package root, found from this file's path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The photo library shipped with the package.
    public static var assetsDirectory: URL { packageRoot.appendingPathComponent("Assets/photos") }

    /// The binary under test; throws when the debug build is missing or stale.
    public static var photofeed: URL {
        get throws {
            if let path = ProcessInfo.processInfo.environment["PHOTOFEED_BIN"] { return URL(fileURLWithPath: path) }
            try freshness.get()
            return debugBinary
        }
    }

    /// `$XDG_CACHE_HOME` for the binaries this test process runs, unless a test names its own.
    public static let scratchCacheHome: URL = FileManager.default.temporaryDirectory
        .appendingPathComponent("photofeed-e2e-cache-\(getpid())")

    /// `$XDG_CONFIG_HOME` for the binaries this test process runs, unless a test names its own:
    /// a folder that does not exist, so no config file is read.
    public static let scratchConfigHome: URL = FileManager.default.temporaryDirectory
        .appendingPathComponent("photofeed-e2e-config-\(getpid())")

    public static var debugBinary: URL { packageRoot.appendingPathComponent(".build/debug/photofeed") }

    /// Why the debug binary cannot be trusted.
    public struct StaleBinary: Error, CustomStringConvertible {
        public var description: String
    }

    /// Checked once per test run.
    private static let freshness: Result<Void, StaleBinary> = checkFreshness()

    private static func checkFreshness() -> Result<Void, StaleBinary> {
        let fileManager = FileManager.default
        let build = "run `swift build` (or `make test`, which builds first) before the end-to-end tests"
        guard let built = modificationDate(debugBinary) else {
            return .failure(StaleBinary(description: "\(debugBinary.path) is missing: \(build)"))
        }
        let targets = (try? fileManager.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources").path)) ?? []
        let buildDirectory = debugBinary.deletingLastPathComponent()
        // feedbench is a separate executable: its objects say nothing about photofeed's age.
        for target in targets.sorted() where target != "feedbench" {
            let objects = buildDirectory.appendingPathComponent(target + ".build")
            guard let walker = fileManager.enumerator(at: objects, includingPropertiesForKeys: nil) else { continue }
            for case let object as URL in walker where object.pathExtension == "o" {
                if let compiled = modificationDate(object), compiled > built {
                    return .failure(StaleBinary(
                        description: "\(debugBinary.path) is older than the \(target) code compiled since "
                            + "(\(object.lastPathComponent)): \(build)"))
                }
            }
        }
        return .success(())
    }

    private static func modificationDate(_ file: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
    }

    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `photofeed arguments…` to completion and captures its output.
    ///
    /// The wait happens on a Dispatch thread, not on Swift's cooperative pool: blocking a pool
    /// thread for a whole child process (2 threads on a 2-core machine) starved other tests'
    /// tasks — a tmux test's screen poller missed a loading frame that lasted seconds.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try runBlocking(arguments, environment: environment) })
            }
        }
    }

    /// Runs `command` with `sh -c` (for pipes into the binary), with the same environment rules.
    public static func runShell(_ command: String, environment: [String: String] = [:]) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result { try runBlocking([], environment: environment, executable: URL(fileURLWithPath: "/bin/sh"), shellCommand: command) })
            }
        }
    }

    /// ``run(_:environment:)`` for callers on their own threads; blocks the calling thread.
    public static func runBlocking(
        _ arguments: [String], environment: [String: String] = [:], executable: URL? = nil, shellCommand: String? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = try executable ?? photofeed
        process.arguments = shellCommand.map { ["-c", $0] } ?? arguments
        var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // The freedesktop.org thumbnail cache (and the default disk cache) of a test run is its
        // own, never the user's: photos of temporary folders must not land in ~/.cache.
        if environment["XDG_CACHE_HOME"] == nil { merged["XDG_CACHE_HOME"] = scratchCacheHome.path }
        // Nor is the user's config file read: a test that wants one names its own $XDG_CONFIG_HOME.
        if environment["XDG_CONFIG_HOME"] == nil { merged["XDG_CONFIG_HOME"] = scratchConfigHome.path }
        process.environment = merged
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
