@testable import FeedSources
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The Trash moves only the file it was asked about: the name is checked against the file
/// listed (device, inode, type) right before the move, relative to the folder's descriptor; a
/// folder, another file, a link, a folder renamed away: refused with a sentence, nothing moved.
/// Long names and names that are not UTF-8 go too. Real folders, real mounts.
@Suite("The Trash acts on the file listed")
struct FreedesktopTrashIdentityTests {
    /// A home with a photos folder, and its Trash.
    private struct Home {
        let root: URL
        let photos: URL
        let trash: FreedesktopTrash
        var trashFiles: URL { root.appendingPathComponent("data/Trash/files") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("trash-id-\(UUID().uuidString)")
            photos = root.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
            trash = FreedesktopTrash(
                environment: ["XDG_DATA_HOME": root.appendingPathComponent("data").path, "HOME": root.path],
                now: { Date(timeIntervalSince1970: 1_700_000_000) })
        }

        func write(_ name: String, _ text: String = "photo") throws -> URL {
            let file = photos.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            return file
        }

        /// What the name stands for now (not following a link): what a listing records.
        func identity(_ name: String) throws -> FileIdentity {
            var status = stat()
            try #require(lstat(photos.appendingPathComponent(name).path, &status) == 0)
            return FileIdentity(status)
        }

