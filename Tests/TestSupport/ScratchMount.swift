public import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real file system mounted for a test (a small tmpfs, a read-only bind mount), unmounted by
/// `unmount()`. Mounting needs root: where it fails, the test is cancelled with the reason —
/// reported as skipped, never passed silently.
public struct ScratchMount: Sendable {
    /// Where it is mounted.
    public let url: URL

    /// A tmpfs of `size` (`64k`) at a fresh folder under `parent`.
    public static func tmpfs(size: String, under parent: URL) throws -> ScratchMount {
        try tmpfs(size: size, at: parent.appendingPathComponent("tmpfs-\(UUID().uuidString.prefix(8))"))
    }

    /// A tmpfs of `size` (`1m`) at `point`, made if it is missing.
    public static func tmpfs(size: String, at point: URL) throws -> ScratchMount {
        try FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
        try mount(["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", point.path], what: "a tmpfs of \(size)")
        return ScratchMount(url: point)
    }

    /// `source` again at a fresh folder under `parent`, read-only (`mount --bind`, then
    /// `remount,ro,bind`).
    public static func readOnlyBind(of source: URL, under parent: URL) throws -> ScratchMount {
        try readOnlyBind(of: source, at: parent.appendingPathComponent("ro-\(UUID().uuidString.prefix(8))"))
    }

    /// `source` again at `point` (made if it is missing), read-only.
    public static func readOnlyBind(of source: URL, at point: URL) throws -> ScratchMount {
        try FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
        try mount(["--bind", source.path, point.path], what: "a bind mount")
        do {
            try mount(["-o", "remount,ro,bind", point.path], what: "a read-only remount")
        } catch {
            ScratchMount(url: point).unmount()
            throw error
        }
        return ScratchMount(url: point)
    }

    /// Writes `file` until its volume is full.
    public static func fill(_ file: URL) {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Unmounts it, then removes its folder if that is empty (never what is under a mount that
    /// could not be unmounted).
    public func unmount() {
        _ = try? Self.run(["/bin/umount", url.path])
        rmdir(url.path)
    }

    private static func mount(_ arguments: [String], what: String) throws {
        let (status, output) = try run(["/bin/mount"] + arguments)
        guard status == 0 else {
            try Test.cancel("skipped: could not mount \(what) (mount \(arguments.joined(separator: " ")): \(output); needs root)")
        }
    }

    private static func run(_ command: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
