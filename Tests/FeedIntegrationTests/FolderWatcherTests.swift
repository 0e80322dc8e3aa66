import FeedSources
@testable import FeedSourcesTests
import Foundation
import SystemPackage
import TestSupport
import Testing

/// A folder watcher reports photos written, rewritten, removed and moved, in sub-folders made
/// later too, never a file that is no image, a hidden one or one beyond the depth; it stops
/// cleanly. Real inotify on real temp folders: each test waits for the events themselves,
/// with a deadline that only fails a broken test.
@Suite(.serialized, .tags(.realTime), .timeLimit(.minutes(2)))
struct FolderWatcherTests {
    private func ids(of changes: [FolderChange], _ id: String) -> [String] {
        changes.compactMap { change in
            switch change {
            case .added(let photo) where photo.id == id: "added"
            case .changed(let photo) where photo.id == id: "changed"
            case .removed(let removed) where removed == id: "removed"
            default: nil
            }
        }
    }

    /// Writes the marker photo and reads changes until it is added: everything before it is in.
    private func settle(_ watcher: FolderWatcher, marker: String = "zz-marker.png", in folder: URL) async throws -> [FolderChange] {
        try PhotoFolder.write(try PhotoFolder.png(), at: marker, in: folder)
        return try await ChangeCollector.collect(watcher.changes) { ChangeCollector.added(marker, in: $0) }
    }

    @Test func aPhotoCopiedInIsAddedOnceWithItsFacts() async throws {
        // Given a watched empty folder
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let watcher = try FolderWatcher(directory: folder.url)
        defer { watcher.stop() }
        // When a photo is copied in
        try folder.copy(TemporaryDirectory.assets.appendingPathComponent("coffee.jpg"), as: "a.jpg")
        let changes = try await settle(watcher, in: folder.url)
        // Then it is one .added, with the id, size and facts a folder feed gives
        #expect(ids(of: changes, "a.jpg") == ["added"])
        let photo = DirectoryFeedPhotos.first(in: changes, id: "a.jpg")
        #expect(photo?.origin == .file(directory: folder.url, name: "a.jpg"))
        #expect(photo?.size != nil && photo?.file?.byteCount ?? 0 > 0)
    }

    @Test func aPhotoWhoseNameIsNotUTF8IsAddedAsItsOwnFile() async throws {
        // Given a watched folder holding e\xEF\xBF\xBD.png (the U+FFFD name)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try PathBytesTests.write(try PhotoFolder.png(), rawName: Array(PathBytesTests.replacementName.dropLast(4)) + Array(".png".utf8), in: folder.url)
        let watcher = try FolderWatcher(directory: folder.url)
        defer { watcher.stop() }
        // When e\xFF.png is written beside it
        try PathBytesTests.write(try PhotoFolder.png(), rawName: Array(PathBytesTests.invalidName.dropLast(4)) + Array(".png".utf8), in: folder.url)
        let changes = try await settle(watcher, in: folder.url)
        // Then the photo added is the file of those bytes (its id escapes the byte), not the other
        #expect(ids(of: changes, "e\\xFF.png") == ["added"], "\(changes)")
        let photo = DirectoryFeedPhotos.first(in: changes, id: "e\\xFF.png")
        #expect(photo?.origin == .file(directory: folder.url, name: FilePath(bytes: [0x65, 0xFF] + Array(".png".utf8))))
    }

    @Test func aPhotoRewrittenIsChangedAndARemovedOneRemoved() async throws {
        // Given a watched folder with two photos
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let a = try PhotoFolder.write(try PhotoFolder.png(), at: "a.png", in: folder.url)
        let b = try PhotoFolder.write(try PhotoFolder.png(), at: "b.png", in: folder.url)
        let watcher = try FolderWatcher(directory: folder.url)
        defer { watcher.stop() }
        // When one is written again in place and the other removed
        try Data(try PhotoFolder.png(width: 5, height: 4)).write(to: a)
        try FileManager.default.removeItem(at: b)
        let changes = try await settle(watcher, in: folder.url)
        // Then the first is .changed with its new size, the second .removed
        #expect(ids(of: changes, "a.png") == ["changed"])
        if case .changed(let photo)? = changes.first(where: { if case .changed = $0 { true } else { false } }) {
            #expect(photo.size == .init(width: 5, height: 4))
        }
        #expect(ids(of: changes, "b.png") == ["removed"])
    }

