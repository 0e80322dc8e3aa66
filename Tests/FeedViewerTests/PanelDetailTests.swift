import Testing
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

@Suite("Panels: detail frame and footer rows")
struct PanelDetailTests {
    let model = DetailFrameModel(
        title: "Alejandro Escamilla", id: "1084", imageSize: CellSize(columns: 5616, rows: 3744),
        source: "embedded · 127.0.0.1:41893", state: .loading(completed: 120_000, expected: 280_000, resumedFrom: nil))

    @Test func layoutGivesTheBoxInsideTheChrome() throws {
        // Given an 80×24 screen
        let layout = try #require(DetailFrame.layout(in: CellSize(columns: 80, rows: 24)))
        // Then the picture box spans the middle, inside a border
        #expect(layout.thumbnail == CellRect(row: 3, column: 1, rows: 18, columns: 78))
        #expect(layout.stateRow == 22)
        #expect(layout.hintRow == 23)
        #expect(DetailFrame.layout(in: CellSize(columns: 80, rows: 7)) == nil)
    }

    @Test func loadingDetailFrame() {
        let screen = MemoryScreen(size: CellSize(columns: 50, rows: 14))
        let box = DetailFrame.draw(model, on: screen, frame: 2, options: RowRenderOptions(placeholder: .spinner))
        #expect(box == DetailFrame.layout(in: screen.size)?.thumbnail)
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "panel-detail-loading.txt")
    }

    @Test func failedDetailFrameOffersRetry() {
        var failed = model
        failed.state = .failed(reason: "HTTP 500")
        failed.title = "Eve\u{1B}[2J"
        let screen = MemoryScreen(size: CellSize(columns: 40, rows: 10))
        DetailFrame.draw(failed, on: screen, options: RowRenderOptions(glyphs: .ascii))
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "panel-detail-failed.txt")
    }

    @Test func tooSmallDetailFrameSaysSo() {
        let (block, box) = DetailFrame.render(model, size: CellSize(columns: 30, rows: 3))
        #expect(box == nil)
        #expect(block.size == CellSize(columns: 30, rows: 3))
    }

    @Test func footerRows() {
        let screen = MemoryScreen(size: CellSize(columns: 40, rows: 3))
        screen.draw(FeedFooterRow.render(.loadingMore(frame: 1), width: 40), at: .zero)
        screen.draw(FeedFooterRow.render(.endOfFeed(count: 45), width: 40), at: CellPoint(row: 1, column: 0))
        screen.draw(FeedFooterRow.render(.pageFailed("HTTP 503"), width: 40, glyphs: .ascii), at: CellPoint(row: 2, column: 0))
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "panel-footer-rows.txt")
    }
}
