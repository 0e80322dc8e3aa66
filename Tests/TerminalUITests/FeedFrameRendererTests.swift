import Testing
import TerminalUI

@Suite("Feed frame rendering")
struct FeedFrameRendererTests {
    private let thumbnail = TerminalSize(rows: 4, columns: 10)
    private let screenSize = TerminalSize(rows: 13, columns: 50)

    /// Three rows of 5 lines in a 12-line viewport: rows 0 and 1 in full, row 2 cut after 2 lines.
    private func makeFrame(showsHelp: Bool = false) -> FeedFrame {
        let list = LazyList(
            rowCount: 40, rowHeight: thumbnail.rows + 1, viewportHeight: FeedFrame.viewportHeight(for: screenSize))
        let rows: [Int: RowViewModel] = [
            0: RowViewModel(author: "Loaded Lee", id: "0", imageSize: TerminalSize(rows: 600, columns: 800),
                            state: .loaded(source: .memory, bytes: 1, duration: .zero),
                            thumbnail: CellBlock(size: TerminalSize(rows: 4, columns: 10), fill: ScreenCell("█"))),
            1: RowViewModel(author: "Slow Sam", id: "1", state: .loading(completed: 5_000, expected: 10_000, resumedFrom: nil)),
            2: RowViewModel(author: "Failing Fay", id: "2", state: .failed(reason: "timed out")),
        ]
        return FeedFrame(
            list: list, rows: rows,
            status: StatusMetrics(feedSource: "test", focusedRow: 0, rowCount: 40),
            thumbnail: thumbnail, options: RowRenderOptions(placeholder: .spinner), showsHelp: showsHelp)
    }

    @Test func fullFrameShowsVisibleRowsClippedAboveTheStatusBar() {
        let screen = MemoryScreen(size: screenSize)
        FeedFrameRenderer.draw(
            FrameUpdate(fullRedraw: true, rows: [], status: true, animationFrame: 2), of: makeFrame(), on: screen)
        Golden.assertMatches(screen.plainText(), named: "feed-frame.txt")
    }

    @Test func partialUpdateRedrawsOnlyTheNamedRows() {
        // Given a drawn frame
        let screen = MemoryScreen(size: screenSize)
        var frame = makeFrame()
        FeedFrameRenderer.draw(
            FrameUpdate(fullRedraw: true, rows: [], status: true, animationFrame: 0), of: frame, on: screen)
        let before = screen.plainText().split(separator: "\n", omittingEmptySubsequences: false)
        // When row 0 and row 1 change but only row 1 is named
        frame.rows[0]?.author = "Changed Row Zero"
        frame.rows[1]?.state = .loaded(source: .disk, bytes: 1, duration: .zero)
        FeedFrameRenderer.draw(
            FrameUpdate(fullRedraw: false, rows: [1], status: false, animationFrame: 1), of: frame, on: screen)
        let after = screen.plainText().split(separator: "\n", omittingEmptySubsequences: false)
        // Then row 0 is untouched and row 1 shows its new state
        #expect(after[0] == before[0])
        #expect(after[7].contains("disk"))
    }

    @Test func helpOverlayIsDrawnOnTopOfTheRows() {
        let screen = MemoryScreen(size: TerminalSize(rows: 30, columns: 60))
        var frame = makeFrame(showsHelp: true)
        _ = frame.list.resize(viewportHeight: FeedFrame.viewportHeight(for: screen.size))
        FeedFrameRenderer.draw(
            FrameUpdate(fullRedraw: true, rows: [], status: true, animationFrame: 0), of: frame, on: screen)
        #expect(screen.plainText().contains("retry all failed rows"))
    }

    @Test func tinyTerminalShowsTheMessageInstead() {
        let screen = MemoryScreen(size: TerminalSize(rows: 4, columns: 20))
        FeedFrameRenderer.draw(
            FrameUpdate(fullRedraw: true, rows: [], status: true, animationFrame: 0), of: makeFrame(), on: screen)
        #expect(screen.plainText().contains("terminal too"))
        #expect(screen.plainText().contains("25×6"))
    }
}
