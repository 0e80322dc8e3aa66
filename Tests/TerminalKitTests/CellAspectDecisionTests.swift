import Testing
import TerminalKit
import Vocabulary

/// Where the cell's proportions come from: the flag, the terminal's reported cell, its text
/// area divided by the grid, the window size, the family's font, else 1:2, and why.
@Suite struct CellAspectDecisionTests {
    private func replies(_ text: String, window: (pixelWidth: Int, pixelHeight: Int) = (0, 0)) -> TerminalReplies {
        var replies = TerminalReplies()
        replies.setWindowSize(rows: 40, columns: 120, pixelWidth: window.pixelWidth, pixelHeight: window.pixelHeight)
        replies.feed(Array(text.utf8))
        return replies
    }

    @Test func theFlagWinsOverEverythingReported() {
        // Given a terminal reporting 8×19 cells, and --cell-aspect 1:2
        let heard = replies("\u{1B}[6;19;8t")
        // When it is decided
        let decision = CellAspect.decide(flag: (.standard, "--cell-aspect"), replies: heard)
        // Then the flag's aspect is used, and said to come from it
        #expect(decision == CellAspect.Decision(aspect: .standard, source: "--cell-aspect"))
    }

    @Test func theReportedCellComesFirstThenTheTextAreaThenTheWindow() {
        // Given: CSI 16 t's 8×19; CSI 14 t's 1080×600 over 120×40 (9×15); the window's 1200×880 (10×22)
        let cell = CellAspect.decide(flag: nil, replies: replies("\u{1B}[6;19;8t\u{1B}[4;600;1080t", window: (1200, 880)))
        let area = CellAspect.decide(flag: nil, replies: replies("\u{1B}[4;600;1080t", window: (1200, 880)))
        let window = CellAspect.decide(flag: nil, replies: replies("", window: (1200, 880)))
        // Then each is taken in that order, and named
        #expect(cell == CellAspect.Decision(aspect: CellAspect(width: 8, height: 19)!, source: "CSI 16 t: cell 8×19 px"))
        #expect(area == CellAspect.Decision(aspect: CellAspect(width: 9, height: 15)!, source: "CSI 14 t ÷ grid: cell 9×15 px"))
        #expect(window == CellAspect.Decision(aspect: CellAspect(width: 10, height: 22)!, source: "TIOCGWINSZ: cell 10×22 px"))
        // And a window size read apart (show with nothing left to ask) counts as the window's
        let apart = CellAspect.decide(flag: nil, replies: nil, window: PixelSize(width: 16, height: 32))
        #expect(apart.aspect.ratio == 2 && apart.source == "TIOCGWINSZ: cell 16×32 px")
    }

    @Test func nothingReportedIsTheDocumentedDefault() {
        // Given a terminal that says nothing of its cells, and no terminal at all
        // Then 1:2, said to be the default; the Linux console's font is known to be 8×16
        #expect(CellAspect.decide(flag: nil, replies: replies("")) == .standard)
        #expect(CellAspect.decide(flag: nil, replies: nil) == .standard)
        #expect(CellAspect.decide(flag: nil, replies: nil, family: .linuxConsole).source == "the Linux console's font: cell 8×16 px")
    }

    @Test func nonsenseFallsBackToTheDefaultWithTheReason() {
        // Given a terminal answering 0×0 cells, 1×500 cells, or a believed size no font has (2×200)
        let zero = CellAspect.decide(flag: nil, replies: replies("\u{1B}[6;0;0t"))
        let absurd = CellAspect.decide(flag: nil, replies: replies("\u{1B}[6;500;1t"))
        let shapeless = CellAspect.decide(flag: nil, replies: replies("\u{1B}[6;200;2t"))
        // Then each is 1:2, and the source says what was passed over
        #expect(zero.aspect == .standard && zero.source == "default: cell 0×0 px out of bounds")
        #expect(absurd.aspect == .standard && absurd.source == "default: cell 1×500 px out of bounds")
        #expect(shapeless.aspect == .standard)
        #expect(shapeless.source == "default: CSI 16 t said cell 2×200 px, not a font's shape")
        // And a nonsense report does not hide a good window size behind it
        let rescued = CellAspect.decide(flag: nil, replies: replies("\u{1B}[6;0;0t", window: (960, 760)))
        #expect(rescued.aspect == CellAspect(width: 8, height: 19)!)
    }

    @Test func insideTmuxTheOuterTerminalsPassedThroughAnswerCounts() {
        // Given tmux's pane: the outer terminal's CSI 16 t answer came back through passthrough
        // (the probe reads it as any reply), the pane's window size says nothing
        let heard = replies("\u{1B}P>|tmux 3.4\u{1B}\\\u{1B}[6;17;8t\u{1B}[?62;c")
        // Then the outer terminal's cell is used
        #expect(CellAspect.decide(flag: nil, replies: heard).aspect == CellAspect(width: 8, height: 17)!)
    }
}
