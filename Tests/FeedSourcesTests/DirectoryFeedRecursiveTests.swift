import FeedSources
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A folder feed walks into sub-folders within a depth bound, each once: ids are paths relative
/// to the folder, hidden names are left out unless asked for, a link loop ends and an
/// unreadable sub-folder is skipped.
@Suite("Directory feed: sub-folders and hidden names")
struct DirectoryFeedRecursiveTests {
    /// top.png, .hidden.png, 2024/a.png, 2024/trip/b.png, 2024/trip/deep/c.png, .secret/d.png
    private func tree() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let png = try PhotoFolder.png()
        for path in ["top.png", ".hidden.png", "2024/a.png", "2024/trip/b.png", "2024/trip/deep/c.png", ".secret/d.png"] {
            try PhotoFolder.write(png, at: path, in: folder.url)
        }
        return folder
    }

    private func ids(_ options: FolderOptions, in folder: URL, listingBatch: Int = 1 << 16) async throws -> [String] {
        let feed = try DirectoryFeed(directory: folder, options: options, listingBatch: listingBatch)
        var photos: [FeedPhoto] = []
        while await feed.hasMore { photos += try await feed.loadNextPage() }
        return photos.map(\.id)
    }

    @Test func theFolderAloneByDefaultWithoutHiddenNames() async throws {
        let folder = try tree()
        defer { folder.remove() }
        #expect(try await ids(FolderOptions(), in: folder.url) == ["top.png"])
        #expect(try await ids(FolderOptions(hidden: true), in: folder.url) == [".hidden.png", "top.png"])
    }

    @Test func eachLevelOfDepthAddsItsSubFoldersWithRelativeIds() async throws {
        // Given the tree, When it is read 1, 2 and 3 levels deep
        let folder = try tree()
        defer { folder.remove() }
        // Then each level adds its photos, ids are relative paths, and a folder's photos stay together
        #expect(try await ids(FolderOptions(recursive: 1), in: folder.url) == ["2024/a.png", "top.png"])
        #expect(try await ids(FolderOptions(recursive: 2), in: folder.url) == ["2024/a.png", "2024/trip/b.png", "top.png"])
        #expect(
            try await ids(FolderOptions(recursive: 3), in: folder.url)
                == ["2024/a.png", "2024/trip/b.png", "2024/trip/deep/c.png", "top.png"])
        // And hidden sub-folders are walked only when asked for
        #expect(
            try await ids(FolderOptions(recursive: 1, hidden: true), in: folder.url)
                == [".hidden.png", ".secret/d.png", "2024/a.png", "top.png"])
    }

    @Test func aSubFolderPhotoLoadsFromItsPathUnderTheRoot() async throws {
        let folder = try tree()
        defer { folder.remove() }
        let feed = try DirectoryFeed(directory: folder.url, options: FolderOptions(recursive: 2))
        let photo = try #require(try await feed.loadNextPage().first { $0.id == "2024/trip/b.png" })
        #expect(photo.origin == .file(directory: folder.url, name: "2024/trip/b.png"))
        #expect(photo.location(for: .init(width: 8, height: 8)).url == folder.url.appendingPathComponent("2024/trip/b.png"))
        #expect(photo.file != nil && photo.size == .init(width: 2, height: 2))
    }

    @Test func aSymbolicLinkLoopEnds() async throws {
        // Given a/loop -> .. (the root) and b -> a (a second path to a folder)
        let folder = try tree()
        defer { folder.remove() }
        try PhotoFolder.write(try PhotoFolder.png(), at: "a/x.png", in: folder.url)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("a/loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("b").path, withDestinationPath: "a")
        // When it is read 50 levels deep, a few entries a step
        let found = try await ids(FolderOptions(recursive: 50), in: folder.url, listingBatch: 3)
        // Then every photo is listed once: the loop and the second path are skipped
        #expect(found.count == Set(found).count)
        #expect(Set(found) == ["top.png", "2024/a.png", "2024/trip/b.png", "2024/trip/deep/c.png", found.contains("b/x.png") ? "b/x.png" : "a/x.png"])
    }

    @Test func anUnreadableSubFolderIsSkipped() async throws {
        // Given a sub-folder with no permissions (skipped when running as root, who reads anyway)
        let folder = try tree()
        let locked = folder.url.appendingPathComponent("locked")
        try PhotoFolder.write(try PhotoFolder.png(), at: "locked/x.png", in: folder.url)
        chmod(locked.path, 0)
        defer {
            chmod(locked.path, 0o700)
            folder.remove()
        }
        if let readable = opendir(locked.path) {
            closedir(readable)
            return
        }
        // When the tree is read, Then the rest is listed and the feed does not fail
        #expect(try await ids(FolderOptions(recursive: 1), in: folder.url) == ["2024/a.png", "top.png"])
        // And the summary says it was skipped, as it says a skipped link
        let feed = try DirectoryFeed(directory: folder.url, options: FolderOptions(recursive: 1))
        while await feed.hasMore { _ = try await feed.loadNextPage() }
        #expect(await feed.summary.contains("skipped 1 folder that cannot be read (locked: permission denied)"))
    }

    @Test func aDeepTreeIsListedInBoundedSteps() async throws {
        // Given 3 folders of 10 photos each, listed 8 entries a step
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let png = try PhotoFolder.png()
        for sub in ["x", "y", "z"] {
            for index in 0..<10 { try PhotoFolder.write(png, at: "\(sub)/p\(index).png", in: folder.url) }
        }
        let feed = try DirectoryFeed(directory: folder.url, options: FolderOptions(recursive: 1), pageSize: 5, listingBatch: 8)
        // When steps are asked for until a page comes
        var steps: [FeedListingProgress] = []
        var page: [FeedPhoto]?
        while page == nil {
            switch try await feed.nextStep() {
            case .listing(let progress): steps.append(progress)
            case .page(let photos): page = photos
            }
        }
        // Then the walk took several steps (41 entries, 3 folders opened), each adding at most 8 names
        #expect(steps.count >= 4)
        let counts = steps.map(\.filesSoFar)
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $1 >= $0 && $1 - $0 <= 8 })
        #expect(page?.map(\.id) == ["x/p0.png", "x/p1.png", "x/p2.png", "x/p3.png", "x/p4.png"])
        #expect(await feed.summary.hasSuffix("(30 files)"))
    }
}
