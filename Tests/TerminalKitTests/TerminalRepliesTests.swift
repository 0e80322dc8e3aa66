import Testing
import TerminalKit
import Vocabulary

@Suite struct TerminalRepliesTests {
    private func replies(_ text: String, rows: Int = 40, columns: Int = 120) -> TerminalReplies {
        var replies = TerminalReplies()
        replies.setSizeInCells(rows: rows, columns: columns)
        replies.feed(Array(text.utf8))
        return replies
    }

    @Test func believableCellSizesAreTaken() {
        // Given: a cell of 10×20 px, and a text area of 1200×800 px over 120×40 cells
        let direct = replies("\u{1B}[6;20;10t")
        let derived = replies("\u{1B}[4;800;1200t")
        // Then: both give 10×20
        #expect(direct.cellPixels == PixelSize(width: 10, height: 20))
        #expect(derived.cellPixels == PixelSize(width: 10, height: 20))
        #expect(direct.rejectedGeometry.isEmpty)
    }

    @Test func zeroAndHugeCellsAreIgnoredNotDividedBy() {
        // Given: hostile geometry: 0-pixel cells, 65535-pixel cells, a text area that works out
        // to 0-pixel cells, and one larger than any screen
        let hostile = [
            "\u{1B}[6;0;0t", "\u{1B}[6;65535;65535t", "\u{1B}[4;10;10t", "\u{1B}[4;65535;65535t", "\u{1B}[6;20;1t",
        ]
        for reply in hostile {
            let heard = replies(reply)
            // Then: no cell size is believed, and why is noted
            #expect(heard.cellPixels == nil, "\(reply)")
            #expect(!heard.rejectedGeometry.isEmpty, "\(reply)")
        }
        // And: a zero-sized terminal divides nothing
        var empty = TerminalReplies()
        empty.setSizeInCells(rows: 0, columns: 0)
        empty.feed(Array("\u{1B}[4;800;1200t".utf8))
        #expect(empty.cellPixels == nil)
    }

    @Test func theBoundsAreStated() {
        #expect(TerminalReplies.cellWidthRange == 2...128)
        #expect(TerminalReplies.cellHeightRange == 4...256)
        #expect(TerminalReplies.believedCell(width: 128, height: 256) != nil)
        #expect(TerminalReplies.believedCell(width: 129, height: 20) == nil)
    }

    @Test func keysAmongRepliesAreKeptInOrder() {
        // Given: a user typing j and q while the terminal answers
        let heard = replies("j\u{1B}_Gi=31;OK\u{1B}\\q\u{1B}[?62;4c")
        // Then: the two keys, kept in order, and kitty graphics, sixel, and the fence
        #expect(heard.typedAhead == [.key(.character("j")), .key(.character("q"))])
        #expect(heard.kittyGraphics && heard.sixel && heard.isComplete)
    }

    @Test func keysBetweenPartialRepliesAreSplitFromThemWhateverThePieces() {
        // Given: j, Ctrl-C, an arrow and a wheel notch typed between replies that arrive cut
        // anywhere (inside the kitty reply, inside the version, inside the fence)
        let pieces = [
            "j\u{1B}_Gi=31;O", "K\u{1B}\\\u{03}\u{1B}P>|kit", "ty(0.47)\u{1B}", "\\\u{1B}[A\u{1B}[<65;2;3Mj\u{1B}[?6",
            "2;c",
        ]
        var heard = TerminalReplies()
        for piece in pieces { heard.feed(Array(piece.utf8)) }
        // Then: every reply is heard, and the keys are kept apart from them, in the order typed
        #expect(heard.kittyGraphics && heard.version == "kitty(0.47)" && heard.isComplete)
        #expect(
            heard.typedAhead == [
                .key(.character("j")), .key(.control("c")), .key(.up),
                .mouse(MouseReport(action: .wheelDown, row: 2, column: 1, control: false)), .key(.character("j")),
            ])
        // And: split a byte at a time, the same
        var bytewise = TerminalReplies()
        for byte in pieces.joined().utf8 { bytewise.feed([byte]) }
        #expect(bytewise.typedAhead == heard.typedAhead && bytewise.version == heard.version && bytewise.isComplete)
    }

    @Test func aReplyCutByTheDeadlineLeavesNoKeyAndTheKeysBeforeItAreKept() {
        // Given: q typed, then half of a version reply (whose text holds a q) when the probe stops
        let heard = replies("q\u{1B}P>|qq")
        // Then: only the typed q is input; the reply's q waits in the parser for its end
        #expect(heard.typedAhead == [.key(.character("q"))])
        #expect(heard.inputParser.waiting == .sequence)
    }

    @Test func aTerminalPouringNoiseIsNotKeptWhole() {
        let heard = replies(String(repeating: "x", count: TerminalReplies.maximumTypedAhead + 10))
        #expect(heard.typedAhead.count == TerminalReplies.maximumTypedAhead)
    }

    @Test func onlyOurOwnKittyQueriesCount() {
        // Given: an OK for an image id we never asked about, and an error for ours
        let heard = replies("\u{1B}_Gi=7;OK\u{1B}\\\u{1B}_Gi=31;ENOENT:no\u{1B}\\")
        // Then: no kitty graphics
        #expect(!heard.kittyGraphics && !heard.kittyFileTransmission)
    }
}

