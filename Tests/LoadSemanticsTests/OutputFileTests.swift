import Foundation
import LoadSemantics
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The files a run writes (`--trace`, `--server-log`): a regular file or a new one, refused in
/// words otherwise, and never waited on.
@Suite("Output files")
struct OutputFileTests {
    private func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)-\(name)").path
    }

    @Test func aNewFileIsCreatedAndAnOldOneTruncated() throws {
        // Given a path that does not exist yet, and one holding old text
        let path = scratch("new.json")
        let old = scratch("old.json")
        try Data("old text that is longer".utf8).write(to: URL(fileURLWithPath: old))
        defer {
            unlink(path)
            unlink(old)
        }
        // When each is opened and written
        for target in [path, old] {
            let file = try OutputFile(path: target)
            try file.write(Array("[\n]\n".utf8))
            file.close()
        }
        // Then each holds exactly what was written
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "[\n]\n")
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "[\n]\n")
    }

    @Test func aFIFOWithNoReaderIsRefusedWithoutWaiting() throws {
        // Given a FIFO nobody reads (opening it for writing would wait for a reader forever)
        let path = scratch("fifo")
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        // When it is opened, Then it is refused by its kind (a hang would fail the whole run)
        let error = #expect(throws: OutputFileError.self) { try OutputFile(path: path) }
        #expect(error?.description == "\(path): not a regular file (a FIFO); name a regular file or a new one")
    }

    @Test func devicesAndFoldersAreRefused() {
        // Given /dev/full (every write fails with ENOSPC), /dev/null and a folder
        for (path, kind) in [("/dev/full", "a character device"), ("/dev/null", "a character device"), ("/tmp", "a directory")] {
            // When each is opened, Then it is refused, saying what it is
            let error = #expect(throws: OutputFileError.self) { try OutputFile(path: path) }
            #expect(error?.description == "\(path): not a regular file (\(kind)); name a regular file or a new one")
        }
    }

    @Test func aMissingFolderIsTheSystemsReason() {
        let error = #expect(throws: OutputFileError.self) { try OutputFile(path: "/nonexistent-\(UUID())/run.json") }
        #expect(error?.description.hasSuffix("cannot open: No such file or directory") == true)
    }

    @Test func aTraceFileRefusesTheSameWithItsOwnWords() {
        // Given --trace /dev/full (before: opened, every write failed, the run exited 0 silently)
        // When the trace sink is made, Then it is refused at once
        let error = #expect(throws: TraceSinkError.self) { try FileTraceSink(path: "/dev/full") }
        #expect(error?.description == "cannot write the trace to /dev/full: not a regular file (a character device); name a regular file or a new one")
    }
}
