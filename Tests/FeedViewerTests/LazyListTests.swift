import Testing
import FeedViewer

/// A list of 100 rows, 10 lines each, in a 35-line viewport: 4 rows visible (the 4th cut off), 3 in full.
private func makeList(rows: Int = 100, viewport: Int = 35, prefetch: Int = 2) -> LazyList {
    LazyList(itemCount: rows, lineHeight: 10, viewportHeight: viewport, prefetchDistance: prefetch)
}

@Suite("LazyList")
struct LazyListTests {
    @Test func initialStateShowsTopRowsAndPrefetchesAhead() {
        // Given a fresh list
        let list = makeList()
        // Then the first rows are visible (the partially shown one included) and the next two prefetched
        #expect(list.visibleItems == 0..<4)
        #expect(list.pageLines == 3)
        #expect(list.prefetchItems == 4..<6)
        #expect(list.focus == 0)
        #expect(list.line(ofItem: 2) == 20)
        #expect(list.item(atLine: 34) == 3)
    }

    @Test func scrollingDownReportsAppearedDisappearedAndPrefetchChanges() {
        // Given a list at the top
        var list = makeList()
        // When it scrolls down by two rows
        let diff = list.scroll(by: 2)
        // Then rows 0 and 1 disappear, 4 and 5 appear (leaving the prefetch), 6 and 7 enter it
        #expect(diff.disappeared == [0, 1])
        #expect(diff.appeared == [4, 5])
        #expect(diff.leftPrefetch == [4, 5])
        #expect(diff.enteredPrefetch == [6, 7])
        #expect(diff.scrolled)
        // And the focus was carried into view
        #expect(list.focus == 2)
        #expect(diff.oldFocus == 0 && diff.newFocus == 2)
    }

    @Test func transitionsGiveEachRowsOldAndNewRole() {
        var list = makeList()
        let diff = list.scroll(by: 2)
        let transitions = Dictionary(uniqueKeysWithValues: diff.transitions.map { ($0.item, ($0.from, $0.to)) })
        #expect(transitions[0]! == (.visible, .offscreen))
        #expect(transitions[4]! == (.prefetch, .visible))
        #expect(transitions[6]! == (.offscreen, .prefetch))
        #expect(transitions[2] == nil)
    }

    @Test func directionChangeMovesThePrefetchWindowBehind() {
        // Given a list scrolled down to row 10
        var list = makeList()
        _ = list.scroll(by: 10)
        #expect(list.prefetchItems == 14..<16)
        // When the user scrolls up by one
        let diff = list.scroll(by: -1)
        // Then the prefetch window flips above the viewport
        #expect(list.direction == .backward)
        #expect(list.prefetchItems == 7..<9)
        #expect(diff.appeared == [9])
        #expect(diff.disappeared == [13])
        #expect(diff.leftPrefetch == [14, 15])
        #expect(diff.enteredPrefetch == [7, 8])
    }

    @Test func focusMovesScrollOnlyWhenTheFocusWouldLeaveTheFullyVisibleRows() {
        var list = makeList()
        // When the focus moves within the fully visible rows
        var diff = list.moveFocus(by: 2)
        // Then nothing scrolls
        #expect(!diff.scrolled && diff.appeared.isEmpty)
        #expect(list.focus == 2)
        // When it moves past the last fully visible row
        diff = list.moveFocus(by: 1)
        // Then the list scrolls by exactly one row
        #expect(list.firstLine == 1)
        #expect(diff.appeared == [4])
        #expect(diff.disappeared == [0])
        // And moving back up past the top scrolls back
        _ = list.moveFocus(by: -3)
        #expect(list.focus == 0 && list.firstLine == 0)
    }

    @Test func focusIsClampedToTheList() {
        var list = makeList(rows: 5)
        _ = list.moveFocus(by: 100)
        #expect(list.focus == 4)
        #expect(list.firstLine == 2)
        _ = list.setFocus(-7)
        #expect(list.focus == 0 && list.firstLine == 0)
    }

    @Test func pagingMovesViewAndFocusByAPage() {
        var list = makeList()
        let diff = list.pageDown()
        #expect(list.firstLine == 3 && list.focus == 3)
        #expect(diff.appeared == [4, 5, 6])
        _ = list.pageUp()
        #expect(list.firstLine == 0 && list.focus == 0)
    }

