import FeedSources
import Foundation
import SystemPackage
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A shot (a RAW and its JPEG) goes to the Trash as one and comes back as one: both files or
/// neither, with a sentence when neither.
@Suite("The Trash takes a RAW+JPEG shot whole, and gives it back whole")
struct FreedesktopTrashShotTests {
    /// A home with a shoot folder holding IMG_1.CR2 and IMG_1.JPG, listed as one photo.
    private func shoot() async throws -> (root: URL, photos: URL, photo: FeedPhoto, trash: FreedesktopTrash) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("trash-shot-\(UUID().uuidString)")
        let photos = root.appendingPathComponent("shoot")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try PhotoFolder.write(try DirectoryFeedShotTests.raw("CanonRaw.cr2"), at: "IMG_1.CR2", in: photos)
        try PhotoFolder.write(try PhotoFolder.jpeg(taken: nil), at: "IMG_1.JPG", in: photos)
        let listed = try await DirectoryFeed(directory: photos).loadNextPage()
        let photo = try #require(listed.first)
        #expect(listed.count == 1 && photo.isShot)
        let trash = FreedesktopTrash(
            environment: ["XDG_DATA_HOME": root.appendingPathComponent("data").path, "HOME": root.path],
            now: { Date(timeIntervalSince1970: 1_700_000_000) })
        return (root, photos, photo, trash)
    }

    private func names(in folder: URL) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }

    @Test func bothFilesGoAndComeBack() async throws {
        // Given a listed shot
        let (root, photos, photo, trash) = try await shoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let raw = try Data(contentsOf: photos.appendingPathComponent("IMG_1.CR2"))
        // When it is trashed
        let moved = try trash.trash(shotOf: photo)
        // Then both files are in the Trash with their infos, none left in the folder
        let files = root.appendingPathComponent("data/Trash/files")
        #expect(moved.map(\.shownName) == ["IMG_1.JPG", "IMG_1.CR2"])
        #expect(names(in: photos).isEmpty)
        #expect(names(in: files) == ["IMG_1.JPG", "IMG_1.CR2"])
        #expect(names(in: root.appendingPathComponent("data/Trash/info")) == ["IMG_1.JPG.trashinfo", "IMG_1.CR2.trashinfo"])
        // When it is put back, Then both are back, bytes intact, and the Trash is empty
        try trash.restore(shot: moved)
        #expect(names(in: photos) == ["IMG_1.JPG", "IMG_1.CR2"])
        #expect(try Data(contentsOf: photos.appendingPathComponent("IMG_1.CR2")) == raw)
        #expect(names(in: files).isEmpty && names(in: root.appendingPathComponent("data/Trash/info")).isEmpty)
    }

    @Test func aCompanionReplacedSinceListingMovesNeither() async throws {
        // Given a listed shot whose RAW was replaced by another file of the same name
        let (root, photos, photo, trash) = try await shoot()
        defer { try? FileManager.default.removeItem(at: root) }
        // (written while the RAW still exists, so it is another inode, then renamed over it)
        try Data("another file".utf8).write(to: root.appendingPathComponent("other"))
        #expect(rename(root.appendingPathComponent("other").path, photos.appendingPathComponent("IMG_1.CR2").path) == 0)
        // When the shot is trashed
        // Then it is refused with a sentence naming the shot and the file, and neither file moved
        #expect {
            try trash.trash(shotOf: photo)
        } throws: { error in
            let text = "\(error)"
            return text.contains("IMG_1.JPG and IMG_1.CR2") && text.contains("none of it moved") && text.contains("not the file listed")
        }
        #expect(names(in: photos) == ["IMG_1.JPG", "IMG_1.CR2"])
        #expect(names(in: root.appendingPathComponent("data/Trash/files")).isEmpty)
        #expect(names(in: root.appendingPathComponent("data/Trash/info")).isEmpty)
    }

    @Test func puttingBackOverANewFileMovesNeither() async throws {
        // Given a trashed shot, and a new IMG_1.CR2 in the folder since
        let (root, photos, photo, trash) = try await shoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let moved = try trash.trash(shotOf: photo)
        try Data("new".utf8).write(to: photos.appendingPathComponent("IMG_1.CR2"))
        // When it is put back, Then it is refused and the JPEG stays in the Trash too
        #expect {
            try trash.restore(shot: moved)
        } throws: { error in
            "\(error)".contains("a file named IMG_1.CR2 is back in its folder; nothing put back")
        }
        #expect(names(in: photos) == ["IMG_1.CR2"])
        #expect(try Data(contentsOf: photos.appendingPathComponent("IMG_1.CR2")) == Data("new".utf8))
        #expect(names(in: root.appendingPathComponent("data/Trash/files")) == ["IMG_1.JPG", "IMG_1.CR2"])
    }

    @Test func aPhotoOfOneFileMovesAsItself() async throws {
        // Given a folder with one JPEG, listed
        let (root, photos, _, trash) = try await shoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try PhotoFolder.write(try PhotoFolder.jpeg(taken: nil), at: "sub/one.jpg", in: photos)
        let listed = try await DirectoryFeed(directory: photos, options: FolderOptions(recursive: 1)).loadNextPage()
        let single = try #require(listed.first { $0.id == "sub/one.jpg" })
        // When it is trashed as a shot, Then that file alone moves, from its sub-folder
        let moved = try trash.trash(shotOf: single)
        #expect(moved.map(\.shownName) == ["one.jpg"])
        #expect(names(in: photos.appendingPathComponent("sub")).isEmpty)
        try trash.restore(shot: moved)
        #expect(names(in: photos.appendingPathComponent("sub")) == ["one.jpg"])
    }
}
