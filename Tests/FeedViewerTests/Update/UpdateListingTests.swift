import FeedSources
import Foundation
import LoadSemantics
import Testing
import TerminalGraphics
import FeedViewer
import Vocabulary

/// A huge folder still being listed: each listing step's provisional rows are shown and load
/// at once, and the next step is asked for; a step (or the real first page) with other photos
/// replaces them, cancelling the loads of the rows that go; the focused photo stays focused.
@Suite("Update: provisional rows while a folder is listed")
struct UpdateListingTests {
    private func photos(_ names: [String]) -> [FeedPhoto] {
        names.map { name in
            FeedPhoto(
                id: name, author: name, size: PixelSize(width: 400, height: 300),
                origin: .original(URL(fileURLWithPath: "/photos/\(name)")))
        }
    }

    private func harness() -> FeedHarness {
        var harness = FeedHarness(
            screen: CellSize(columns: 64, rows: 24),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        harness.audit = SemanticsAudit(configuration: .init(onDisappear: .cancel))
        harness.send(.start)
        return harness
    }

    @Test func aListingStepShowsRowsLoadsThemAndAsksForTheNextStep() throws {
        // Given a viewer whose folder answers its first step with provisional photos
        var harness = harness()
        let names = (10..<20).map { "p\($0).jpg" }

        // When the step arrives
        let effects = harness.send(.listing(FeedListingProgress(photos: photos(names), filesSoFar: 65_536)))

        // Then the rows are shown and the visible ones load, the next step is asked for at once,
        // and the status bar and the model say the folder is still being listed
        #expect(harness.model.keys.map(\.id) == names)
        #expect(effects.startedIDs == Array(names.prefix(4)))
        #expect(effects.pageRequests == 1)
        #expect(harness.model.rowsAreProvisional)
        #expect(harness.model.listedSoFar == 65_536)
        #expect(harness.text().contains("row 1/10 (listing… 65536 files)"))
        #expect(harness.model.pagesLoaded == 0, "a snapshot waits for the real first page")
    }

    @Test func aStepWithOtherPhotosReplacesTheRowsAndKeepsTheFocusedPhoto() throws {
        // Given provisional rows p10…p19 with the focus on p11, its load running
        var harness = harness()
        harness.send(.listing(FeedListingProgress(photos: photos((10..<20).map { "p\($0).jpg" }), filesSoFar: 100)))
        harness.press("j")
        #expect(harness.model.focusedKey?.id == "p11.jpg")

        // When the next step puts p1…p5 first (p11 still among them)
        let names = ["p1.jpg", "p2.jpg", "p3.jpg", "p10.jpg", "p11.jpg", "p12.jpg"]
        let effects = harness.send(.listing(FeedListingProgress(photos: photos(names), filesSoFar: 200)))

        // Then the rows are the new ones, the focus is still on p11, the loads of the rows that
        // left are cancelled, and the new visible rows load (p11 again: the pipeline resumes it)
        #expect(harness.model.keys.map(\.id) == names)
        #expect(harness.model.focusedKey?.id == "p11.jpg")
        #expect(effects.cancels("p10.jpg"))
        #expect(effects.cancels("p12.jpg"))
        #expect(effects.startedIDs.contains("p11.jpg"))
        #expect(!effects.cancels("p1.jpg"))
        #expect(harness.model.listedSoFar == 200)
        // And the semantics audit finds nothing wrong
        let audit = try #require(harness.audit)
        #expect(audit.violations.isEmpty, "\(audit.violations)")
    }

    @Test func theRealFirstPageEqualToTheProvisionalRowsChangesNothing() {
        // Given provisional rows, loading
        var harness = harness()
        let names = (0..<6).map { "p\($0).jpg" }
        harness.send(.listing(FeedListingProgress(photos: photos(names), filesSoFar: 300)))
        let token = harness.model.loadToken(of: PhotoKey(id: "p0.jpg"))

        // When the listing ends with the same first page
        let effects = harness.send(.page(.success(FeedPage(photos: photos(names), summary: "big (300 files)", hasMore: true))))

        // Then no load is cancelled or restarted, the rows are real, and the listing is over
        #expect(effects.loads.isEmpty)
        #expect(!effects.contains { if case .cancel = $0 { true } else { false } })
        #expect(harness.model.loadToken(of: PhotoKey(id: "p0.jpg")) == token)
        #expect(!harness.model.rowsAreProvisional)
        #expect(harness.model.listedSoFar == nil)
        #expect(harness.model.pagesLoaded == 1)
        #expect(harness.model.keys.count == 6, "the page is not appended a second time")
        #expect(!harness.text().contains("listing"))
    }

    @Test func aListNobodyMovedStaysAtItsTop() {
        // Given provisional rows with the focus where the viewer put it (the first row)
        var harness = harness()
        harness.send(.listing(FeedListingProgress(photos: photos(["p5.jpg", "p6.jpg"]), filesSoFar: 2)))
        // When the real first page has that photo further down
        harness.send(.page(.success(FeedPage(photos: photos(["p1.jpg", "p2.jpg", "p3.jpg", "p5.jpg"]), summary: "f", hasMore: false))))
        // Then the focus is still on the first row
        #expect(harness.model.list.focus == 0)
        #expect(harness.model.focusedKey?.id == "p1.jpg")
    }

    @Test func theRealFirstPageReplacesDifferentProvisionalRows() {
        var harness = harness()
        harness.send(.listing(FeedListingProgress(photos: photos(["z1.jpg", "z2.jpg"]), filesSoFar: 2)))
        let effects = harness.send(.page(.success(FeedPage(photos: photos(["a.jpg", "b.jpg"]), summary: "f", hasMore: false))))
        #expect(harness.model.keys.map(\.id) == ["a.jpg", "b.jpg"])
        #expect(effects.cancels("z1.jpg") && effects.cancels("z2.jpg"))
        #expect(effects.startedIDs == ["a.jpg", "b.jpg"])
        #expect(harness.text().contains("end of feed"))
    }

    @Test func aListingThatFailsEndsTheViewerEvenWithProvisionalRows() {
        var harness = harness()
        harness.send(.listing(FeedListingProgress(photos: photos(["a.jpg"]), filesSoFar: 1)))
        struct Gone: Error, CustomStringConvertible { var description: String { "cannot list /big: Input/output error" } }
        let effects = harness.send(.page(.failure(Gone())))
        #expect(effects.exit == .failed("cannot read the feed fake: cannot list /big: Input/output error"))
    }

    @Test func aFolderOfNoPhotosAfterProvisionalRowsEndsTheViewer() {
        var harness = harness()
        harness.send(.listing(FeedListingProgress(photos: [], filesSoFar: 70_000)))
        let effects = harness.send(.page(.success(FeedPage(photos: [], summary: "f", hasMore: false))))
        #expect(effects.exit == .failed("the feed f has no photos"))
    }
}

/// `G` goes to the real last row: while pages remain it asks for them one after another without
/// moving the list (no row passed loads a picture), then jumps; any key stops it.
@Suite("Update: G goes to the real end")
struct UpdateJumpToEndTests {
    private func page(from start: Int, count: Int, hasMore: Bool) -> FeedMessage {
        .page(.success(FeedPage(photos: Array(TestPhotos.files(start + count).dropFirst(start)), summary: "f", hasMore: hasMore)))
    }

