import FeedSources
import Foundation
import SystemPackage
import Testing
import TerminalKit
import TerminalScreen
import Vocabulary
import FeedViewer

/// `D`, `z`, `y` and `s` on a RAW+JPEG shot act on both of its files.
@Suite("Update: Trash, undo, copy and save on a RAW+JPEG shot take both files")
struct UpdateShotActionsTests {
    /// The folder's three photos, the shot (IMG_1.JPG with IMG_1.CR2) focused.
    private func harness() -> FeedHarness {
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)), feedName: "folder")
        harness.showPage(ShotPhotos.folder())
        harness.press("j")
        return harness
    }

    private func file(_ name: String) -> FreedesktopTrash.TrashedFile {
        FreedesktopTrash.TrashedFile(
            original: URL(fileURLWithPath: "/shoot/\(name)"), trashed: URL(fileURLWithPath: "/trash/files/\(name)"),
            info: URL(fileURLWithPath: "/trash/info/\(name).trashinfo"))
    }

    @Test func dAsksNamingBothFilesAndMovesTheShotWithEachFilesIdentity() throws {
        // Given the shot focused
        var harness = harness()
        // When D is pressed, the question names both files
        harness.press("D")
        #expect(harness.model.shownMessage == "Move IMG_1.JPG and IMG_1.CR2 to the Trash? y moves it, any other key keeps it")
        // When y answers, one request moves the JPEG with its RAW, each to be checked as listed
        let effects = harness.press("y")
        let requests = effects.compactMap { if case .trash(let requests) = $0 { requests } else { nil } }.first
        let request = try #require(requests?.first)
        #expect(requests?.count == 1)
        #expect(request.name == Array("IMG_1.JPG".utf8) && request.folder == Array("/shoot".utf8))
        #expect(request.identity == FileIdentity(device: 1, inode: 11, type: 0o100000))
        #expect(request.companions == [FreedesktopTrash.ShotFile(name: Array("IMG_1.CR2".utf8), identity: FileIdentity(device: 1, inode: 99, type: 0o100000))])
        #expect(harness.model.message == "moving IMG_1.JPG and IMG_1.CR2 to the Trash…")
    }

    @Test func theMovedShotLeavesAndZAsksForBothFilesBackTogether() {
        // Given the shot moved to the Trash, both files
        var harness = harness()
        let key = PhotoKey(id: "IMG_1.JPG")
        harness.send(.trashed(TrashOutcome(moved: [(key, file("IMG_1.JPG"))], failures: [], companions: [key: [file("IMG_1.CR2")]])))
        // Then its row is gone, and the status bar names both files
        #expect(harness.model.visibleKeys.map(\.id) == ["a.jpg", "c.jpg"])
        #expect(harness.model.message == "moved IMG_1.JPG and IMG_1.CR2 to the Trash (z puts it back)")
        // When z is pressed, both files are asked back as one
        let undo = harness.press("z")
        let groups = undo.compactMap { if case .restoreFromTrash(let photos) = $0 { photos } else { nil } }.first
        #expect(groups?.map { $0.map(\.original.path) } == [["/shoot/IMG_1.JPG", "/shoot/IMG_1.CR2"]])
        // When they are back, so is the row, focused, and the status bar names both
        harness.send(.restored(TrashOutcome(moved: [(key, file("IMG_1.JPG"))], failures: [])))
        #expect(harness.model.visibleKeys.map(\.id) == ["a.jpg", "IMG_1.JPG", "c.jpg"])
        #expect(harness.model.focusedKey == key)
        #expect(harness.model.message == "put back IMG_1.JPG and IMG_1.CR2")
    }

    @Test func aShotThatCouldNotMoveStaysAndTheSentenceSaysWhy() {
        // Given the Trash refused the shot (its RAW was replaced since it was listed)
        var harness = harness()
        let why = "cannot move the shot IMG_1.JPG and IMG_1.CR2 to the Trash, so none of it moved: IMG_1.CR2 is no longer the file that was listed"
        harness.send(.trashed(TrashOutcome(moved: [], failures: [why])))
        // Then the row stays, and the status bar says why
        #expect(harness.model.visibleKeys.map(\.id) == ["a.jpg", "IMG_1.JPG", "c.jpg"])
        #expect(harness.model.message == why)
    }

    @Test func yCopiesBothPathsAsShellWords() {
        // Given the shot focused
        var harness = harness()
        // When y is pressed
        let effects = harness.press("y")
        // Then both paths are copied, the JPEG's first, each one shell word
        let copied = effects.compactMap { if case .copyToClipboard(let bytes) = $0 { String(decoding: bytes, as: UTF8.self) } else { nil } }
        #expect(copied == ["/shoot/IMG_1.JPG /shoot/IMG_1.CR2"])
        #expect(harness.model.message == "copied /shoot/IMG_1.JPG and IMG_1.CR2 (if the terminal allows OSC 52)")
        // And with a single file marked beside it, three paths
        harness.press("t")
        harness.press("t")
        let both = harness.press("y").compactMap { if case .copyToClipboard(let bytes) = $0 { String(decoding: bytes, as: UTF8.self) } else { nil } }
        #expect(both == ["/shoot/IMG_1.JPG /shoot/IMG_1.CR2 /shoot/c.jpg"])
    }

    @Test func sSaysTheShotIsFilesAlready() {
        // Given the shot focused
        var harness = harness()
        // When s is pressed, nothing is saved, and the sentence names both files
        let effects = harness.press("s")
        #expect(!effects.contains { if case .saveOriginal = $0 { true } else { false } })
        #expect(harness.model.message == "/shoot/IMG_1.JPG and IMG_1.CR2 are files already")
    }
}
