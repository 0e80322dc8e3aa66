import Testing
import TerminalScreen

@Suite("Printed frames: the escapes that redraw output in place")
struct PrintedFramesTests {
    @Test func aFrameRedrawnOverTheLastGoesUpItsRowsInsideSynchronizedOutput() {
        // Given a frame of 3 rows on screen
        // When the next one is written over it
        let bytes = PrintedFrames.beginSynchronized + PrintedFrames.lineStart(rowsUp: 3) + PrintedFrames.endSynchronized
        // Then the cursor goes up 3 lines to their start, and the whole is one synchronized update
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[?2026h\u{1B}[3A\r\u{1B}[?2026l")
        #expect(PrintedFrames.hideCursor + PrintedFrames.showCursor == Array("\u{1B}[?25l\u{1B}[?25h".utf8))
    }
}