    private func harness() -> FeedHarness {
        var harness = FeedHarness(
            screen: CellSize(columns: 64, rows: 24),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        harness.send(.start)
        harness.send(page(from: 0, count: 20, hasMore: true))
        return harness
    }

    @Test func gAsksForEveryPageWithoutLoadingThePassedRowsThenShowsTheLast() {
        // Given 20 photos shown, more to come, none asked for (the end is far from the screen)
        var harness = harness()
        #expect(harness.model.pageState == .idle)

        // When G is pressed and three more pages arrive, the last ending the feed
        var effects = harness.press("G")
        #expect(effects.pageRequests == 1)
        #expect(harness.model.message == "going to the end: 20 photos so far (any key stops)")
        let second = harness.send(page(from: 20, count: 20, hasMore: true))
        #expect(second.pageRequests == 1, "the next page is asked for wherever the list is")
        effects += second
        effects += harness.send(page(from: 40, count: 20, hasMore: true))
        #expect(harness.model.message == "going to the end: 60 photos so far (any key stops)")
        #expect(harness.model.list.focus == 0, "the list stays where it is")
        effects += harness.send(page(from: 60, count: 5, hasMore: false))

        // Then the list shows the last row, and only rows on the last screen loaded
        #expect(harness.model.list.focus == 64)
        #expect(harness.model.message == "the end: 65 photos")
        let started = Set(effects.startedIDs.compactMap(Int.init))
        #expect(!started.isEmpty)
        #expect(started.allSatisfy { $0 >= 60 }, "\(started.sorted())")
        #expect(harness.text().contains("end of feed"))
    }

    @Test func anyKeyStopsGoingToTheEnd() {
        var harness = harness()
        harness.press("G")
        // When j is pressed while going to the end
        let effects = harness.press("j")
        // Then it stops there, j does nothing else, and arriving pages no longer move the list
        #expect(!harness.model.seekingEnd)
        #expect(harness.model.list.focus == 0)
        #expect(effects.isEmpty)
        #expect(harness.model.message == "stopped going to the end at 20 photos")
        harness.send(page(from: 20, count: 20, hasMore: false))
        #expect(harness.model.list.focus == 0)
    }

    @Test func gOnAnEndedFeedJumpsAtOnce() {
        var harness = FeedHarness(
            screen: CellSize(columns: 64, rows: 24),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        harness.showPage(TestPhotos.files(30), hasMore: false)
        harness.press("G")
        #expect(harness.model.list.focus == 29)
        #expect(!harness.model.seekingEnd)
    }
}
