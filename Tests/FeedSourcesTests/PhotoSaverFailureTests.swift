import FeedSources
import Foundation
import ImageCodecs
import TestSupport
import Testing

/// Saving fails in words: a folder that is a file, a read-only mount, a full disk each say the
/// path and the system's reason, never a Swift type dump; a saved name loses C0 and C1 controls.
@Suite("Saving an original: failures in words, names without controls")
struct PhotoSaverFailureTests {
    private func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-fail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func png() throws -> [UInt8] { try PNGEncoder.encode(Bitmap(width: 4, height: 4, fill: RGBA(9, 9, 9))) }

    @Test func aNameLosesItsC1Controls() throws {
        // Given a name holding CSI as the C1 control U+009B and a NEL (U+0085)
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // When saved, Then the name keeps neither
        let saved = try PhotoSaver.save(try png(), named: "a\u{9B}2Jb\u{85}c", into: folder)
        #expect(saved.lastPathComponent == "a2Jbc.png")
    }

    @Test func aSaveFolderThatIsAFileIsSaidSo() throws {
        // Given --save-dir naming a file
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try Data("notes".utf8).write(to: file)
        // When saving into it, Then a sentence naming it, and the file untouched
        let error = #expect(throws: PhotoSaver.Failure.self) { _ = try PhotoSaver.save(try png(), named: "p", into: file) }
        #expect(error?.description == "cannot save into \(file.path): it is not a folder")
        #expect(PhotoSaver.folderProblem(file, creating: false) == "cannot save into \(file.path): it is not a folder")
        #expect(try String(contentsOf: file, encoding: .utf8) == "notes")
        // And a folder below a file cannot be made either, in words
        let below = file.appendingPathComponent("inner")
        let belowError = #expect(throws: PhotoSaver.Failure.self) { _ = try PhotoSaver.save(try png(), named: "p", into: below) }
        #expect(belowError?.description == "cannot save into \(below.path): not a directory", "\(String(describing: belowError))")
    }

    @Test func aReadOnlyMountIsSaidSo() throws {
        // Given a save folder seen through a read-only bind mount
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let readOnly = try ScratchMount.readOnlyBind(of: source, under: folder)
        defer { readOnly.unmount() }
        // When saving there, Then the path and the system's words
        let error = #expect(throws: PhotoSaver.Failure.self) { _ = try PhotoSaver.save(try png(), named: "p", into: readOnly.url) }
        #expect(error?.description == "cannot write in \(readOnly.url.path): read-only file system")
    }

    @Test func aFullDiskIsSaidSoAndNoHalfFileIsLeft() throws {
        // Given a save folder on a full 64 KiB tmpfs
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let volume = try ScratchMount.tmpfs(size: "64k", under: folder)
        defer { volume.unmount() }
        ScratchMount.fill(volume.url.appendingPathComponent("filler"))
        // When saving there, Then the path and the system's words, and nothing but the filler
        let error = #expect(throws: PhotoSaver.Failure.self) { _ = try PhotoSaver.save(try png(), named: "p", into: volume.url) }
        #expect(error?.description == "cannot write in \(volume.url.path): no space left on device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: volume.url.path) == ["filler"])
    }
}
