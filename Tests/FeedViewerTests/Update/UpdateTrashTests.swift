import FeedSources
import ImageLoading
import Foundation
import Testing
import TerminalGraphics
import TerminalKit
import FeedViewer
import Vocabulary

@Suite("Update: D moves the focused file to the Trash after asking, z puts it back")
struct UpdateTrashTests {
    private func harness() -> FeedHarness {
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        harness.showPage(TestPhotos.files(5))
        return harness
    }

    private func trashed(_ name: String, key: String) -> (key: PhotoKey, file: FreedesktopTrash.TrashedFile) {
        (PhotoKey(id: key), FreedesktopTrash.TrashedFile(
            original: URL(fileURLWithPath: "/photos/\(name)"), trashed: URL(fileURLWithPath: "/trash/files/\(name)"),
            info: URL(fileURLWithPath: "/trash/info/\(name).trashinfo")))
    }

    @Test func dAsksNamingTheFileAndOnlyYMovesIt() {
        // Given photo 2 focused
        var harness = harness()
        harness.press("jj")
        // When D is pressed
        #expect(harness.press("D").isEmpty)
        // Then the status bar asks, naming the file
        #expect(harness.model.shownMessage == "Move 2.jpg to the Trash? y moves it, any other key keeps it")
        // When another key answers, nothing moves
        #expect(harness.press("n").isEmpty)
        #expect(harness.model.message == "kept it")
        // When D then y, the file is asked to move
        harness.press("D")
        let moved = harness.press("y")
        #expect(moved.contains { if case .trash([TrashRequest(key: PhotoKey(id: "2"), url: URL(fileURLWithPath: "/photos/2.jpg"))]) = $0 { true } else { false } })
    }

    @Test func aMovedFilesRowLeavesAndComesBackAtItsPlaceOnU() {
        // Given photo 2 focused and moved to the Trash
        var harness = harness()
        harness.press("jj")
        harness.send(.trashed(TrashOutcome(moved: [trashed("2.jpg", key: "2")], failures: [])))
        // Then its row is gone, the focus stays at its place (now photo 3), and z is offered
        #expect(harness.model.visibleKeys.map(\.id) == ["0", "1", "3", "4"])
        #expect(harness.model.focusedKey?.id == "3")
        #expect(harness.model.message == "moved 2.jpg to the Trash (z puts it back)")
        // When z is pressed, the file is asked back; when it is back, so is its row, focused
        let undo = harness.press("z")
        #expect(undo.contains { if case .restoreFromTrash(let files) = $0 { files.map { $0.map(\.original.path) } == [["/photos/2.jpg"]] } else { false } })
        harness.send(.restored(TrashOutcome(moved: [trashed("2.jpg", key: "2")], failures: [])))
        #expect(harness.model.visibleKeys.map(\.id) == ["0", "1", "2", "3", "4"])
        #expect(harness.model.focusedKey?.id == "2")
        // And a second z has nothing to undo
        #expect(harness.press("z").isEmpty)
        #expect(harness.model.message == "nothing to undo")
    }

    @Test func twoPhotosMovedAreThemThatUPutsBack() {
        // Given photos 1 and 2 marked
        var harness = harness()
        harness.press("jtt")
        // When both are moved to the Trash
        harness.send(.trashed(TrashOutcome(moved: [trashed("1.jpg", key: "1"), trashed("2.jpg", key: "2")], failures: [])))
        // Then the message says z puts them back (not "it")
        #expect(harness.model.message == "moved 2 photos to the Trash (z puts them back)")
    }

    @Test func aFailureIsSaidAndAWebPhotoIsNeverTrashed() {
        var harness = harness()
        harness.send(.trashed(TrashOutcome(moved: [], failures: ["0.jpg: cannot be moved to the Trash (Permission denied)"])))
        #expect(harness.model.message == "0.jpg: cannot be moved to the Trash (Permission denied)")
        #expect(harness.model.visibleKeys.count == 5)
        var web = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        web.showPage(TestPhotos.picsum(3))
        #expect(web.press("D").isEmpty)
        #expect(web.model.message?.hasPrefix("only files of a folder go to the Trash") == true)
    }
}

