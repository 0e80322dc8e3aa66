@testable import FeedSources
@testable import FeedSourcesTests
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// inotify's limit is said with its numbers, the real errno is kept, and the watched folder
/// itself deleted, renamed and made again is followed. Real inotify; the limit is a cap of the
/// test's own at the watch-adding seam (the machine's limit is left alone).
extension FolderWatcherTests {
    @Test func theWatchLimitIsSaidWithItsNumbers() {
        // Given 100 of 10,001 folders followed at inotify's limit
        let shortfall = FolderWatchShortfall(watched: 100, folders: 10_001, code: ENOSPC, maximumWatches: 8192)
        // Then the sentence gives both counts and the limit
        #expect("\(shortfall)" == "following 100 of 10,001 folders: fs.inotify.max_user_watches is 8192")
        #expect(FolderWatchShortfall.grouped(1_234_567) == "1,234,567" && FolderWatchShortfall.grouped(999) == "999")
    }

    @Test func foldersPastTheLimitAreSaidInTheFirstBatch() async throws {
        // Given a folder with 5 sub-folders, watched recursively with room for 3 watches
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for index in 1...5 {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("s\(index)"), withIntermediateDirectories: true)
        }
        let watcher = try FolderWatcher(
            directory: folder.url, options: FolderOptions(recursive: 1), watches: CappedInotifyWatches(cap: 3, limit: 8192))
        defer { watcher.stop() }
        // When the first batch is read
        let changes = try await ChangeCollector.collect(watcher.changes) { !$0.isEmpty }
        // Then it says 3 of the 6 folders are followed, and why
        #expect(changes.first == .notFollowing(FolderWatchShortfall(watched: 3, folders: 6, code: ENOSPC, maximumWatches: 8192)))
        #expect(changes.first.map { "\($0)" }?.contains("following 3 of 6 folders: fs.inotify.max_user_watches is 8192") == true)
    }

    @Test func aNewFolderPastTheLimitIsSaid() async throws {
        // Given a folder watched recursively with room for its own watch and its parent's
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let watcher = try FolderWatcher(
            directory: folder.url, options: FolderOptions(recursive: 1), watches: CappedInotifyWatches(cap: 2, limit: 16))
        defer { watcher.stop() }
        // When a sub-folder is made
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("new"), withIntermediateDirectories: true)
        let changes = try await ChangeCollector.collect(watcher.changes) { $0.contains { if case .notFollowing = $0 { true } else { false } } }
        // Then the shortfall is said: 1 of 2 folders
        #expect(changes.contains(.notFollowing(FolderWatchShortfall(watched: 1, folders: 2, code: ENOSPC, maximumWatches: 16))))
    }

    @Test func aFolderThatCannotBeWatchedSaysTheLimitNotSuccess() throws {
        // Given no watch left
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // When the folder is watched, Then the error names the limit, never "Success"
        let error = #expect(throws: FeedError.self) {
            try FolderWatcher(directory: folder.url, options: FolderOptions(), watches: CappedInotifyWatches(cap: 0, limit: 8192))
        }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("cannot watch \(folder.url.path)") && text.contains("fs.inotify.max_user_watches is 8192"), "\(text)")
        #expect(!text.contains("Success"), "\(text)")
    }

    @Test func noInotifyInstanceLeftNamesMaxUserInstancesNotTooManyOpenFiles() {
        // Given inotify_init1 failing with EMFILE while the process can still open files
        let folder = URL(fileURLWithPath: "/photos")
        let error = FolderWatcher.instanceFailure(folder, code: EMFILE, maximumInstances: 128, descriptorsLeft: true)
        // Then the sentence names the sysctl and its value, never "Too many open files"
        #expect(
            "\(error)"
                == "cannot watch /photos: every inotify instance is taken (fs.inotify.max_user_instances is 128: other programs following folders hold them; sysctl raises it)")
        #expect(!"\(error)".lowercased().contains("too many open files"))
        // And when the process itself has no descriptor left, the system's reason is the truth
        let own = FolderWatcher.instanceFailure(folder, code: EMFILE, maximumInstances: 128, descriptorsLeft: false)
        #expect("\(own)" == "cannot watch /photos: too many open files")
    }

    @Test func theWatchedFolderDeletedIsSaidAndMadeAgainIsListedAgain() async throws {
        // Given a watched folder holding a photo
        let parent = try TemporaryDirectory()
        defer { parent.remove() }
        let folder = parent.url.appendingPathComponent("photos")
        try PhotoFolder.write(try PhotoFolder.png(), at: "a.png", in: folder)
        let watcher = try FolderWatcher(directory: folder)
        defer { watcher.stop() }
        // When it is deleted
        try FileManager.default.removeItem(at: folder)
        let gone = try await ChangeCollector.collect(watcher.changes) { $0.contains(.folderGone(path: folder.path, moved: false)) }
        #expect(gone.contains(.removed(id: "a.png")))
        // And made again with a photo
        try PhotoFolder.write(try PhotoFolder.png(), at: "b.png", in: folder)
        let back = try await ChangeCollector.collect(watcher.changes) { ChangeCollector.added("b.png", in: $0) }
        // Then it is followed again and its photo listed
        #expect(back.contains(.folderBack(path: folder.path)), "\(back)")
        try PhotoFolder.write(try PhotoFolder.png(), at: "c.png", in: folder)
        let later = try await ChangeCollector.collect(watcher.changes) { ChangeCollector.added("c.png", in: $0) }
        #expect(ChangeCollector.added("c.png", in: later))
    }

    @Test func theWatchedFolderRenamedIsSaidAndMovedBackIsListedAgain() async throws {
        // Given a watched folder holding a photo
        let parent = try TemporaryDirectory()
        defer { parent.remove() }
        let folder = parent.url.appendingPathComponent("photos")
        try PhotoFolder.write(try PhotoFolder.png(), at: "a.png", in: folder)
        let watcher = try FolderWatcher(directory: folder)
        defer { watcher.stop() }
        // When it is renamed
        let renamed = parent.url.appendingPathComponent("renamed")
        try FileManager.default.moveItem(at: folder, to: renamed)
        _ = try await ChangeCollector.collect(watcher.changes) { $0.contains(.folderGone(path: folder.path, moved: true)) }
        // Then a photo written in the renamed folder is not reported under the old path
        try PhotoFolder.write(try PhotoFolder.png(), at: "x.png", in: renamed)
        // And when it is moved back, it is followed again with its photos
        try FileManager.default.moveItem(at: renamed, to: folder)
        let back = try await ChangeCollector.collect(watcher.changes) { ChangeCollector.added("x.png", in: $0) }
        #expect(back.first == .folderBack(path: folder.path), "\(back)")
        #expect(ChangeCollector.added("a.png", in: back))
    }
}
