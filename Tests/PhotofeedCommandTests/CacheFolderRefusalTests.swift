import Foundation
import Testing

@testable import photofeed

/// Where the viewer and `snapshot` make their disk cache, a folder that is not photofeed's
/// is refused with one sentence (exit 1 from the caller), never a crash or a type dump.
@Suite("Cache folder refusal")
struct CacheFolderRefusalTests {
    @Test func aFolderOfSomeoneElsesFilesIsRefusedInOneSentence() async throws {
        // Given a folder holding notes.txt and big.iso, and a folder feed
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refusal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data(count: 3_000).write(to: folder.appendingPathComponent("big.iso"))
        let options = try ViewerOptions.parse(["--cache-dir", folder.path, "--disk-cache", "100KB", "--feed", folder.path])
        // When the viewer's setup makes its caches
        // Then it throws the sentence that says why and how, and the folder is as it was
        let error = await #expect(throws: SetupError.self) { _ = try await FeedSetup.make(options) }
        #expect(error?.description == "\(folder.path) holds files photofeed did not write (big.iso, notes.txt); give an empty or new folder")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["big.iso", "notes.txt"])
    }

    @Test func aRemovalThatFailedIsASentenceWithTheSystemsWords() {
        // Given three entries a read-only file system kept, and none
        // Then the first is said with the count, the folder and strerror's words; the second is nothing
        #expect(CacheCommand.failure(3, EROFS, from: "/mnt/c") == "could not remove 3 entries from /mnt/c: read-only file system")
        #expect(CacheCommand.failure(1, EACCES, noun: "picture", from: "/p") == "could not remove 1 picture from /p: permission denied")
        #expect(CacheCommand.failure(0, nil, from: "/mnt/c") == nil)
    }
}