        func trashed() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: trashFiles.path)) ?? [] }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    private func bytes(_ url: URL) -> [UInt8] { Array(url.path.utf8) }

    @Test func aPhotoSwappedForAFolderBetweenQuestionAndAnswerIsRefused() throws {
        // Given a.jpg listed, then replaced by a folder holding precious.txt before the answer
        let home = try Home()
        defer { home.remove() }
        let photo = try home.write("a.jpg")
        let listed = try home.identity("a.jpg")
        try FileManager.default.removeItem(at: photo)
        try FileManager.default.createDirectory(at: photo, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: photo.appendingPathComponent("precious.txt"))
        // When the Trash is asked to move a.jpg as listed
        // Then it refuses in a sentence naming the file, and the folder and precious.txt stay
        let error = #expect(throws: FreedesktopTrash.Failure.self) {
            _ = try home.trash.trash(Array("a.jpg".utf8), inFolder: bytes(home.photos), expecting: listed)
        }
        #expect(error?.description == "cannot move a.jpg to the Trash: it is not the file listed (it is a folder now); nothing moved")
        #expect(FileManager.default.fileExists(atPath: photo.appendingPathComponent("precious.txt").path))
        #expect(home.trashed().isEmpty)
    }

    @Test func aPhotoReplacedByAnotherFileIsRefused() throws {
        // Given a.jpg listed, then replaced (renamed over) by another file
        let home = try Home()
        defer { home.remove() }
        _ = try home.write("a.jpg", "first")
        let listed = try home.identity("a.jpg")
        let other = try home.write("other.tmp", "second")
        try #require(rename(other.path, home.photos.appendingPathComponent("a.jpg").path) == 0)
        // When the Trash is asked to move a.jpg as listed
        let error = #expect(throws: FreedesktopTrash.Failure.self) {
            _ = try home.trash.trash(Array("a.jpg".utf8), inFolder: bytes(home.photos), expecting: listed)
        }
        // Then the other file stays where it is
        #expect(error?.description.contains("it is another file now") == true)
        #expect(try String(contentsOf: home.photos.appendingPathComponent("a.jpg"), encoding: .utf8) == "second")
        #expect(home.trashed().isEmpty)
    }

    @Test func aLinkWhereThePhotoWasIsRefusedAndItsTargetKept() throws {
        // Given a.jpg listed, then replaced by a link to a file elsewhere
        let home = try Home()
        defer { home.remove() }
        let photo = try home.write("a.jpg")
        let listed = try home.identity("a.jpg")
        let elsewhere = home.root.appendingPathComponent("elsewhere.jpg")
        try Data("elsewhere".utf8).write(to: elsewhere)
        try FileManager.default.removeItem(at: photo)
        try #require(symlink(elsewhere.path, photo.path) == 0)
        // When asked to move it, Then refused: the link and its target stay
        let error = #expect(throws: FreedesktopTrash.Failure.self) {
            _ = try home.trash.trash(Array("a.jpg".utf8), inFolder: bytes(home.photos), expecting: listed)
        }
        #expect(error?.description.contains("it is a symbolic link now") == true)
        #expect(FileManager.default.fileExists(atPath: elsewhere.path))
        #expect(home.trashed().isEmpty)
    }

    @Test func aFolderIsNeverTrashedEvenWithNoListedIdentity() throws {
        // Given a folder where a URL list names a file (no identity recorded)
        let home = try Home()
        defer { home.remove() }
        let folder = home.photos.appendingPathComponent("b.jpg")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        // When asked to move it by its URL, Then refused
        let error = #expect(throws: FreedesktopTrash.Failure.self) { _ = try home.trash.trash(folder) }
        #expect(error?.description.contains("a folder is never moved to the Trash") == true)
        #expect(FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func aRowLeftAfterItsFolderWasRenamedTrashesNothingAtTheOldPath() throws {
        // Given a.jpg listed in photos (with the folder's identity), then photos renamed and a
        // new photos/a.jpg made at the old path
        let home = try Home()
        defer { home.remove() }
        _ = try home.write("a.jpg", "listed")
        let listed = try home.identity("a.jpg")
        var folderStatus = stat()
        try #require(stat(home.photos.path, &folderStatus) == 0)
        let folder = FileIdentity(folderStatus)
        try FileManager.default.moveItem(at: home.photos, to: home.root.appendingPathComponent("renamed"))
        try FileManager.default.createDirectory(at: home.photos, withIntermediateDirectories: false)
        _ = try home.write("a.jpg", "unrelated")
        // When the row left over is trashed
        let error = #expect(throws: FreedesktopTrash.Failure.self) {
            _ = try home.trash.trash(Array("a.jpg".utf8), inFolder: bytes(home.photos), expecting: listed, folderIdentity: folder)
        }
        // Then refused: the unrelated file stays
        #expect(error?.description.contains("is no longer the one listed") == true)
        #expect(try String(contentsOf: home.photos.appendingPathComponent("a.jpg"), encoding: .utf8) == "unrelated")
        // And without the folder's identity the file's own still refuses it
        #expect(throws: FreedesktopTrash.Failure.self) {
            _ = try home.trash.trash(Array("a.jpg".utf8), inFolder: bytes(home.photos), expecting: listed)
        }
        #expect(home.trashed().isEmpty)
    }

    @Test func theListedPhotoStillThereGoesAndComesBack() throws {
        // Given a.jpg listed and unchanged
        let home = try Home()
        defer { home.remove() }
        let photo = try home.write("a.jpg")
        let listed = try home.identity("a.jpg")
        // When trashed as listed, Then moved; restored, back
        let moved = try home.trash.trash(Array("a.jpg".utf8), inFolder: bytes(home.photos), expecting: listed)
        #expect(!FileManager.default.fileExists(atPath: photo.path))
        #expect(home.trashed() == ["a.jpg"])
        try home.trash.restore(moved)
        #expect(FileManager.default.fileExists(atPath: photo.path))
    }

    @Test func a251ByteNameIsTrashedUnderAShortenedNameAndItsInfoKeepsThePath() throws {
        // Given a photo whose name is 251 bytes (its ".trashinfo" name would pass NAME_MAX)
        let home = try Home()
        defer { home.remove() }
        let name = String(repeating: "é", count: 123) + "x.jpg"
        #expect(name.utf8.count == 251)
        let photo = try home.write(name)
        // When trashed
        let moved = try home.trash.trash(photo, expecting: try home.identity(name))
        // Then it is in files/ under a name whose info name fits, cut at a character, the
        // extension kept; its info's Path names the real file
        let trashedName = try #require(home.trashed().first)
        #expect(trashedName.utf8.count + ".trashinfo".utf8.count <= 255)
        #expect(trashedName.hasSuffix(".jpg") && trashedName.hasPrefix("éé"))
        let info = try String(contentsOf: moved.info, encoding: .utf8)
        let encoded = String(repeating: "%C3%A9", count: 123) + "x.jpg"
        // (the temporary folder's path holds only unreserved characters)
        #expect(info.contains("Path=" + home.photos.path + "/" + encoded + "\n"), "\(info)")
        // And it comes back under its own name
        try home.trash.restore(moved)
        #expect(FileManager.default.fileExists(atPath: photo.path))
    }

    @Test func aNameThatIsNotUTF8IsTrashedWithItsBytes() throws {
        // Given e\xFF.jpg beside e\xEF\xBF\xBD.jpg (U+FFFD: what a UTF-8 guess would make of it)
        let home = try Home()
        defer { home.remove() }
        let raw: [UInt8] = [0x65, 0xFF] + Array(".jpg".utf8)
        let lookalike = try home.write("e\u{FFFD}.jpg", "lookalike")
        let folderBytes = bytes(home.photos)
        let descriptor = (folderBytes + [UInt8(ascii: "/")] + raw + [0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        try #require(descriptor >= 0)
        close(descriptor)
        let folder = open(home.photos.path, O_RDONLY | O_DIRECTORY)
        defer { close(folder) }
        let listed = try #require(FileIdentity(name: raw, inFolder: folder))
        // When the raw name is trashed
        let moved = try home.trash.trash(raw, inFolder: folderBytes, expecting: listed)
        // Then that file went (its info's Path holds %FF), the lookalike stays
        #expect(FileIdentity(name: raw, inFolder: folder) == nil)
        #expect(FileManager.default.fileExists(atPath: lookalike.path))
        // (the info's own name holds the raw byte: read it by its bytes)
        let infoDescriptor = (moved.infoPath + [0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY) }
        }
        try #require(infoDescriptor >= 0)
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(infoDescriptor, &buffer, buffer.count)
        close(infoDescriptor)
        let info = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
        #expect(info.contains("/e%FF.jpg\n"), "\(info)")
        #expect(moved.infoPath.suffix(16) == [0x65, 0xFF] + Array(".jpg.trashinfo".utf8))
        try home.trash.restore(moved)
        #expect(FileIdentity(name: raw, inFolder: folder) == listed)
    }

    @Test func aReadOnlyMountSaysSoInWords() throws {
        // Given a photo on a tmpfs (another volume than the home's Trash) seen through a
        // read-only bind mount
        let home = try Home()
        defer { home.remove() }
        let volume = try ScratchMount.tmpfs(size: "1m", under: home.root)
        defer { volume.unmount() }
        try Data("photo".utf8).write(to: volume.url.appendingPathComponent("a.jpg"))
        let readOnly = try ScratchMount.readOnlyBind(of: volume.url, under: home.root)
        defer { readOnly.unmount() }
        // When it is trashed there
        let error = #expect(throws: FreedesktopTrash.Failure.self) {
            _ = try home.trash.trash(readOnly.url.appendingPathComponent("a.jpg"))
        }
        // Then the error is a sentence with the path and the system's words, no type dump
        let text = error?.description ?? ""
        #expect(text.hasPrefix("cannot move a.jpg to the Trash: "), "\(text)")
        #expect(text.contains("read-only file system"), "\(text)")
        #expect(!text.contains("Error") && !text.contains("642"), "\(text)")
        #expect(FileManager.default.fileExists(atPath: volume.url.appendingPathComponent("a.jpg").path))
    }

    @Test func aFullVolumeSaysSoInWords() throws {
        // Given a photo on a 64 KiB tmpfs that is then filled
        let home = try Home()
        defer { home.remove() }
        let volume = try ScratchMount.tmpfs(size: "64k", under: home.root)
        defer { volume.unmount() }
        let photo = volume.url.appendingPathComponent("a.jpg")
        try Data("photo".utf8).write(to: photo)
        ScratchMount.fill(volume.url.appendingPathComponent("filler"))
        // When it is trashed (into the volume's own Trash)
        let error = #expect(throws: FreedesktopTrash.Failure.self) { _ = try home.trash.trash(photo) }
        // Then the error says the disk is full, and the photo stays
        let text = error?.description ?? ""
        #expect(text.hasPrefix("cannot move a.jpg to the Trash: ") && text.contains("no space left on device"), "\(text)")
        #expect(FileManager.default.fileExists(atPath: photo.path))
    }
}
