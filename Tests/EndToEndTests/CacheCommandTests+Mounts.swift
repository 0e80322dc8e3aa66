import Foundation
import TestSupport
import Testing

/// `photofeed cache` on real file systems: a full tmpfs and a read-only bind mount. Mounting
/// needs root (CI runs as root): where `mount` fails, the test is cancelled with the reason
/// (reported as skipped), never passed.
extension CacheCommandTests {
    /// Runs a system command; its status and what it printed.
    static func system(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// A cache folder photofeed tagged, with three entries of 1,000 bytes and someone else's
    /// notes.txt put in since.
    static func fillCache(_ folder: URL) async throws {
        let made = try await BuiltBinary.run(["cache", "prune", "--max-size", "0", "--cache-dir", folder.path])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("CACHEDIR.TAG").path))
        for index in 0..<3 {
            try Data(repeating: UInt8(index), count: 1_000).write(to: folder.appendingPathComponent(String(format: "%064x", index)))
        }
        try Data("x\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    }

    @Test func onAFullTmpfsOnlyTheEntriesGo() async throws {
        // Given a 1 MiB tmpfs holding a tagged cache and someone else's files, filled to the last byte
        let volume = try ScratchMount.tmpfs(size: "1m", at: try Self.scratch("tmpfs"))
        defer { volume.unmount() }
        let mountPoint = volume.url
        // The folder is empty: photofeed takes it (an empty folder) and tags it
        try await Self.fillCache(mountPoint)
        let filler = try Self.system(["dd", "if=/dev/zero", "of=\(mountPoint.path)/filler", "bs=4096"])
        #expect(filler.output.contains("No space left on device"), "\(filler.output)")
        let environment = ["XDG_CACHE_HOME": try Self.scratch("cache-home").path]
        // When it is counted, then cleared
        let info = try await BuiltBinary.run(["cache", "info", "--cache-dir", mountPoint.path], environment: environment)
        let clear = try await BuiltBinary.run(["cache", "clear", "--cache-dir", mountPoint.path], environment: environment)
        // Then the three entries are counted and removed, and nothing else
        #expect(info.stdout.contains("3 entries (2.9 KiB)"), "\(info.stdout)")
        #expect(clear.status == 0, "\(clear.stderr)")
        #expect(clear.stdout.contains("removed 3 entries (2.9 KiB)"), "\(clear.stdout)")
        let left = try FileManager.default.contentsOfDirectory(atPath: mountPoint.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(left == ["CACHEDIR.TAG", "filler", "notes.txt"], "\(left)")
    }

    @Test func onAReadOnlyMountClearSaysItCouldNotRemove() async throws {
        // Given a tagged cache with three entries and someone else's notes.txt, bound read-only elsewhere
        let source = try Self.scratch("ro-source")
        try await Self.fillCache(source)
        let before = Self.tree(source)
        let mount = try ScratchMount.readOnlyBind(of: source, at: try Self.scratch("ro-mount"))
        defer { mount.unmount() }
        let readOnly = mount.url
        let environment = ["XDG_CACHE_HOME": try Self.scratch("cache-home").path]
        // When it is cleared, and pruned
        let clear = try await BuiltBinary.run(["cache", "clear", "--cache-dir", readOnly.path], environment: environment)
        let prune = try await BuiltBinary.run(["cache", "prune", "--max-size", "0", "--cache-dir", readOnly.path], environment: environment)
        // Then each says in a sentence it could not remove the entries, and why, exit 1
        for (output, command) in [(clear, "clear"), (prune, "prune")] {
            #expect(output.status == 1, "\(command): \(output.stdout) \(output.stderr)")
            #expect(
                output.stderr.contains("photofeed cache \(command): could not remove 3 entries from \(readOnly.path): read-only file system"),
                "\(command): \(output.stderr)")
            #expect(!output.stderr.contains("Error("), "\(output.stderr)")
        }
        // And nothing was touched
        #expect(Self.tree(source) == before)
    }
}
