import FeedSources
import ImageLoading
import Testing
import TerminalGraphics
import TerminalKit
@testable import FeedViewer
import TerminalScreen
import Vocabulary

/// The screen-reader mode (`--text`): each photo a line of words, the cursor on the focused
/// line, news on the bottom line; the grid as the list, the detail view and panels as words.
@Suite("Update: the screen-reader mode in words")
struct UpdateTextModeTests {
    private static let screen = CellSize(columns: 90, rows: 12)

    private func harness(layout: LayoutKind = .list, photos: Int = 30, hasMore: Bool = false) -> FeedHarness {
        var options = FeedViewerOptions(layout: layout)
        options.text = true
        var harness = FeedHarness(
            screen: Self.screen, options: options, feedName: "embedded",
            shaping: ShapingKnobs(latency: .milliseconds(120), bandwidth: 400_000))
        harness.showPage(
            TestPhotos.picsum(photos, author: { ["Jakub Mede", "Paul Jarvis", "Tina Rataj"][$0 % 3] }), summary: "embedded",
            hasMore: hasMore)
        return harness
    }

    private static func loaded(ms: Int, source: ImageResponse.Source = .network) -> ImagePhase {
        var timings = ImageResponse.Timings()
        timings.total = .milliseconds(ms)
        return .success(
            ImageResponse(
                bitmap: FakeImages.bitmap(width: 8, height: 6), source: source, byteCount: 2_048, bytesTransferred: 2_048,
                originalSize: PixelSize(width: 400, height: 300), timings: timings))
    }

    @Test func eachPhotoIsOneLineOfWordsWithTheCursorOnTheFocusedOne() {
        // Given 30 photos in the screen-reader mode, two loaded, one failed, one loading
        var harness = harness()
        harness.deliver(Self.loaded(ms: 252), to: "0")
        harness.deliver(Self.loaded(ms: 0, source: .memory), to: "1")
        harness.deliver(.failure(.httpStatus(404)), to: "2")
        harness.deliver(.loading(LoadProgress(completed: 40, total: 100)), to: "3")
        // When j moves the focus to the second photo
        harness.press("j")
        // Then every line is words, the focused one has the cursor at its start, news at the bottom
        let frame = harness.frame()
        Golden.assertMatches(FrameText.plain(frame.cells), named: "text-list.txt")
        #expect(frame.cursor == CellPoint(row: 1, column: 0))
        #expect(frame.pictures.isEmpty)
        let text = FrameText.plain(frame.cells)
        #expect(text.contains("Photo 1 of 30 by Jakub Mede, 400 by 300, loaded from the network in 252 ms"))
        #expect(!text.contains("▀") && !text.contains("░") && !text.contains("│"))
    }

