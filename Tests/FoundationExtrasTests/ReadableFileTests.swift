import FoundationEssentials
import FoundationExtras
import Testing

@Suite struct ReadableFileTests {
    @Test func readsInPiecesToTheEnd() throws {
        // Given a file of 10 bytes
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("readable-\(UUID().uuidString)").path
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // When it is read 4, then 100, then 1 bytes at a time
        let file = try ReadableFile(path: path)
        // Then the reads return its bytes and [] at the end
        #expect(try file.read(upToCount: 4) == Array("0123".utf8))
        #expect(try file.read(upToCount: 100) == Array("456789".utf8))
        #expect(try file.read(upToCount: 1) == [])
        file.close()
        file.close()
    }

    @Test func aMissingFileSaysSo() {
        #expect(throws: SystemError("open /nonexistent/file", code: 2)) { try ReadableFile(path: "/nonexistent/file") }
        #expect(SystemError("open /x", code: 2).description == "open /x: no such file or directory")
    }

    @Test func errorTextReadsFileManagerErrors() {
        // Given FileManager's error for a missing folder
        do {
            _ = try FileManager.default.contentsOfDirectory(atPath: "/nonexistent/folder")
            Issue.record("listed a missing folder")
        } catch {
            // Then its text is strerror's
            #expect(ErrorText.describe(error) == "no such file or directory")
        }
        #expect(ErrorText.describe(SystemError("read", code: 5)) == "input/output error")
    }
}
