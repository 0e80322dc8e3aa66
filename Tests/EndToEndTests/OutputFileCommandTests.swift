import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The files photofeed writes (`--trace`, `--server-log`): a device, FIFO or folder is refused
/// at once in words, and a write that fails mid-run fails the run at its end, in words, after
/// the viewer showed it in its status bar.
@Suite(.timeLimit(.minutes(2)), .tags(.realTime)) struct OutputFileCommandTests {
    private let quick = ["--colors", "none", "--latency", "0", "--bandwidth", "0", "--no-disk-cache"]

    private func fifo() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pf-fifo-\(UUID().uuidString)").path
        try #require(mkfifo(path, 0o600) == 0)
        return path
    }

    @Test func devicesFIFOsAndFoldersAreRefusedBeforeAnythingRuns() async throws {
        // Given a FIFO with no reader (before: snapshot and prefetch hung opening it) and
        // /dev/full (before: every write failed and the run exited 0 without a word)
        let pipe = try fifo()
        defer { unlink(pipe) }
        let cases: [([String], String)] = [
            (["snapshot", "--trace", "/dev/full"] + quick,
             "photofeed snapshot: cannot write the trace to /dev/full: not a regular file (a character device); name a regular file or a new one"),
            (["snapshot", "--trace", pipe] + quick,
             "photofeed snapshot: cannot write the trace to \(pipe): not a regular file (a FIFO); name a regular file or a new one"),
            (["snapshot", "--server-log", pipe] + quick,
             "photofeed snapshot: --server-log \(pipe): not a regular file (a FIFO); name a regular file or a new one"),
            (["snapshot", "--server-log", "/tmp"] + quick,
             "photofeed snapshot: --server-log /tmp: not a regular file (a directory); name a regular file or a new one"),
            (["prefetch", "--count", "2", "--cache-dir", FileManager.default.temporaryDirectory.appendingPathComponent("pf-\(UUID())").path, "--trace", pipe],
             "photofeed prefetch: cannot write the trace to \(pipe): not a regular file (a FIFO); name a regular file or a new one"),
        ]
        for (arguments, line) in cases {
            // When each runs
            let result = try await BuiltBinary.run(arguments)
            // Then it exits 1 with that one line, and prints no frame
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == line + "\n", "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func aTraceAndServerLogThatStopMidRunAreReportedInTheStatusBarAndAtExit() async throws {
        // Given files may grow to 1 KiB only (`ulimit -f 1`; SIGXFSZ ignored, so a longer
        // write fails with EFBIG, as a full disk fails with ENOSPC), and a snapshot writing a
        // trace and a server log to regular files, with rows two lines tall (about 40 requests
        // of some 40 bytes a line)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pf-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("run.json").path
        let log = directory.appendingPathComponent("requests.log").path
        let command = ([try BuiltBinary.photofeed.path, "snapshot", "--trace", trace, "--server-log", log] + quick + ["--width", "240", "--height", "80", "--thumb", "4x2"])
            .map { "'\($0)'" }.joined(separator: " ")

        // When it runs (the limit is the child's alone: its stdout is a pipe to `cat`)
        let result = try await MeasuredChild.run(
            "/bin/bash", ["-c", "set -o pipefail; (trap '' XFSZ; ulimit -f 1; exec \(command)) | cat"])

        // Then the frame is still printed and its status bar names the latest failure
        #expect(result.status == 1, "\(result.stderr)")
        let statusBar = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(statusBar.contains("✗ the trace \(trace): write failed: File too large; it stops there")
            || statusBar.contains("✗ server log \(log): write failed: File too large; it stops there"), "\(statusBar)")
        // And each file that stopped early gets one line on stderr at exit
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("photofeed snapshot: the trace \(trace): write failed: File too large; it stops there"), "\(lines)")
        #expect(lines.contains("photofeed snapshot: server log \(log): write failed: File too large; it stops there"), "\(lines)")
        #expect(lines.count == 2, "\(lines)")
    }

    @Test func aFrameThatCannotBeWrittenIsSaidInsteadOfCrashing() async throws {
        // Given a snapshot whose stdout is /dev/full (before: Foundation's write trapped, signal 4)
        let command = ([try BuiltBinary.photofeed.path, "snapshot", "--height", "12"] + quick).map { "'\($0)'" }.joined(separator: " ")
        // When it runs
        let result = try await MeasuredChild.run("/bin/sh", ["-c", "exec \(command) > /dev/full"])
        // Then it exits 1 with one line saying why
        #expect(result.status == 1)
        #expect(result.stderr == "photofeed snapshot: cannot write the frame to stdout: No space left on device\n")
    }
}
