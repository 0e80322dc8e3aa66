import Testing
import TerminalScreen
import TerminalGraphics
import Vocabulary

@Suite("Cells and MemoryScreen")
struct ScreenTests {
    @Test func wideCharactersTakeTwoCellsAndAreNeverSplitAtTheEdge() {
        var block = CellBlock(size: CellSize(columns: 5, rows: 1))
        let written = block.write("日本語", at: .zero, style: .plain)
        #expect(written == 4)
        #expect(FrameText.plain(block) == "日本 ")
        #expect(block[CellPoint(row: 0, column: 1)]?.isContinuation == true)
        // A wide character starting in the last column becomes a blank.
        #expect(block.set("語", at: CellPoint(row: 0, column: 4), style: .plain) == 1)
        #expect(FrameText.plain(block) == "日本 ")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var block = CellBlock(size: CellSize(columns: 4, rows: 1))
        block.write("日本", at: .zero, style: .plain)
        block.set("x", at: CellPoint(row: 0, column: 1), style: .plain)
        #expect(FrameText.plain(block) == " x本")
        block.set("y", at: CellPoint(row: 0, column: 2), style: .plain)
        #expect(FrameText.plain(block) == " xy ")
    }

    @Test func memoryScreenShowsOnlyFlushedFramesAndClips() {
        let screen = MemoryScreen(size: CellSize(columns: 6, rows: 2))
        screen.put("hello world".map { ScreenCell($0) }, at: CellPoint(row: 1, column: 2))
        #expect(screen.plainText() == "      \n      ")
        screen.flush()
        #expect(screen.plainText() == "      \n  hell")
        screen.clear(CellRect(row: 1, column: 3, rows: 1, columns: 10))
        screen.flush()
        #expect(screen.plainText() == "      \n  h   ")
        #expect(screen.flushCount == 2)
    }

    @Test func ansiRenderingUsesMinimalSGRAndResetsEveryLine() {
        let screen = MemoryScreen(size: CellSize(columns: 3, rows: 2))
        let red = CellStyle(foreground: .indexed(196), attributes: .bold)
        screen.put([ScreenCell("a", style: red), ScreenCell("b", style: red), ScreenCell("c")], at: .zero)
        screen.put([ScreenCell("▀", style: CellStyle(foreground: .rgb(1, 2, 3), background: .rgb(4, 5, 6)))],
                   at: CellPoint(row: 1, column: 0))
        screen.flush()
        #expect(screen.ansiText() == "\u{1B}[0;1;38;5;196mab\u{1B}[0mc\u{1B}[0m\n\u{1B}[0;38;2;1;2;3;48;2;4;5;6m▀\u{1B}[0m  \u{1B}[0m")
    }

    @Test func scriptedInputIsReadInOrderAndResizeChangesTheSize() async {
        let screen = MemoryScreen(size: CellSize(columns: 20, rows: 10))
        screen.type("jk")
        screen.resize(to: CellSize(columns: 8, rows: 5))
        // The loop is woken (one buffered wake-up), then drains.
        var wakeups = screen.wakeups.makeAsyncIterator()
        #expect(await wakeups.next() != nil)
        #expect(screen.readInput(timeout: .zero) == .key(.character("j")))
        #expect(screen.readInput(timeout: .zero) == .key(.character("k")))
        #expect(screen.readInput(timeout: .seconds(5)) == .resize(CellSize(columns: 8, rows: 5)))
        #expect(screen.size == CellSize(columns: 8, rows: 5))
        #expect(screen.readInput(timeout: .seconds(5)) == nil)
    }

    @Test func cursorVisibility() {
        let screen = MemoryScreen(size: CellSize(columns: 1, rows: 1))
        screen.setCursorVisible(false)
        #expect(!screen.isCursorVisible)
    }
}
