import FeedSources
import ImageLoading
import Testing
import TerminalKit
import FeedViewer
import TerminalGraphics
import Vocabulary

/// The update function over the grid: the list's load semantics, cell by cell. A 64×21 screen
/// with 16×6 boxes holds 3 columns of 8-line cells: lines 0 and 1 in full, line 2 cut off
/// (items 0…8 visible), and with prefetch 1 the next line (items 9…11) prefetched.
@Suite("Update: the grid")
struct UpdateGridTests {
    private static let screen = CellSize(columns: 64, rows: 21)

    private func harness(policy: DisappearPolicy = .cancel, count: Int = 40, hasMore: Bool = false) -> FeedHarness {
        var harness = FeedHarness(
            screen: Self.screen,
            options: FeedViewerOptions(
                thumbnail: CellSize(columns: 16, rows: 6), layout: .grid, onDisappear: policy, prefetch: 1))
        harness.showPage(TestPhotos.files(count), hasMore: hasMore)
        return harness
    }

    @Test func visibleCellsStartHighAndTheNextLineIsPrefetchedLow() {
        // Given the grid, when the first page arrives
        let harness = harness()

        // Then the nine visible cells load at high priority, the next line at low, nothing further
        #expect(harness.model.list.columns == 3)
        for id in 0..<9 { #expect(harness.effects.loadPriorities(of: "\(id)") == [.high], "cell \(id)") }
        for id in 9..<12 { #expect(harness.effects.loadPriorities(of: "\(id)") == [.low], "cell \(id)") }
        #expect(harness.effects.loadPriorities(of: "12").isEmpty)
    }

    @Test func scrollingALineCancelsTheTopLineRaisesThePrefetchedOneAndPrefetchesTheNext() {
        // Given the grid at the top
        var harness = harness()

        // When the focus moves down two lines (the view scrolls by one)
        let scrolled = harness.press("jj")

        // Then the top line is cancelled, the prefetched line raised, the line after it prefetched
        #expect(harness.model.list.firstLine == 1)
        for id in 0..<3 { #expect(scrolled.cancels("\(id)"), "cell \(id)") }
        for id in 9..<12 {
            #expect(scrolled.priorityChanges(of: "\(id)") == [.high], "cell \(id)")
            #expect(scrolled.loadPriorities(of: "\(id)").isEmpty, "cell \(id)")
        }
        for id in 12..<15 { #expect(scrolled.loadPriorities(of: "\(id)") == [.low], "cell \(id)") }
        #expect(!scrolled.cancels("3"))

        // And scrolling back resumes the cancelled cells at high priority, prefetching behind
        let back = harness.press("g")
        for id in 0..<3 { #expect(back.loadPriorities(of: "\(id)") == [.high], "cell \(id)") }
    }

    @Test func lowerPriorityAndKeepApplyToCellsToo() {
        var lower = harness(policy: .lowerPriority)
        let away = lower.press("G")
        #expect(!away.cancels("0"))
        #expect(away.priorityChanges(of: "0") == [.veryLow])

        var keep = harness(policy: .keep)
        let kept = keep.press("G")
        #expect(!kept.cancels("0"))
        #expect(kept.priorityChanges(of: "0").isEmpty)
    }

    @Test func theWheelScrollsLinesAndPrefetchFollowsItsDirection() {
        // Given the grid scrolled five lines down by the wheel
        var harness = harness()
        for _ in 0..<5 { harness.send(.input(.mouseWheel(.down))) }
        #expect(harness.model.list.visibleItems == 15..<24)

        // When the wheel turns back one notch
        let up = harness.send(.input(.mouseWheel(.up)))

        // Then the whole line above the view is prefetched
        #expect(harness.model.list.prefetchItems == 9..<12)
        for id in 9..<12 { #expect(up.loadPriorities(of: "\(id)") == [.low], "cell \(id)") }
    }

    @Test func hAndLMoveSidewaysAndEOpensTheEventLog() {
        var harness = harness()
        harness.press("ll")
        #expect(harness.model.list.focus == 2)
        harness.press("l")
        #expect(harness.model.list.focus == 3)
        harness.press(.left)
        #expect(harness.model.list.focus == 2)
        harness.press("h")
        #expect(harness.model.list.focus == 1)
        // l moved the focus, it did not open the event log; e does
        #expect(harness.model.panelHeight == 0)
        harness.press("e")
        #expect(harness.model.panelHeight > 0)
    }

    @Test func aClickFocusesTheCellUnderItAndASecondClickOpensIt() {
        // Given the grid at the top
        var harness = harness()

        // When the user clicks inside the third cell of the second line (screen row 9, column 40)
        let clicked = harness.send(.input(.mouseClick(CellPoint(row: 9, column: 40))))

        // Then that cell has the focus, and nothing scrolled
        #expect(harness.model.list.focus == 5)
        #expect(clicked.loads.isEmpty)
        #expect(harness.model.detailKey == nil)

        // When the same cell is clicked again
        harness.send(.input(.mouseClick(CellPoint(row: 10, column: 38))))

        // Then its detail view opens
        #expect(harness.model.detailKey == PhotoKey(id: "5"))
    }

    @Test func clicksOutsideCellsDoNothingAndACutOffCellScrollsIntoView() {
        var harness = harness()
        // The status bar, and the gap to the right of the last column, hold no cell
        harness.send(.input(.mouseClick(CellPoint(row: 20, column: 5))))
        harness.send(.input(.mouseClick(CellPoint(row: 3, column: 60))))
        #expect(harness.model.list.focus == 0)
        // The third line is cut off: clicking it focuses and reveals it
        harness.send(.input(.mouseClick(CellPoint(row: 17, column: 20))))
        #expect(harness.model.list.focus == 7)
        #expect(harness.model.list.firstLine == 1)
    }

    @Test func switchingLayoutsKeepsTheFocusedPhotoInView() {
        // Given the focus on photo 20 in the grid
        var harness = harness()
        harness.press("jjjjjjll")
        #expect(harness.model.list.focus == 20)

        // When the user switches to the list
        let toList = harness.press("v")

        // Then photo 20 still has the focus, on screen, and the list's newly visible items load
        #expect(harness.model.options.layout == .list)
        #expect(harness.model.list.columns == 1)
        #expect(harness.model.list.focus == 20)
        #expect(harness.model.list.visibleItems.contains(20))
        #expect(toList.loadPriorities(of: "20").isEmpty)
        #expect(harness.model.message == "layout: list")

        // And back in the grid it is still there
        harness.press("v")
        #expect(harness.model.list.columns == 3)
        #expect(harness.model.list.focus == 20)
        #expect(harness.model.list.visibleItems.contains(20))
    }

    @Test func resizingReflowsTheGridAroundTheFocusedPhoto() {
        // Given the focus on photo 20
        var harness = harness()
        harness.press("jjjjjjll")

        // When the terminal widens to fit five columns
        let wider = harness.send(.input(.resize(CellSize(columns: 90, rows: 21))))

        // Then the grid reflows with photo 20's line at the top; the cells that came into view load
        #expect(harness.model.list.columns == 5)
        #expect(harness.model.list.visibleItems == 20..<35)
        #expect(wider.loadPriorities(of: "34") == [.high])
        #expect(wider.cancels("15"))
    }

    @Test func theNextPageIsAskedForWhenTheLastLinesComeNear() {
        // Given a first page of 30 photos with more to come
        var harness = harness(count: 30, hasMore: true)
        #expect(harness.effects.pageRequests == 1)

        // When the focus moves down three lines: the last line is still more than two screens away
        #expect(harness.press("jjj").pageRequests == 0)

        // Then one line further the next page is asked for
        #expect(harness.press("j").pageRequests == 1)
    }

    @Test func aGrowingAutomaticBoxRedrawsKeptPicturesAndReloadsThoseTooSmall() throws {
        // Given the list with --thumb auto on 80×24, item 0 loaded at the size it asked for
        var harness = FeedHarness(screen: CellSize(columns: 80, rows: 24), options: FeedViewerOptions(prefetch: 0))
        harness.showPage(TestPhotos.files(10))
        let small = try #require(harness.model.requestedPixels(of: PhotoKey(id: "0")))
        harness.deliver(FakeImages.success(width: small.width, height: small.height), to: "0")
        let before = try #require(harness.model.picture(of: PhotoKey(id: "0")))

        // When the terminal grows to 140×45 (the box grows with it)
        let grown = harness.send(.input(.resize(CellSize(columns: 140, rows: 45))))

        // Then item 0 keeps a picture redrawn for the bigger box, and reloads at the bigger size
        let after = try #require(harness.model.picture(of: PhotoKey(id: "0")))
        #expect(after.size.columns > before.size.columns)
        #expect(grown.loadPriorities(of: "0") == [.high])
        let large = try #require(harness.model.requestedPixels(of: PhotoKey(id: "0")))
        #expect(large.width > small.width)
    }
}

extension UpdateGridTests {
    @Test func inTheDetailViewJAndKStepThroughPhotosOneByOne() {
        // Given the detail view of photo 4 opened from the grid
        var harness = harness()
        harness.press("llll")
        harness.press(.enter)
        #expect(harness.model.detailKey == PhotoKey(id: "4"))

        // When the user presses j, then k twice
        harness.press("j")
        #expect(harness.model.detailKey == PhotoKey(id: "5"))
        harness.press("kk")

        // Then the next and previous photos are shown, not the ones a grid line away
        #expect(harness.model.detailKey == PhotoKey(id: "3"))
        #expect(harness.model.list.focus == 3)
    }
}