@Suite struct ColorDepthTests {
    private func decide(
        _ text: String? = nil, environment: [String: String] = ["TERM": "xterm"], tmux: Bool? = nil,
        terminfo: Int? = 8, flag: ColorDepth? = nil
    ) -> ColorDepth.Decision {
        var replies: TerminalReplies?
        if let text {
            replies = TerminalReplies()
            replies?.feed(Array(text.utf8))
        }
        return ColorDepth.decide(flag: flag, environment: environment, replies: replies, tmuxPassesTrueColor: tmux, terminfoColors: terminfo)
    }

    @Test func debiansStockXtermGets24BitFromItsOwnAnswer() {
        // Given: XTerm 379 with TERM=xterm (8 colours in terminfo), no COLORTERM
        let decision = decide("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[>41;379;0c\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c")
        // Then: 24-bit, and the answer says why
        #expect(decision.depth == .truecolor)
        #expect(decision.source == "terminal: XTerm(379)")
        // And: an old XTerm is left to terminfo
        #expect(decide("\u{1B}P>|XTerm(330)\u{1B}\\\u{1B}[?1;2c").depth == .ansi16)
        // And: DA2 alone names XTerm too
        #expect(decide("\u{1B}[>41;379;0c\u{1B}[?1;2c").depth == .truecolor)
    }

    @Test func cannedTerminals() {
        let cases: [(String, String, ColorDepth)] = [
            ("kitty", "\u{1B}P>|kitty(0.47.1)\u{1B}\\\u{1B}[?62;c", .truecolor),
            ("foot", "\u{1B}P>|foot(1.13.1)\u{1B}\\\u{1B}[?62;4;22c", .truecolor),
            ("WezTerm", "\u{1B}P>|WezTerm 20230712\u{1B}\\\u{1B}[?65;4;6;18;22c", .truecolor),
            ("VTE", "\u{1B}[>65;7000;1c\u{1B}[?65;1;9c", .truecolor),
            ("XTGETTCAP RGB", "\u{1B}P1+r524742=382F382F38\u{1B}\\\u{1B}[?1;2c", .truecolor),
            ("XTGETTCAP colors 256", "\u{1B}P1+r636F6C6F7273=323536\u{1B}\\\u{1B}[?1;2c", .ansi16),
            ("silent", "", .ansi16),
        ]
        for (name, reply, expected) in cases {
            #expect(decide(reply).depth == expected, "\(name)")
        }
    }

    @Test func insideTmuxWhatTmuxPassesWins() {
        // Given: kitty answers through passthrough, inside a tmux with and without RGB
        let kitty = "\u{1B}P>|kitty(0.47.1)\u{1B}\\\u{1B}[?62;c"
        #expect(decide(kitty, tmux: true).depth == .truecolor)
        #expect(decide(kitty, tmux: false).depth == .palette256)
    }

    @Test func flagsAndNoColorBeatEverything() {
        let kitty = "\u{1B}P>|kitty(0.47.1)\u{1B}\\\u{1B}[?62;c"
        #expect(decide(kitty, flag: .palette256).depth == .palette256)
        #expect(decide(kitty, environment: ["TERM": "xterm-kitty", "NO_COLOR": "1"]).depth == ColorDepth.none)
        // And: an empty NO_COLOR means nothing
        #expect(decide(kitty, environment: ["TERM": "xterm-kitty", "NO_COLOR": ""]).depth == .truecolor)
    }

    @Test func withoutAnAnswerColortermThenTerminfoThenTheName() {
        #expect(decide(environment: ["TERM": "xterm", "COLORTERM": "truecolor"]).depth == .truecolor)
        #expect(decide(environment: ["TERM": "xterm-256color"], terminfo: 256).depth == .palette256)
        #expect(decide(environment: ["TERM": "xterm-256color"], terminfo: nil).depth == .palette256)
        #expect(decide(environment: ["TERM": "dumb"], terminfo: nil).depth == ColorDepth.none)
        #expect(decide(environment: [:], terminfo: nil).depth == ColorDepth.none)
    }
}
