import FeedSources
import Foundation
import SystemPackage
import ImageLoading
import TerminalGraphics
import TerminalKit
import FeedViewer
import Testing

import Vocabulary
#if canImport(Glibc)
import Glibc
#endif

/// Photos of a folder carry the identity of the file (and folder) they were listed as: `D`'s
/// Trash request and `o`'s open carry it, so the runtime acts only on that file; the watched
/// folder deleted, renamed, back, or not all followed is said on the status bar.
@Suite("Update: actions carry the listed file's identity; the watched folder's fate is said")
struct UpdateListedFileTests {
    private static let folder = FileIdentity(device: 7, inode: 2, type: UInt32(S_IFDIR))

    private static func identity(_ index: Int) -> FileIdentity {
        FileIdentity(device: 7, inode: UInt64(100 + index), type: UInt32(S_IFREG))
    }

    private func harness() -> FeedHarness {
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        let photos = (0..<3).map { index in
            FeedPhoto(
                id: "\(index).jpg", author: "\(index).jpg", size: PixelSize(width: 400, height: 300),
                origin: .file(directory: URL(fileURLWithPath: "/photos"), name: FilePath("\(index).jpg")),
                file: FeedPhoto.FileFacts(byteCount: 10, modified: 1, identity: Self.identity(index), folder: Self.folder))
        }
        harness.showPage(photos)
        return harness
    }

    @Test func dThenYAsksTheTrashForTheFileListedInTheFolderListed() throws {
        // Given photo 1 focused
        var harness = harness()
        harness.press("j")
        // When D then y
        harness.press("D")
        let effects = harness.press("y")
        // Then the request names the folder and the name as bytes, with both identities
        let requests = effects.compactMap { effect -> [TrashRequest]? in if case .trash(let requests) = effect { requests } else { nil } }
        let request = try #require(requests.first?.first)
        #expect(request.folder == Array("/photos".utf8) && request.name == Array("1.jpg".utf8))
        #expect(request.identity == Self.identity(1) && request.folderIdentity == Self.folder)
    }

    @Test func oCarriesTheListedIdentity() {
        var harness = harness()
        let effects = harness.press("o")
        #expect(effects.contains { if case .openExternally(Array("/photos/0.jpg".utf8), Self.identity(0)) = $0 { true } else { false } }, "\(effects)")
    }

    @Test func theWatchedFolderDeletedTakesItsRowsAndSaysSo() {
        // Given three photos of /photos listed
        var harness = harness()
        // When the folder itself is deleted
        harness.send(.folderChanged([.folderGone(path: "/photos", moved: false)]))
        // Then no row is left to act on, and the status bar says why
        #expect(harness.model.keys.isEmpty)
        #expect(harness.model.message == "the folder photos was deleted: its 3 photos are no longer listed (listed again if a folder photos is back)")
        // When it is back with a photo, that is said and the photo listed
        let back = FeedPhoto(
            id: "new.jpg", author: "new.jpg", size: nil, origin: .file(directory: URL(fileURLWithPath: "/photos"), name: "new.jpg"))
        harness.send(.folderChanged([.folderBack(path: "/photos"), .added(back)]))
        #expect(harness.model.keys.map(\.id) == ["new.jpg"])
        #expect(harness.model.message == "folder: 1 added; the folder photos is back: listed again")
    }

    @Test func theWatchedFolderRenamedTakesItsRowsAndSaysSo() {
        var harness = harness()
        harness.send(.folderChanged([.folderGone(path: "/photos", moved: true)]))
        #expect(harness.model.keys.isEmpty)
        #expect(harness.model.message?.hasPrefix("the folder photos was moved or renamed: its 3 photos are no longer listed") == true)
    }

    @Test func foldersNotFollowedAreSaidWithTheLimit() {
        var harness = harness()
        harness.send(.folderChanged([.notFollowing(FolderWatchShortfall(watched: 100, folders: 10_001, code: ENOSPC, maximumWatches: 8192))]))
        #expect(harness.model.message == "following 100 of 10,001 folders: fs.inotify.max_user_watches is 8192; changes in the others are not seen")
    }
}
