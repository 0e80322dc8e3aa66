@testable import FeedSources
import Foundation
import SystemPackage
import Testing

/// What a watched file's arrival or departure changes about its shot: checked on real files,
/// without inotify (the watcher's loop calls these for each event).
@Suite("Folder watching: a RAW and its JPEG stay one photo as files come and go")
struct FolderWatchShotTests {
    /// A folder with `names`: a RAW for .CR2, a JPEG for .JPG/.jpeg.
    private func folder(_ names: [String]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for name in names {
            let bytes = name.hasSuffix(".CR2") ? try DirectoryFeedShotTests.raw("CanonRaw.cr2") : try PhotoFolder.jpeg(taken: nil)
            try PhotoFolder.write(bytes, at: name, in: folder.url)
        }
        return folder
    }

    @Test func aFileArrivingBesideItsCompanionMakesTheShotTheListingMakes() async throws {
        // Given a folder with a RAW and its JPEG, and the shot its listing gives
        let folder = try folder(["IMG_1.CR2", "IMG_1.JPG"])
        defer { folder.remove() }
        let listed = try await DirectoryFeed(directory: folder.url).loadNextPage()
        let shot = try #require(listed.first)
        // When either file is reported as arrived
        for name in ["IMG_1.CR2", "IMG_1.JPG"] {
            let changes = DirectoryFeed.presentChanges(FilePath(name), in: folder.url, options: FolderOptions(), existed: false)
            // Then the RAW's own row goes and the shot comes under the JPEG's id, as listed
            #expect(changes == [.removed(id: "IMG_1.CR2"), .added(shot)], "\(name)")
        }
        // And coalesced in one batch (both moved back by the Trash's undo) they are one removal and one shot
        var batch = FolderChangeBatch()
        for name in ["IMG_1.JPG", "IMG_1.CR2"] {
            batch.append(contentsOf: DirectoryFeed.presentChanges(FilePath(name), in: folder.url, options: FolderOptions(), existed: false) ?? [])
        }
        #expect(batch.changes == [.removed(id: "IMG_1.CR2"), .added(shot)])
    }

    @Test func aFileLeavingLeavesItsCompanionAsAPhotoOfItsOwn() throws {
        // Given a folder where the shot lost its RAW, and one where it lost its JPEG
        let withoutRaw = try folder(["IMG_1.JPG"])
        defer { withoutRaw.remove() }
        let withoutJPEG = try folder(["IMG_1.CR2"])
        defer { withoutJPEG.remove() }
        // When the gone file is reported
        let rawGone = DirectoryFeed.goneChanges(FilePath("IMG_1.CR2"), in: withoutRaw.url, options: FolderOptions())
        let jpegGone = DirectoryFeed.goneChanges(FilePath("IMG_1.JPG"), in: withoutJPEG.url, options: FolderOptions())
        // Then the JPEG's row is the JPEG alone again; the RAW comes back as a row of its own
        let jpeg = try #require(DirectoryFeed.photo(named: FilePath("IMG_1.JPG"), in: withoutRaw.url))
        let raw = try #require(DirectoryFeed.photo(named: FilePath("IMG_1.CR2"), in: withoutJPEG.url))
        #expect(rawGone == [.removed(id: "IMG_1.CR2"), .changed(jpeg)])
        #expect(jpegGone == [.removed(id: "IMG_1.JPG"), .added(raw)])
        // And a file with no companion, or of another kind, is only removed
        #expect(DirectoryFeed.goneChanges(FilePath("a.png"), in: withoutRaw.url, options: FolderOptions()) == [.removed(id: "a.png")])
    }

    @Test func separatedPairsAndTwoJPEGsOfOneNameMakeNoShot() throws {
        // Given a RAW beside two JPEGs of its name
        let folder = try folder(["IMG_1.CR2", "IMG_1.JPG", "IMG_1.jpeg"])
        defer { folder.remove() }
        let raw = try #require(DirectoryFeed.photo(named: FilePath("IMG_1.CR2"), in: folder.url))
        // When the RAW arrives, Then it is a photo of its own (which JPEG would be its is a guess)
        #expect(DirectoryFeed.presentChanges(FilePath("IMG_1.CR2"), in: folder.url, options: FolderOptions(), existed: true) == [.changed(raw)])
        // And with pairs shown apart, a RAW beside one JPEG is its own photo too
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("IMG_1.jpeg"))
        let apart = FolderOptions(separatesPairs: true)
        #expect(DirectoryFeed.presentChanges(FilePath("IMG_1.CR2"), in: folder.url, options: apart, existed: false) == [.added(raw)])
        #expect(DirectoryFeed.goneChanges(FilePath("IMG_1.JPG"), in: folder.url, options: apart) == [.removed(id: "IMG_1.JPG")])
        // And a file that is no photo gives nothing
        _ = try folder.write("notes.txt", "no photo")
        #expect(DirectoryFeed.presentChanges(FilePath("notes.txt"), in: folder.url, options: FolderOptions(), existed: false) == nil)
    }
}
