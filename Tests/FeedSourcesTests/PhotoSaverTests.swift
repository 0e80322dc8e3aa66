import FeedSources
import Foundation
import ImageCodecs
import Testing

@Suite("Saving an original: a free name, never an overwrite, never a half file")
struct PhotoSaverTests {
    @Test func aSecondSaveGetsANumberAndAFileThereIsNeverReplaced() throws {
        // Given a folder that already holds a file of the name to save under
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("photo-1.jpg"))
        let jpeg = try JPEGEncoder.encode(Bitmap(width: 8, height: 8, fill: RGBA(1, 2, 3)), quality: 80)
        // When the same photo is saved twice under that name
        let first = try PhotoSaver.save(jpeg, named: "photo-1", into: folder)
        let second = try PhotoSaver.save(jpeg, named: "photo-1", into: folder)
        // Then the old file is untouched, the saves take the next free names, whole, and no
        // temporary file is left
        #expect(try Data(contentsOf: folder.appendingPathComponent("photo-1.jpg")) == Data("mine".utf8))
        #expect(first.lastPathComponent == "photo-1 (2).jpg")
        #expect(second.lastPathComponent == "photo-1 (3).jpg")
        #expect([UInt8](try Data(contentsOf: second)) == jpeg)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["photo-1 (2).jpg", "photo-1 (3).jpg", "photo-1.jpg"])
    }

    @Test func theExtensionComesFromTheBytesAndHostileNamesAreTamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try PNGEncoder.encode(Bitmap(width: 4, height: 4, fill: RGBA(9, 9, 9)))
        // A name with a path, a leading dot and an escape sequence saves inside the folder, tamed
        let saved = try PhotoSaver.save(png, named: "../.\u{1B}[2Jevil/name", into: folder)
        #expect(saved.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path)
        #expect(saved.lastPathComponent == "[2Jevilname.png")
    }

    @Test func theDownloadFolderIsXdgUserDirsElseDownloads() {
        // Without xdg-user-dir on the PATH, ~/Downloads
        let folder = PhotoSaver.downloadFolder(environment: ["HOME": "/home/someone", "PATH": "/nonexistent"])
        #expect(folder.path == "/home/someone/Downloads")
    }
}