    @Test func aFailureInViewIsNewsOnTheBottomLineAndProgressIsNot() {
        // Given the list, the first photo focused
        var harness = harness()
        // When the third photo fails
        harness.deliver(.failure(.httpStatus(404)), to: "2")
        // Then the bottom line says so
        #expect(harness.model.announcement == "photo 3 failed: HTTP 404")
        #expect(
            FrameText.plain(harness.frame().cells).split(separator: "\n").last?.hasPrefix("photo 3 failed: HTTP 404   ") == true)
        // When another photo's bytes arrive, and another photo (not focused) loads
        harness.deliver(.loading(LoadProgress(completed: 40, total: 100)), to: "4")
        harness.deliver(Self.loaded(ms: 90), to: "5")
        // Then that is no news: the line stays
        #expect(harness.model.announcement == "photo 3 failed: HTTP 404")
        // When the focused photo arrives
        harness.deliver(Self.loaded(ms: 252), to: "0")
        // Then that is news
        #expect(harness.model.announcement == "photo 1 loaded from the network in 252 ms")
    }

    @Test func aPageArrivingAndANoteAreNews() {
        // Given the first page of 30, more to come
        var harness = harness(hasMore: true)
        #expect(harness.model.announcement == "30 photos")
        // When the next page arrives
        harness.send(.page(.success(FeedPage(photos: TestPhotos.files(5).map { photo in
            var photo = photo
            photo.id = "f" + photo.id
            return photo
        }, summary: "embedded", hasMore: false))))
        // Then it is said with the total
        #expect(harness.model.announcement == "page 2: 5 more photos, 35 in all, the end of the feed")
        // When t marks the focused photo (a note)
        harness.press("t")
        // Then the note is the news, and the mark is a word on the photo's line
        #expect(harness.model.announcement == harness.model.message)
        #expect(FrameText.plain(harness.frame().cells).contains("Photo 1 of 35 by Jakub Mede, 400 by 300, marked"))
    }

    @Test func theNormalModeSaysNoExtraNews() {
        // Given the list with pictures (not the screen-reader mode)
        var harness = FeedHarness(screen: Self.screen, options: FeedViewerOptions(thumbnail: CellSize(columns: 8, rows: 3)))
        harness.showPage(TestPhotos.picsum(5))
        // When a photo fails
        harness.deliver(.failure(.httpStatus(404)), to: "0")
        // Then the model keeps no announcement of it (the picture says it) and places no cursor
        #expect(harness.model.announcement == nil)
        #expect(harness.frame().cursor == nil)
    }

    @Test func theGridReadsAsTheList() {
        // Given the grid asked for in the screen-reader mode
        var harness = harness(layout: .grid)
        // When l (sideways in a grid) and j are pressed
        harness.press("j")
        // Then the photos are one a line, j moved down one line, the cursor with it
        Golden.assertMatches(harness.text(), named: "text-grid.txt")
        #expect(harness.frame().cursor == CellPoint(row: 1, column: 0))
        #expect(harness.model.geometry.columns == 1)
        // When v switches layouts, it still reads as a list, and says so
        harness.press("v")
        #expect(harness.model.announcement == "layout: list, read as a list")
        #expect(harness.model.geometry.lineHeight == 1)
    }

    @Test func theDetailViewSaysThePhotoAndItsInfoWithNoPicture() {
        // Given the second photo focused, loaded
        var harness = harness()
        harness.press("j")
        harness.deliver(Self.loaded(ms: 252), to: "1")
        // When Enter opens it
        let effects = harness.press(.enter)
        // Then its info is read (the detail view says it instead of a picture)
        #expect(effects.contains { if case .readInfo = $0 { true } else { false } })
        harness.deliverDetail(Self.loaded(ms: 300))
        // Then the frame is words, the cursor on its first line, no picture placed
        let frame = harness.frame()
        Golden.assertMatches(FrameText.plain(frame.cells), named: "text-detail.txt")
        #expect(frame.cursor == .zero)
        #expect(frame.pictures.isEmpty)
        // And the photo's load is not said a second time: the row said it (issue 47)
        #expect(harness.model.announcement == "photo 2 loaded from the network in 252 ms")
    }

    @Test func aPhotosLoadIsAnnouncedOnceWhenTheDetailViewOpensBeforeItsRowLoads() {
        // Given the second photo focused, still loading, and opened with Enter
        var harness = harness()
        harness.press("j")
        harness.deliver(.loading(LoadProgress(completed: 40, total: 100)), to: "1")
        harness.press(.enter)
        // When the row's load arrives, then the detail view's own (larger) one
        harness.deliver(Self.loaded(ms: 252), to: "1")
        #expect(harness.model.announcement == "photo 2 loaded from the network in 252 ms")
        harness.deliverDetail(Self.loaded(ms: 300))
        // Then the second is not said again (it would say 300 ms)
        #expect(harness.model.announcement == "photo 2 loaded from the network in 252 ms")
        // When the detail view moves to the third photo, whose detail load comes first
        harness.press("j")
        harness.deliverDetail(Self.loaded(ms: 310))
        #expect(harness.model.announcement == "photo 3 loaded from the network in 310 ms")
        // Then the row's load after it is not said either (it would say 90 ms)
        harness.deliver(Self.loaded(ms: 90), to: "2")
        #expect(harness.model.announcement == "photo 3 loaded from the network in 310 ms")
        // And a failure of the detail's load is still news
        harness.press("j")
        harness.deliver(Self.loaded(ms: 90), to: "3")
        harness.deliverDetail(.failure(.httpStatus(500)))
        #expect(harness.model.announcement == "photo 4 failed: HTTP 500")
    }

    @Test func panelsAndHelpAreLinesOfWords() {
        // Given the list
        var harness = harness()
        // When n opens the network panel
        harness.press("n")
        // Then it is words without a box, its title where the cursor is
        Golden.assertMatches(harness.text(), named: "text-panel-network.txt")
        #expect(harness.frame().cursor == .zero)
        #expect(!harness.text().contains("╭") && !harness.text().contains("│"))
        // When it closes and ? opens the help
        harness.press("n")
        harness.press("?")
        // Then the keys are listed as `keys: what they do`
        let help = harness.text()
        #expect(help.hasPrefix("keys, ? closes"))
        // And the second line says where things stand, as the status bar would
        #expect(help.split(separator: "\n")[1].hasPrefix("embedded feed, 30 photos, photo 1 focused, network fast"))
        #expect(help.contains(": "))
        #expect(!help.contains("╭"))
    }

    @Test func theEventLogIsNewestFirstAndTheTimelineIsEachLoadInWords() {
        // Given the list, the first photo loaded
        var harness = harness()
        harness.deliver(Self.loaded(ms: 252), to: "0")
        // When l opens the event log
        harness.press("l")
        // Then its title is first, where the cursor is, and the entries follow newest first
        let log = harness.text().split(separator: "\n").map { String($0).trimmingSpaces() }
        #expect(log.first == "events, newest first; t shows the timeline, l closes")
        #expect(harness.frame().cursor == .zero)
        let newest = harness.model.eventLog.suffix(1).map { EventLogPanel.line(for: $0).plain.trimmingSpaces() }
        #expect(log.count > 2 && log[1] == newest.first, "\(log)")
        // And each load asked for a small image (the picture is never drawn)
        #expect(log.contains { $0.hasSuffix("start high 16×12") }, "\(log)")
        // When t switches to the timeline
        harness.press("t")
        // Then each photo in view is a line of what its load did
        let timeline = harness.text()
        #expect(timeline.hasPrefix("timeline of the photos in view"))
        #expect(timeline.contains("photo 1: "))
        #expect(!timeline.contains("▁") && !timeline.contains("█"))
    }

    @Test func nothingTicksWhileRowsLoadForThereIsNoPlaceholder() {
        // Given rows loading in the screen-reader mode (a placeholder would animate)
        var harness = harness()
        harness.deliver(.loading(LoadProgress(completed: 40, total: 100)), to: "0")
        #expect(harness.model.isAnimating)
        // Then no tick is asked for: nothing on screen moves with time
        #expect(harness.model.nextTick(after: .zero, timer: AnimationTimer()) == nil)
        // When the timeline opens, its times move: then it ticks
        harness.press("lt")
        #expect(harness.model.nextTick(after: .zero, timer: AnimationTimer()) != nil)
    }

    @Test func theFilterPromptPutsTheCursorAfterTheText() {
        // Given the list
        var harness = harness()
        // When / and "Pa" are typed
        harness.press("/")
        harness.press("Pa")
        // Then the bottom line is the prompt, the cursor after the typed text
        let frame = harness.frame()
        let bottom = FrameText.plain(frame.cells).split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        #expect(bottom.hasPrefix("/Pa   10 of 30 match"))
        #expect(frame.cursor == CellPoint(row: Self.screen.rows - 1, column: 3))
    }
}
