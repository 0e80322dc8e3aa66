import Testing
import FeedViewer
import TerminalGraphics
import Vocabulary

/// The grid's geometry, and ``LazyList`` driving it: visible cells, appear/disappear diffs,
/// focus in two dimensions, reflow on resize.
@Suite("GridLayout")
struct GridLayoutTests {
    /// 10 cells of 16×6 boxes on a 64-column screen: stride 18, so 3 columns; lines of 8 cells.
    private let box = CellSize(columns: 16, rows: 6)

    /// A grid list of `count` items for `viewport`, from the layout's own geometry.
    private func list(count: Int = 40, viewport: CellSize = CellSize(columns: 64, rows: 20), prefetch: Int = 1)
        -> LazyList
    {
        let geometry = GridLayout(thumbnail: box).geometry(for: viewport)
        return LazyList(
            itemCount: count, lineHeight: geometry.lineHeight, columns: geometry.columns, viewportHeight: viewport.rows,
            prefetchDistance: prefetch)
    }

    // MARK: Geometry

    @Test func columnsFollowTheWidthAndTheBox() {
        // Given 16×6 boxes (a cell is gutter + box + gap = 18 columns)
        let layout = GridLayout(thumbnail: box)
        // Then the columns are as many as fit, the last gap may fall off the edge
        #expect(layout.geometry(for: CellSize(columns: 64, rows: 20)).columns == 3)
        #expect(layout.geometry(for: CellSize(columns: 70, rows: 20)).columns == 3)
        #expect(layout.geometry(for: CellSize(columns: 71, rows: 20)).columns == 4)
        #expect(layout.geometry(for: CellSize(columns: 17, rows: 20)).columns == 1)
        #expect(layout.geometry(for: CellSize(columns: 89, rows: 20)).columns == 5)
        // And each cell is the box with its caption under it and a blank line
        let geometry = layout.geometry(for: CellSize(columns: 64, rows: 20))
        #expect(geometry.lineHeight == 8)
        #expect(geometry.columnStride == 18)
        #expect(geometry.picture == CellRect(row: 0, column: 1, rows: 6, columns: 16))
        #expect(geometry.text == CellRect(row: 6, column: 0, rows: 1, columns: 17))
        #expect(geometry.box(column: 2, top: 8).origin == CellPoint(row: 8, column: 36))
    }

    @Test func askedColumnsShareTheWidth() {
        // Given --columns 4 on a 120-column screen
        let geometry = GridLayout(columns: 4).geometry(for: CellSize(columns: 120, rows: 40))
        // Then four cells of 28-column boxes (120 / 4 − 2), 10 rows tall (3:2 photo, cells 1:2)
        #expect(geometry.columns == 4)
        #expect(geometry.picture.size == CellSize(columns: 28, rows: 10))
    }

    @Test func aTerminalNarrowerThanTheAskedColumnsGetsFewer() {
        // Given --columns 6 on a 20-column screen: boxes cannot shrink below 4 columns
        let geometry = GridLayout(columns: 6).geometry(for: CellSize(columns: 20, rows: 40))
        // Then as many 4-column boxes as fit
        #expect(geometry.picture.size.columns == 4)
        #expect(geometry.columns == 3)
    }