@Suite("Update: s saves a web photo's full-size original")
struct UpdateSaveTests {
    @Test func sAsksForTheFullSizeOriginalOfAWebPhotoAndSaysAFileIsOneAlready() {
        // Given a picsum-style feed
        var web = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        web.showPage(TestPhotos.picsum(3))
        // When s is pressed
        let saved = web.press("s")
        // Then the photo's full size is asked for, under a name saying which and how large
        let asked = saved.compactMap { effect -> (String, String)? in
            if case .saveOriginal(_, let request, let name, nil) = effect { return (request.url?.absoluteString ?? "", name) }
            return nil
        }
        #expect(asked.count == 1)
        #expect(asked.first?.0.hasSuffix("/id/0/400/300") == true, "\(asked)")
        #expect(asked.first?.1 == "photo-0-400x300")
        // And the row says it is saving, how far it has come, and the outcome ends it
        #expect(web.text().contains("· saving"))
        var progress = LoadProgress()
        progress.completed = 420
        progress.total = 1_000
        web.send(.saveProgress(PhotoKey(id: "0"), progress))
        #expect(web.text().contains("saving 42%"))
        #expect(web.press("s").isEmpty)
        #expect(web.model.message == "already saving it")
        web.send(.saved(PhotoKey(id: "0"), "saved /tmp/photo-0-400x300.jpg (1 KB)"))
        #expect(!web.text().contains("saving"))
        #expect(web.model.message == "saved /tmp/photo-0-400x300.jpg (1 KB)")
        // And on a folder feed there is nothing to save
        var files = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        files.showPage(TestPhotos.files(2))
        #expect(files.press("s").isEmpty)
        #expect(files.model.message == "/photos/0.jpg is a file already")
    }
}

@Suite("Update: marks, and the actions on them")
struct UpdateMarksTests {
    @Test func tMarksAndMovesOnTheActionsTakeEveryMarkAndEscClearsThem() {
        // Given five files
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        harness.showPage(TestPhotos.files(5))
        // When t is pressed on photos 0 and 1, and then on 2 (three marked)
        harness.press("ttt")
        // Then the focus moved on each time, the marks show before the names, the status counts them
        #expect(harness.model.marks.map(\.id).sorted() == ["0", "1", "2"])
        #expect(harness.model.focusedKey?.id == "3")
        #expect(harness.text().contains("● A1"))
        #expect(harness.model.message == "3 marked (y s o D act on them; Esc clears)")
        // When y is pressed, every marked path goes to the clipboard, space-separated, in list order
        let copied = harness.press("y")
        #expect(copied.contains { if case .copyToClipboard(Array("/photos/0.jpg /photos/1.jpg /photos/2.jpg".utf8)) = $0 { true } else { false } })
        // When D is pressed, the question names how many and which
        harness.press("D")
        #expect(harness.model.shownMessage == "Move 3 photos (0.jpg, 1.jpg, 2.jpg) to the Trash? y moves them, any other key keeps them")
        harness.press("n")
        // When T inverts, the other two are marked
        harness.press("T")
        #expect(harness.model.marks.map(\.id).sorted() == ["3", "4"])
        // When Esc is pressed, the marks go and the viewer stays; the next Esc quits
        #expect(harness.press(.escape).exit == nil)
        #expect(harness.model.marks.isEmpty)
        #expect(harness.press(.escape).exit == .quit)
    }
}

@Suite("Update: the slideshow")
struct UpdateSlideshowTests {
    @Test func sOpensThePhotoAndShowsTheNextEveryIntervalUntilTheLastOrS() {
        // Given three files, a 2-second slideshow
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6))
        options.slideshowInterval = .seconds(2)
        var harness = FeedHarness(options: options)
        harness.showPage(TestPhotos.files(3))
        // When S is pressed in the list
        harness.press("S")
        // Then the focused photo opens, and the next slide is due in 2 s
        #expect(harness.model.detailKey?.id == "0")
        #expect(harness.model.nextSlide == .seconds(2))
        // When ticks come before and at that time, the next photo opens only at it
        harness.now = .seconds(1)
        harness.send(.tick)
        #expect(harness.model.detailKey?.id == "0")
        harness.now = .seconds(2)
        harness.send(.tick)
        #expect(harness.model.detailKey?.id == "1")
        // And at the last photo it stops by itself
        harness.now = .seconds(4)
        harness.send(.tick)
        harness.now = .seconds(6)
        harness.send(.tick)
        #expect(harness.model.detailKey?.id == "2")
        #expect(harness.model.nextSlide == nil)
        #expect(harness.model.message == "slideshow: the last photo")
        // When started again and S pressed, it stops
        harness.press("k")
        harness.press("S")
        #expect(harness.model.nextSlide != nil)
        harness.press("S")
        #expect(harness.model.nextSlide == nil)
    }
}
