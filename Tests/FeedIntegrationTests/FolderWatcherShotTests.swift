import FeedSources
@testable import FeedSourcesTests
import Foundation
import SystemPackage
import TestSupport
import Testing

/// Real inotify: a RAW moved in beside its JPEG joins it as one photo, and leaves it alone
/// again when removed; rows kept as a viewer keeps them (upsert by id, remove by id).
@Suite(.serialized, .tags(.realTime), .timeLimit(.minutes(2)))
struct FolderWatcherShotTests {
    /// `rows` after `changes`, applied as a viewer applies them.
    private func applied(_ changes: [FolderChange], to rows: [String: FeedPhoto]) -> [String: FeedPhoto] {
        var rows = rows
        for change in changes {
            switch change {
            case .added(let photo), .changed(let photo): rows[photo.id] = photo
            case .removed(let id): rows[id] = nil
            default: break
            }
        }
        return rows
    }

    @Test func aRawMovedInJoinsItsJPEGAndLeavesItAgain() async throws {
        // Given a watched folder listing one JPEG, and its RAW waiting outside
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try PhotoFolder.write(try PhotoFolder.jpeg(taken: nil), at: "IMG_1.JPG", in: folder.url)
        let outside = try TemporaryDirectory()
        defer { outside.remove() }
        try PhotoFolder.write(try DirectoryFeedShotTests.raw("CanonRaw.cr2"), at: "IMG_1.CR2", in: outside.url)
        var rows = Dictionary(uniqueKeysWithValues: try await DirectoryFeed(directory: folder.url).loadNextPage().map { ($0.id, $0) })
        let watcher = try FolderWatcher(directory: folder.url)
        defer { watcher.stop() }
        // When the RAW is moved in (as the Trash's undo moves it back)
        try FileManager.default.moveItem(at: outside.url.appendingPathComponent("IMG_1.CR2"), to: folder.url.appendingPathComponent("IMG_1.CR2"))
        try PhotoFolder.write(try PhotoFolder.png(), at: "zz-1.png", in: folder.url)
        rows = applied(try await ChangeCollector.collect(watcher.changes) { ChangeCollector.added("zz-1.png", in: $0) }, to: rows)
        // Then the JPEG's row is the shot and there is no row for the RAW
        #expect(rows["IMG_1.JPG"]?.shot?.companions.map(\.name) == [FilePath("IMG_1.CR2")])
        #expect(rows["IMG_1.CR2"] == nil)
        // When the RAW is removed
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("IMG_1.CR2"))
        try PhotoFolder.write(try PhotoFolder.png(), at: "zz-2.png", in: folder.url)
        rows = applied(try await ChangeCollector.collect(watcher.changes) { ChangeCollector.added("zz-2.png", in: $0) }, to: rows)
        // Then the JPEG is a photo of its own again
        #expect(rows["IMG_1.JPG"] != nil && rows["IMG_1.JPG"]?.isShot == false)
        #expect(Set(rows.keys) == ["IMG_1.JPG", "zz-1.png", "zz-2.png"])
    }
}
