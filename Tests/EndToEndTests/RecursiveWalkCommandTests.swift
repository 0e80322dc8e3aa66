import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The real binary's `--recursive` stays in its folder: `slash -> /` is not walked (the status
/// bar says so), and a photo past the 4,096-byte path limit is listed.
@Suite(.timeLimit(.minutes(2)), .tags(.realTime)) struct RecursiveWalkCommandTests {
    /// The status-bar line of a wide snapshot of `folder` with `--recursive`.
    private func statusLine(_ folder: String, maxDepth: Int) async throws -> (String, BuiltBinary.Output) {
        let output = try await BuiltBinary.run([
            "snapshot", "--feed", folder, "--recursive", "--max-depth", String(maxDepth), "--width", "250", "--height", "8",
            "--colors", "none", "--no-disk-cache",
        ])
        let lines = output.stdout.split(separator: "\n")
        return (lines.last.map(String.init) ?? "", output)
    }

    private func folderWithAPhoto() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-walk-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: BuiltBinary.assetsDirectory.appendingPathComponent("chelsea.jpg").path, toPath: folder + "/top.jpg")
        return folder
    }

    @Test func aLinkToTheRootIsNotWalkedAndTheStatusBarSaysSo() async throws {
        // Given a folder with a photo and `slash -> /`
        let folder = try folderWithAPhoto()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/slash", withDestinationPath: "/")
        // When it is snapshotted two levels deep
        let (status, output) = try await statusLine(folder, maxDepth: 2)
        // Then its one photo is listed, nothing of `/`, and the link is said to be skipped
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(status.contains("(1 photo; skipped 1 link out of the folder)"), "\(status)")
    }

    @Test func anUnreadableSubFolderIsSaidAsASkippedLinkIs() async throws {
        // Given a folder with a photo and a sub-folder no one may read (root runs without the
        // capabilities that read it anyway, through setpriv)
        let folder = try folderWithAPhoto()
        let locked = folder + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg").path, toPath: locked + "/hidden.jpg")
        chmod(locked, 0)
        defer {
            chmod(locked, 0o700)
            try? FileManager.default.removeItem(atPath: folder)
        }
        let command = [
            // Wide enough for the whole source: the path and the note are 130 columns.
            try BuiltBinary.photofeed.path, "snapshot", "--feed", folder, "--recursive", "--width", "400", "--height", "8",
            "--colors", "none", "--no-disk-cache",
        ].map { "'\($0)'" }.joined(separator: " ")
        let privileged = getuid() == 0
        if privileged, !FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
            try Test.cancel("setpriv is needed to read as root without root's capabilities")
        }

        // When it is snapshotted with --recursive
        let output = try await BuiltBinary.runShell(
            (privileged ? "setpriv --inh-caps=-all --bounding-set=-all -- " : "exec ") + command)

        // Then the photo is listed and the folder is said to be skipped, with why, as a link is
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let status = output.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(status.contains("(1 photo; skipped 1 folder that cannot be read (locked: permission denied))"), "\(status)")
    }

    @Test func aPhotoPastThePathLimitIsListed() async throws {
        // Given top.jpg and, 50 folders of 100-byte names below (past 4,096 bytes), deep.jpg
        let folder = try folderWithAPhoto()
        defer { _ = try? ChildRemoval.remove(folder) }
        let photo = try [UInt8](Data(contentsOf: BuiltBinary.assetsDirectory.appendingPathComponent("chelsea.jpg")))
        var descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(descriptor >= 0)
        let segment = String(repeating: "d", count: 100)
        for _ in 0..<50 {
            try #require(mkdirat(descriptor, segment, 0o755) == 0)
            let next = openat(descriptor, segment, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            close(descriptor)
            try #require(next >= 0)
            descriptor = next
        }
        let file = openat(descriptor, "deep.jpg", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        try #require(file >= 0)
        _ = photo.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
        close(descriptor)
        // When it is snapshotted all the way down
        let (status, output) = try await statusLine(folder, maxDepth: 64)
        // Then both photos are listed
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(status.contains("(2 photos)"), "\(status)")
    }
}

/// Removes a tree too deep for one path (`rm -rf` walks it relative to each folder).
enum ChildRemoval {
    static func remove(_ path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/rm")
        process.arguments = ["-rf", path]
        try process.run()
        process.waitUntilExit()
    }
}