    @Test func jumpingToTheEndAndBackReplacesTheVisibleRows() {
        var list = makeList()
        // When jumping to the end
        var diff = list.jumpToEnd()
        // Then the last rows are visible, the last is focused, prefetching looks backward
        #expect(list.visibleItems == 97..<100)
        #expect(list.focus == 99)
        #expect(diff.disappeared == [0, 1, 2, 3])
        #expect(diff.appeared == [97, 98, 99])
        #expect(list.prefetchItems == 95..<97)
        #expect(diff.leftPrefetch == [4, 5])
        // When jumping back to the top
        diff = list.jumpToTop()
        #expect(list.visibleItems == 0..<4 && list.focus == 0)
        #expect(diff.appeared == [0, 1, 2, 3])
        #expect(diff.enteredPrefetch == [4, 5])
    }

    @Test func resizeKeepsTheFocusVisible() {
        // Given a list with the focus on row 8 (rows 6–8 in full view)
        var list = makeList()
        _ = list.setFocus(8)
        #expect(list.firstLine == 6)
        // When the viewport shrinks to one row
        let diff = list.resize(viewportHeight: 10)
        // Then the focused row is the one shown
        #expect(list.visibleItems == 8..<9)
        #expect(diff.disappeared == [6, 7, 9])
        // When it grows again
        let grown = list.resize(viewportHeight: 50)
        #expect(list.visibleItems == 8..<13)
        #expect(grown.appeared == [9, 10, 11, 12])
    }

    @Test func rowTallerThanTheViewportStillHasAFocus() {
        var list = LazyList(itemCount: 10, lineHeight: 17, viewportHeight: 5)
        #expect(list.pageLines == 1)
        #expect(list.visibleItems == 0..<1)
        _ = list.moveFocus(by: 1)
        #expect(list.visibleItems == 1..<2)
    }

    @Test func emptyListIsInertAndStartsWhenRowsArrive() {
        // Given an empty list
        var list = makeList(rows: 0)
        #expect(list.visibleItems.isEmpty)
        #expect(list.prefetchItems.isEmpty)
        #expect(list.focus == nil)
        // Then movements do nothing
        #expect(list.moveFocus(by: 1).isEmpty)
        #expect(list.pageDown().isEmpty)
        #expect(list.jumpToEnd().isEmpty)
        // When the first page arrives
        let diff = list.setItemCount(30)
        // Then rows appear and the first is focused
        #expect(diff.appeared == [0, 1, 2, 3])
        #expect(diff.enteredPrefetch == [4, 5])
        #expect(list.focus == 0 && diff.newFocus == 0)
    }

    @Test func listShorterThanTheViewportShowsEverythingAndDoesNotScroll() {
        var list = makeList(rows: 2)
        #expect(list.visibleItems == 0..<2)
        #expect(list.prefetchItems.isEmpty)
        let diff = list.scroll(by: 5)
        #expect(!diff.scrolled)
        #expect(list.firstLine == 0)
    }

    @Test func rowCountGrowingAtTheEndExtendsVisibleAndPrefetchRows() {
        // Given a 5-row list scrolled to its end while scrolling forward
        var list = makeList(rows: 5)
        _ = list.moveFocus(by: 4)
        #expect(list.visibleItems == 2..<5)
        #expect(list.prefetchItems.isEmpty)
        // When the next page arrives
        let diff = list.setItemCount(25)
        // Then the cut-off row appears and the prefetch window fills
        #expect(diff.appeared == [5])
        #expect(diff.enteredPrefetch == [6, 7])
        #expect(list.focus == 4)
    }

    @Test func shrinkingTheRowCountClampsFocusAndOffset() {
        var list = makeList()
        _ = list.jumpToEnd()
        let diff = list.setItemCount(10)
        #expect(list.focus == 9)
        #expect(list.visibleItems == 7..<10)
        #expect(diff.disappeared == [97, 98, 99])
        _ = list.setItemCount(0)
        #expect(list.focus == nil && list.visibleItems.isEmpty)
    }

    @Test func prefetchDistanceChangeIsADiff() {
        var list = makeList()
        let diff = list.setPrefetchDistance(4)
        #expect(diff.enteredPrefetch == [6, 7])
        let none = list.setPrefetchDistance(0)
        #expect(none.leftPrefetch == [4, 5, 6, 7])
        #expect(list.prefetchItems.isEmpty)
    }
}
