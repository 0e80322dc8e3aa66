import Testing
import TerminalUI
import TerminalScreen
import TerminalGraphics

@Suite("Panels: detail frame and footer rows")
struct PanelDetailTests {
    let model = DetailFrameModel(
        title: "Alejandro Escamilla", id: "1084", imageSize: TerminalSize(rows: 3744, columns: 5616),
        source: "embedded · 127.0.0.1:41893", state: .loading(completed: 120_000, expected: 280_000, resumedFrom: nil))

    @Test func layoutGivesTheBoxInsideTheChrome() throws {
        // Given an 80×24 screen
        let layout = try #require(DetailFrame.layout(in: TerminalSize(rows: 24, columns: 80)))
        // Then the picture box spans the middle, inside a border
        #expect(layout.thumbnail == CellRect(row: 3, column: 1, rows: 18, columns: 78))
        #expect(layout.stateRow == 22)
        #expect(layout.hintRow == 23)
        #expect(DetailFrame.layout(in: TerminalSize(rows: 7, columns: 80)) == nil)
    }

    @Test func loadingDetailFrame() {
        let screen = MemoryScreen(size: TerminalSize(rows: 14, columns: 50))
        let box = DetailFrame.draw(model, on: screen, frame: 2, options: RowRenderOptions(placeholder: .spinner))
        #expect(box == DetailFrame.layout(in: screen.size)?.thumbnail)
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "panel-detail-loading.txt")
    }

    @Test func failedDetailFrameOffersRetry() {
        var failed = model
        failed.state = .failed(reason: "HTTP 500")
        failed.title = "Eve\u{1B}[2J"
        let screen = MemoryScreen(size: TerminalSize(rows: 10, columns: 40))
        DetailFrame.draw(failed, on: screen, options: RowRenderOptions(glyphs: .ascii))
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "panel-detail-failed.txt")
    }

    @Test func tooSmallDetailFrameSaysSo() {
        let (block, box) = DetailFrame.render(model, size: TerminalSize(rows: 3, columns: 30))
        #expect(box == nil)
        #expect(block.size == TerminalSize(rows: 3, columns: 30))
    }

    @Test func footerRows() {
        let screen = MemoryScreen(size: TerminalSize(rows: 3, columns: 40))
        screen.draw(FeedFooterRow.render(.loadingMore(frame: 1), width: 40), at: .zero)
        screen.draw(FeedFooterRow.render(.endOfFeed(count: 45), width: 40), at: CellPoint(row: 1, column: 0))
        screen.draw(FeedFooterRow.render(.pageFailed("HTTP 503"), width: 40, glyphs: .ascii), at: CellPoint(row: 2, column: 0))
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "panel-footer-rows.txt")
    }
}
