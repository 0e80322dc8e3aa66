import FeedSources
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

@Suite("The freedesktop.org Trash: moved with its info, never unlinked, restored")
struct FreedesktopTrashTests {
    /// A home with a photos folder holding `names`, and its Trash's environment.
    private func home(_ names: [String]) throws -> (root: URL, photos: URL, trash: FreedesktopTrash) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("trash-\(UUID().uuidString)")
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in names { try Data(name.utf8).write(to: photos.appendingPathComponent(name)) }
        let trash = FreedesktopTrash(
            environment: ["XDG_DATA_HOME": root.appendingPathComponent("data").path, "HOME": root.path],
            now: { Date(timeIntervalSince1970: 1_700_000_000) })
        return (root, photos, trash)
    }

    @Test func aFileGoesToFilesWithItsInfoAndComesBack() throws {
        // Given a photo with a space and an accent in its name
        let (root, photos, trash) = try home(["a été.jpg"])
        defer { try? FileManager.default.removeItem(at: root) }
        let photo = photos.appendingPathComponent("a été.jpg")
        // When it is trashed
        let moved = try trash.trash(photo)
        // Then it is gone from its folder, in Trash/files under its name, its bytes intact, and
        // its info says where it was (percent-encoded) and when
        let trashFolder = root.appendingPathComponent("data/Trash")
        #expect(!FileManager.default.fileExists(atPath: photo.path))
        #expect(moved.trashed.path == trashFolder.appendingPathComponent("files/a été.jpg").path)
        #expect(try Data(contentsOf: moved.trashed) == Data("a été.jpg".utf8))
        let info = try String(contentsOf: trashFolder.appendingPathComponent("info/a été.jpg.trashinfo"), encoding: .utf8)
        let lines = info.split(separator: "\n").map(String.init)
        #expect(lines.first == "[Trash Info]")
        #expect(lines.contains("Path=" + photo.path.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "é", with: "%C3%A9")))
        #expect(lines.contains { $0.hasPrefix("DeletionDate=2023-11-1") && $0.count == "DeletionDate=2023-11-14T22:13:20".count })
        // When it is restored, it is back and its info is gone
        try trash.restore(moved)
        #expect(try Data(contentsOf: photo) == Data("a été.jpg".utf8))
        #expect(!FileManager.default.fileExists(atPath: moved.info.path))
        #expect(!FileManager.default.fileExists(atPath: moved.trashed.path))
    }

    @Test func aNameTakenInTheTrashGetsANumberAndRestoringOverANewFileIsRefused() throws {
        // Given two photos of the same name in two folders, trashed one after the other
        let (root, photos, trash) = try home(["x.jpg"])
        defer { try? FileManager.default.removeItem(at: root) }
        let other = root.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("second".utf8).write(to: other.appendingPathComponent("x.jpg"))
        let first = try trash.trash(photos.appendingPathComponent("x.jpg"))
        let second = try trash.trash(other.appendingPathComponent("x.jpg"))
        // Then the second is x.2.jpg, with an info of its own
        #expect(first.trashed.lastPathComponent == "x.jpg")
        #expect(second.trashed.lastPathComponent == "x.2.jpg")
        #expect(second.info.lastPathComponent == "x.2.jpg.trashinfo")
        // When a new file now has the first one's name, restoring it is refused and nothing moves
        try Data("new".utf8).write(to: photos.appendingPathComponent("x.jpg"))
        #expect(throws: FreedesktopTrash.Failure.self) { try trash.restore(first) }
        #expect(try Data(contentsOf: photos.appendingPathComponent("x.jpg")) == Data("new".utf8))
        #expect(FileManager.default.fileExists(atPath: first.trashed.path))
    }

    @Test func aMissingFileIsAnErrorThatNamesIt() throws {
        let (root, photos, trash) = try home([])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: FreedesktopTrash.Failure.self) { _ = try trash.trash(photos.appendingPathComponent("gone.jpg")) }
    }

    @Test func aFileOnAnotherVolumeGoesToThatVolumesTrashWithARelativePath() throws {
        // Given a photo on /dev/shm (a tmpfs: another volume than the home's XDG_DATA_HOME)
        let (root, _, trash) = try home([])
        defer { try? FileManager.default.removeItem(at: root) }
        var homeStatus = stat()
        var shmStatus = stat()
        try #require(stat(root.path, &homeStatus) == 0 && stat("/dev/shm", &shmStatus) == 0)
        try #require(homeStatus.st_dev != shmStatus.st_dev, "/dev/shm is no volume of its own here")
        let folder = URL(fileURLWithPath: "/dev/shm/photofeed-trash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("far.jpg")
        try Data("far".utf8).write(to: photo)
        // When it is trashed
        let moved = try trash.trash(photo)
        defer {
            try? FileManager.default.removeItem(at: moved.trashed)
            try? FileManager.default.removeItem(at: moved.info)
        }
        // Then it went to the volume's own Trash ($topdir/.Trash-$uid, as /dev/shm has no
        // sticky .Trash), never copied to the home's, and its info names it relative to $topdir
        let volumeTrash = "/dev/shm/.Trash-\(getuid())"
        #expect(moved.trashed.path == volumeTrash + "/files/far.jpg")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("data/Trash/files/far.jpg").path))
        let info = try String(contentsOf: moved.info, encoding: .utf8)
        #expect(info.contains("Path=\(folder.lastPathComponent)/far.jpg\n"), "\(info)")
        var trashStatus = stat()
        #expect(stat(volumeTrash, &trashStatus) == 0 && trashStatus.st_mode & 0o777 == 0o700)
        // When restored, it is back where it was
        try trash.restore(moved)
        #expect(try Data(contentsOf: photo) == Data("far".utf8))
    }
}
