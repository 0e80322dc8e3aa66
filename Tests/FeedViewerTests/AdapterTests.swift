import BlockArt
import ImageCodecs
import ImageLoading
import Testing
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

@Suite("Adapters from BlockArt and ImageLoading")
struct AdapterTests {
    @Test func blockArtGridMapsCellForCell() throws {
        // Given a 2×1 block-art grid
        let grid = try #require(CellGrid(columns: 2, rows: 1, cells: [
            Cell(glyph: "▀", foreground: .rgb(255, 0, 0), background: .indexed(21)),
            Cell(glyph: " ", foreground: .default, background: .default),
        ]))
        // When it becomes a cell block
        let block = CellBlock(grid: grid)
        // Then glyphs and colours carry over
        #expect(block.size == CellSize(columns: 2, rows: 1))
        #expect(block[CellPoint(row: 0, column: 0)] == ScreenCell(
            "▀", style: CellStyle(foreground: .rgb(255, 0, 0), background: .indexed(21))))
        #expect(block[CellPoint(row: 0, column: 1)] == ScreenCell.blank)
    }

    @Test func phasesMapToDisplayStates() {
        #expect(RowDisplayState(phase: .idle) == .idle)
        #expect(RowDisplayState(phase: .loading(LoadProgress(completed: 120_000, total: 280_000)))
            == .loading(completed: 120_000, expected: 280_000, resumedFrom: nil))
        #expect(RowDisplayState(phase: .loading(LoadProgress(completed: 200_000, total: 280_000, resumedFrom: 168_000)))
            == .loading(completed: 200_000, expected: 280_000, resumedFrom: 168_000))
        #expect(RowDisplayState(phase: .failure(.httpStatus(500))) == .failed(reason: "HTTP 500"))
        #expect(StateLine.text(for: RowDisplayState(phase: .failure(.httpStatus(500)))).plain
            == "✗ HTTP 500 · r to retry")
    }

    @Test func successCarriesSourceBytesAndTime() {
        var timings = ImageResponse.Timings()
        timings.total = .milliseconds(240)
        let response = ImageResponse(
            bitmap: Bitmap(width: 1, height: 1), source: .network(resumedFrom: 168_000), byteCount: 280_000,
            bytesTransferred: 112_000, originalSize: PixelSize(width: 10, height: 10), timings: timings)
        let state = RowDisplayState(phase: .success(response))
        #expect(state == .loaded(source: .resumedNetwork(resumedFrom: 168_000), bytes: 280_000,
                                 duration: .milliseconds(240)))
        #expect(StateLine.text(for: state).plain == "resumed at 60% · 280 KB in 240 ms")
    }
}