    @Test func automaticBoxFillsTheScreenInAboutFourLines() {
        // Given --thumb auto on the three reference screens (viewports without the status bar)
        let sizes = [(23, 80), (44, 140), (69, 240)].map { CellSize(columns: $0.1, rows: $0.0) }
        let geometries = sizes.map { GridLayout().geometry(for: $0) }
        // Then several columns share the width, and three to four lines show
        #expect(geometries.map(\.columns) == [5, 4, 5])
        #expect(geometries.map(\.picture.size) == [
            CellSize(columns: 14, rows: 4), CellSize(columns: 33, rows: 9), CellSize(columns: 46, rows: 15),
        ])
        for (geometry, size) in zip(geometries, sizes) {
            #expect((3...4).contains(size.rows / geometry.lineHeight), "\(size)")
            #expect(geometry.columns * geometry.columnStride <= size.columns + GridLayout.gap, "\(size)")
        }
    }

    @Test func aScreenSmallerThanOneCellDoesNotFit() {
        let geometry = GridLayout(thumbnail: box).geometry(for: CellSize(columns: 10, rows: 20))
        #expect(geometry.columns == 1)
        #expect(!geometry.fits(CellSize(columns: 10, rows: 21)))
        #expect(!geometry.fits(CellSize(columns: 64, rows: 8)))
        #expect(geometry.fits(CellSize(columns: 17, rows: 9)))
    }

    // MARK: Lazy list over the grid

    @Test func visibleCellsAreWholeLinesAndPrefetchIsTheNextLine() {
        // Given 3 columns, 8-line cells, a 20-line viewport: lines 0, 1 in full and line 2 cut off
        let list = list()
        // Then lines 0–2 (items 0–8) are visible, line 3 is prefetched whole
        #expect(list.visibleItems == 0..<9)
        #expect(list.pageLines == 2)
        #expect(list.prefetchItems == 9..<12)
        #expect(list.line(ofItem: 4) == 8)
        #expect(list.item(atLine: 9, column: 2) == 5)
        #expect(list.item(atLine: 9, column: 3) == nil)
    }

    @Test func scrollingALineMovesAWholeLineInAndOut() {
        // Given the grid at the top
        var list = list()
        // When it scrolls one line down
        let diff = list.scroll(by: 1)
        // Then the top line's three cells disappear, the prefetched line appears, the next is prefetched
        #expect(diff.disappeared == [0, 1, 2])
        #expect(diff.appeared == [9, 10, 11])
        #expect(diff.enteredPrefetch == [12, 13, 14])
        // And the focus was carried into view in its column
        #expect(list.focus == 3)
    }

    @Test func prefetchFlipsWhenScrollingBack() {
        var list = list()
        _ = list.scroll(by: 5)
        let diff = list.scroll(by: -1)
        #expect(list.prefetchItems == 9..<12)
        #expect(diff.appeared == [12, 13, 14])
        #expect(diff.disappeared == [21, 22, 23])
    }

    @Test func jumpingToTheEndShowsTheLastPartialLine() {
        // Given 40 items in 3 columns: 14 lines, the last holding item 39 alone
        var list = list()
        // When the user jumps to the end
        let diff = list.jumpToEnd()
        // Then the last two lines are in full view and the focus is on the last item
        #expect(list.focus == 39)
        #expect(list.firstLine == 12)
        #expect(list.visibleItems == 36..<40)
        #expect(diff.disappeared == Array(0..<9))
        #expect(diff.appeared == Array(36..<40))
        // And prefetching now looks backward, a whole line
        #expect(list.prefetchItems == 33..<36)
    }

    @Test func sidewaysMovesWrapAtLineEndsAndStopAtTheEnds() {
        var list = list()
        // At the first item, left stays
        _ = list.moveFocus(items: -1)
        #expect(list.focus == 0)
        // Right at the end of a line goes to the start of the next
        _ = list.setFocus(2)
        _ = list.moveFocus(items: 1)
        #expect(list.focus == 3)
        // And at the very last item, right stays
        _ = list.jumpToEnd()
        _ = list.moveFocus(items: 1)
        #expect(list.focus == 39)
    }

    @Test func downOntoTheLastPartialLineFocusesItsLastItem() {
        // Given the focus in the third column of the second-to-last line (item 38)
        var list = list()
        _ = list.setFocus(38)
        // When the focus moves down: the last line has only item 39
        _ = list.moveFocus(by: 1)
        // Then it lands on the last item
        #expect(list.focus == 39)
        // And up goes back a whole line, to the same column as the item it came from
        _ = list.moveFocus(by: -1)
        #expect(list.focus == 36)
        // And up at the top line stays
        _ = list.jumpToTop()
        _ = list.moveFocus(by: -1)
        #expect(list.focus == 0)
    }

    @Test func pageDownMovesAScreenOfLines() {
        var list = list()
        _ = list.setFocus(1)
        let diff = list.pageDown()
        #expect(list.firstLine == 2)
        #expect(list.focus == 7)
        #expect(diff.disappeared == Array(0..<6))
    }

    @Test func reflowOnResizeKeepsTheFocusedItemInView() {
        // Given the focus on item 20 (line 6 of 3 columns), scrolled so it is shown
        var list = list()
        _ = list.setFocus(20)
        #expect(list.visibleItems.contains(20))
        // When the screen widens to 5 columns
        let wide = GridLayout(thumbnail: box).geometry(for: CellSize(columns: 90, rows: 20))
        let diff = list.resize(viewportHeight: 20, lineHeight: wide.lineHeight, columns: wide.columns)
        // Then the grid reflows with the focused item's line at the top
        #expect(list.columns == 5)
        #expect(list.focus == 20)
        #expect(list.firstLine == 4)
        #expect(list.visibleItems == 20..<35)
        #expect(diff.scrolled)
        // And shrinking to one column keeps it too
        _ = list.resize(viewportHeight: 20, columns: 1)
        #expect(list.visibleItems.contains(20))
        #expect(list.line(ofItem: 20) == 0)
    }

    @Test func reflowNearTheEndKeepsTheLastLineFull() {
        // Given the focus on the last item
        var list = list()
        _ = list.jumpToEnd()
        // When the grid reflows to 5 columns (8 lines)
        _ = list.resize(viewportHeight: 20, columns: 5)
        // Then the view is clamped so the last line is in full view, the focus still visible
        #expect(list.focus == 39)
        #expect(list.firstLine == list.maxFirstLine)
        #expect(list.visibleItems.contains(39))
    }
}