    @Test func photosMovedInAndOutAreAddedAndRemoved() async throws {
        // Given a watched folder and a photo outside it
        let folder = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        defer {
            folder.remove()
            outside.remove()
        }
        let staged = try PhotoFolder.write(try PhotoFolder.png(), at: "in.png", in: outside.url)
        let leaving = try PhotoFolder.write(try PhotoFolder.png(), at: "out.png", in: folder.url)
        let watcher = try FolderWatcher(directory: folder.url)
        defer { watcher.stop() }
        // When one is moved in and one out
        try FileManager.default.moveItem(at: staged, to: folder.url.appendingPathComponent("in.png"))
        try FileManager.default.moveItem(at: leaving, to: outside.url.appendingPathComponent("out.png"))
        let changes = try await settle(watcher, in: folder.url)
        // Then
        #expect(ids(of: changes, "in.png") == ["added"])
        #expect(ids(of: changes, "out.png") == ["removed"])
    }

    @Test func filesThatAreNoImageHiddenOrTooDeepAreIgnored() async throws {
        // Given a watched folder (its own files only)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let watcher = try FolderWatcher(directory: folder.url)
        defer { watcher.stop() }
        // When a text file, a hidden photo and a photo in a new sub-folder are written
        _ = try folder.write("notes.txt", "no photo")
        try PhotoFolder.write(try PhotoFolder.png(), at: ".hidden.png", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.png(), at: "sub/deep.png", in: folder.url)
        let changes = try await settle(watcher, in: folder.url)
        // Then only the marker is reported
        #expect(changes.count == 1, "\(changes)")
    }

    @Test func aNewSubFoldersPhotosAreSeenWhenRecursive() async throws {
        // Given a folder watched two levels deep, with a sub-folder already there
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("old"), withIntermediateDirectories: true)
        let watcher = try FolderWatcher(directory: folder.url, options: FolderOptions(recursive: 2))
        defer { watcher.stop() }
        // When photos are written in it, in a new sub-folder, in one below it, and one too deep
        try PhotoFolder.write(try PhotoFolder.png(), at: "old/a.png", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.png(), at: "new/b.png", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.png(), at: "new/inner/c.png", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.png(), at: "new/inner/deeper/d.png", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.png(), at: "new/inner/z.png", in: folder.url)
        let changes = try await ChangeCollector.collect(watcher.changes) { ChangeCollector.added("new/inner/z.png", in: $0) }
        // Then each is added with its relative path as id, and the one beyond the depth is not
        for id in ["old/a.png", "new/b.png", "new/inner/c.png"] {
            #expect(ChangeCollector.added(id, in: changes), "\(id) in \(changes)")
        }
        #expect(!ChangeCollector.added("new/inner/deeper/d.png", in: changes))
        // And a sub-folder removed is reported as one
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("new"), to: folder.url.appendingPathComponent(".gone-but-hidden"))
        let later = try await settle(watcher, in: folder.url)
        #expect(later.contains(.removedFolder(path: "new")))
    }

    @Test func stoppingEndsTheStream() async throws {
        // Given a watcher
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let watcher = try FolderWatcher(directory: folder.url)
        // When it is stopped (twice: the second does nothing)
        watcher.stop()
        watcher.stop()
        // Then its stream finishes (its thread closed its descriptors and ended)
        let changes = try await ChangeCollector.collect(watcher.changes) { _ in false }
        #expect(changes.isEmpty)
    }

    @Test func aMissingFolderCannotBeWatched() {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        #expect(throws: FeedError.self) { try FolderWatcher(directory: missing) }
    }
}

enum DirectoryFeedPhotos {
    static func first(in changes: [FolderChange], id: String) -> FeedPhoto? {
        for change in changes {
            if case .added(let photo) = change, photo.id == id { return photo }
            if case .changed(let photo) = change, photo.id == id { return photo }
        }
        return nil
    }
}
