import FeedSources
import Foundation
import Testing

/// Saving a shot keeps it a shot: every file under one free stem, its own extension, or none.
@Suite("PhotoSaver saves a RAW+JPEG shot under one name")
struct PhotoSaverShotTests {
    @Test func bothFilesTakeTheFirstStemFreeForBoth() throws {
        // Given a folder where the first stem is free and "IMG_1 (2).CR2" is taken
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let jpeg = try PhotoFolder.jpeg(taken: nil)
        let raw = try DirectoryFeedShotTests.raw("CanonRaw.cr2")
        try Data("someone's".utf8).write(to: folder.url.appendingPathComponent("IMG_1 (2).CR2"))
        // When the shot is saved three times
        let first = try PhotoSaver.save(shot: [(jpeg, "JPG"), (raw, "CR2")], named: "IMG_1", into: folder.url)
        let second = try PhotoSaver.save(shot: [(jpeg, "JPG"), (raw, "CR2")], named: "IMG_1", into: folder.url)
        // Then each save's files share a stem free for both, with their own extensions and bytes
        #expect(first.map(\.lastPathComponent) == ["IMG_1.JPG", "IMG_1.CR2"])
        #expect(second.map(\.lastPathComponent) == ["IMG_1 (3).JPG", "IMG_1 (3).CR2"])
        #expect(try Data(contentsOf: second[1]) == Data(raw))
        // And nothing else was left: not "IMG_1 (2).JPG", no temporary file, the other file untouched
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
        #expect(names == ["IMG_1.JPG", "IMG_1.CR2", "IMG_1 (2).CR2", "IMG_1 (3).JPG", "IMG_1 (3).CR2"])
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("IMG_1 (2).CR2")) == Data("someone's".utf8))
    }

    @Test func anExtensionThatIsNoWordIsTheFormatsAndTwoAlikeAreRefused() throws {
        // Given a folder, When a file's extension holds a slash, Then its format's is used
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let jpeg = try PhotoFolder.jpeg(taken: nil)
        let saved = try PhotoSaver.save(shot: [(jpeg, "../x")], named: "a", into: folder.url)
        #expect(saved.map(\.lastPathComponent) == ["a.jpg"])
        // When two files have one extension, Then nothing is saved and the sentence says why
        #expect(throws: PhotoSaver.Failure.self) {
            try PhotoSaver.save(shot: [(jpeg, "jpg"), (jpeg, "jpg")], named: "b", into: folder.url)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("b.jpg").path))
    }
}
