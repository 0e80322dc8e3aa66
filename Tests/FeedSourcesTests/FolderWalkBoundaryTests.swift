import FeedSources
import Foundation
import FoundationExtras
import ImageCodecs
import ImageLoading
import SystemPackage
import Testing

import Vocabulary
#if canImport(Glibc)
import Glibc
#endif

/// `--recursive` stays in its folder: no link to the folder, above it or elsewhere is followed,
/// another file system is walked only when asked, what was skipped is said, and a tree deeper
/// than `PATH_MAX` is read (and its photos loaded) relative to each folder's descriptor.
@Suite("Folder feed: the walk stays in its folder")
struct FolderWalkBoundaryTests {
    private static func feed(_ folder: URL, _ options: FolderOptions) async throws -> (ids: [String], photos: [FeedPhoto], summary: String) {
        let feed = try DirectoryFeed(directory: folder, options: options, listingBatch: 7)
        var photos: [FeedPhoto] = []
        while await feed.hasMore { photos += try await feed.loadNextPage() }
        return (photos.map(\.id), photos, await feed.summary)
    }

    @Test func linksToTheFolderAboveItOrOutsideAreNotFollowedAndAreSaid() async throws {
        // Given a folder with a photo, a sub-folder a/ with one, and links: slash -> /,
        // up -> .., self -> ., out -> a folder elsewhere holding a photo, b -> a (inside)
        let folder = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        defer {
            folder.remove()
            elsewhere.remove()
        }
        let png = try PhotoFolder.png()
        try PhotoFolder.write(png, at: "top.png", in: folder.url)
        try PhotoFolder.write(png, at: "a/x.png", in: folder.url)
        try PhotoFolder.write(png, at: "far.png", in: elsewhere.url)
        for (name, target) in [("slash", "/"), ("up", ".."), ("self", "."), ("out", elsewhere.url.path), ("b", "a")] {
            try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent(name).path, withDestinationPath: target)
        }
        // When it is read three levels deep
        let (ids, _, summary) = try await Self.feed(folder.url, FolderOptions(recursive: 3))
        // Then only the folder's own photos are listed, each once (a/ or b/, one path to it)
        #expect(Set(ids) == ["top.png", ids.contains("b/x.png") ? "b/x.png" : "a/x.png"], "\(ids)")
        #expect(ids.count == 2)
        // And the status bar says four links were not followed
        #expect(summary.contains("skipped 4 links out of the folder"), "\(summary)")
    }

    @Test func aTreeDeeperThanPathMaxIsReadAndItsPhotosLoad() async throws {
        // Given 200 nested folders of 30-byte names (6 KB of path), with a photo at level 5,
        // one at level 150 (past 4,096 bytes) and one at level 200
        let folder = try TemporaryDirectory()
        defer { DeepTree.remove(folder.url) }
        let levels = 200
        let photos = [5: try PhotoFolder.png(width: 3, height: 2), 150: try PhotoFolder.png(width: 6, height: 4), levels: try PhotoFolder.png(width: 7, height: 5)]
        let deepest = try DeepTree.make(in: folder.url, levels: levels, photos: photos)
        #expect(deepest.count > Int(PATH_MAX))
        // When it is read all the way down
        let (ids, found, summary) = try await Self.feed(folder.url, FolderOptions(recursive: levels + 1))
        // Then all three photos are listed, with the sizes read from their headers
        #expect(ids.count == 3, "\(ids.map { $0.count }) \(summary)")
        #expect(Set(found.map(\.size)) == [PixelSize(width: 3, height: 2), PixelSize(width: 6, height: 4), PixelSize(width: 7, height: 5)])
        let deep = try #require(found.max { $0.id.count < $1.id.count })
        #expect(deep.size == PixelSize(width: 7, height: 5))
        #expect(deep.filePath?.bytes.count ?? 0 > Int(PATH_MAX))
        // And the file loader opens it through its URL (a stretch of the path at a time)
        let url = try #require(deep.location(for: PixelSize(width: 8, height: 8)).url)
        let bytes = try await FileDataLoader().bytes(for: DataRequest(url: url), limit: 1 << 20)
        #expect(try ImageDecoder.probe(bytes).size == PixelSize(width: 7, height: 5))
    }

    @Test func anotherFileSystemIsWalkedOnlyWhenAsked() async throws {
        // Given a tmpfs mounted at mnt/ inside the folder, holding a photo
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try PhotoFolder.write(try PhotoFolder.png(), at: "top.png", in: folder.url)
        let mountPoint = folder.url.appendingPathComponent("mnt")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard mount("tmpfs", mountPoint.path, "tmpfs", 0, "size=1m") == 0 else {
            let reason = String(cString: strerror(errno))
            withKnownIssue("skipped: mount -t tmpfs \(mountPoint.path) failed (\(reason)); the test needs root") {
                Issue.record("the file-system boundary was not tested: mount failed (\(reason))")
            }
            return
        }
        defer { umount2(mountPoint.path, Int32(MNT_DETACH)) }
        try PhotoFolder.write(try PhotoFolder.png(), at: "mnt/other.png", in: folder.url)
        // When it is read without --cross-filesystems
        let (ids, _, summary) = try await Self.feed(folder.url, FolderOptions(recursive: 2))
        // Then the mount is not walked, and the status bar says so
        #expect(ids == ["top.png"])
        #expect(summary.contains("skipped 1 folder on another file system"), "\(summary)")
        // When it is read with it, Then its photo is listed
        let (crossed, _, crossedSummary) = try await Self.feed(folder.url, FolderOptions(recursive: 2, crossFilesystems: true))
        #expect(crossed == ["mnt/other.png", "top.png"])
        #expect(!crossedSummary.contains("skipped"))
    }
}

/// A tree deeper than `PATH_MAX`, made and removed relative to each folder's descriptor
/// (`mkdirat`, `openat`, `unlinkat`): the system refuses its full paths.
enum DeepTree {
    static let segment = String(repeating: "d", count: 30)

    /// `levels` nested folders under `root`, `photos[level]` written in the folder at that
    /// level; the deepest folder's path.
    static func make(in root: URL, levels: Int, photos: [Int: [UInt8]]) throws -> [UInt8] {
        var folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(folder >= 0)
        var path = Array(root.path.utf8)
        for level in 1...levels {
            try #require(mkdirat(folder, segment, 0o755) == 0, "mkdirat: \(String(cString: strerror(errno)))")
            let next = openat(folder, segment, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            close(folder)
            try #require(next >= 0)
            folder = next
            path += Array("/\(segment)".utf8)
            if let photo = photos[level] {
                let file = openat(folder, "p\(level).png", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                try #require(file >= 0)
                _ = photo.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
                close(file)
            }
        }
        close(folder)
        return path
    }

    /// Removes `root` and everything below it, however deep.
    static func remove(_ root: URL) {
        let folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        empty(folder)
        close(folder)
        rmdir(root.path)
    }

    private static func empty(_ folder: Int32) {
        guard let directory = fdopendir(fcntl(folder, F_DUPFD_CLOEXEC, 0)) else { return }
        var names: [(String, Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != ".", name != ".." { names.append((name, entry.pointee.d_type == UInt8(DT_DIR))) }
        }
        closedir(directory)
        for (name, isFolder) in names {
            if isFolder {
                let sub = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if sub >= 0 {
                    empty(sub)
                    close(sub)
                }
                unlinkat(folder, name, AT_REMOVEDIR)
            } else {
                unlinkat(folder, name, 0)
            }
        }
    }
}
