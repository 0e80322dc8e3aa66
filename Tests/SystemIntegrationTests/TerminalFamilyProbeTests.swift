import BlockArt
import TerminalGraphics
import TerminalKit
import TerminalScreen
import TestSupport
import Testing
import Vocabulary

/// The start-up probe on a real pseudo-terminal answered as each terminal family answers
/// (the answers recorded in issue 38's fourteen terminals): which questions are sent — the
/// identification first, then only what that family can take — and what is chosen from the
/// answers (pictures, colours, symbols, cell size).
///
/// No ssh variable is unset on purpose: `SSH_TTY` is set so that no probe file is offered
/// (the kitty file query is the same question with a file; its rule is tested elsewhere).
@Suite("Probe: each terminal family is asked only what it takes", .serialized, .tags(.realTime))
struct TerminalFamilyProbeTests {
    static let identification = ["XTVERSION", "DA2", "DA1"]
    static let capabilities = ["XTGETTCAP RGB", "XTGETTCAP colors"]

    private struct Asked {
        var probe: GraphicsProbe
        var questions: [String]
        var profile: TerminalProfile
        var family: TerminalFamily { profile.family }
        var symbols: SymbolSet { SymbolSet.preferred(unicode: true, glyphs: family.blockGlyphs) }
    }

    /// Runs the viewer's probe against `answers` (a deadline far beyond an answer at once: the
    /// second fence ends the wait).
    private func ask(_ answers: TerminalAnswers, _ environment: [String: String]) throws -> Asked {
        var environment = environment
        environment["SSH_TTY"] = "/dev/pts/99"
        var answers = answers
        answers.environment = environment
        let terminal = try #require(FakeTerminal(answers))
        let probe = GraphicsProbe.run(
            .auto, input: terminal.follower, output: terminal.follower, environment: environment, deadline: .seconds(10))
        probe.restore()
        return Asked(
            probe: probe, questions: terminal.questions,
            profile: probe.profile(request: .auto, environment: environment, terminalType: environment["TERM"]))
    }

    @Test func xtermIsAskedEverythingButXTSMGRAPHICSAndDrawsBlocksIn24Bit() throws {
        let xterm = TerminalAnswers(
            environment: [:], version: "XTerm(379)", secondary: "41;379;0", primary: "?64;1;2;6;9;15;16;17;18;21;22;28",
            textArea: "4;480;800", synchronizedOutput: 0,
            capabilities: ["524742": "0+r524742", "636F6C6F7273": "1+r636F6C6F7273=38"])
        let asked = try ask(xterm, ["TERM": "xterm"])
        #expect(asked.questions == Self.identification + ["kitty", "cell size", "text area", "DECRQM 2026"] + Self.capabilities + ["DA1"])
        #expect(asked.probe.replies?.isComplete == true)
        #expect(asked.family == .xterm)
        #expect(asked.probe.selection.backend == .blocks)
        #expect(asked.probe.colors.depth == .truecolor)
        // XTerm 379 draws sextants with its font, and Debian's have none: quadrants
        #expect(asked.symbols == .quad)
        #expect(asked.profile.cellPixels == PixelSize(width: 10, height: 20))
        #expect(asked.profile.cellAspect == CellAspect.Decision(aspect: CellAspect(width: 10, height: 20)!, source: "CSI 14 t ÷ grid: cell 10×20 px"))
    }

    @Test func xtermAsVT340IsAskedItsSixelGeometryAndDrawsSixel() throws {
        let vt340 = TerminalAnswers(
            environment: [:], version: "XTerm(379)", secondary: "41;379;0", primary: "?63;1;2;4;6;9;15;16;22;28",
            textArea: "4;480;800", sixelGeometry: "2;0;1000;1000")
        let asked = try ask(vt340, ["TERM": "xterm"])
        #expect(
            asked.questions
                == Self.identification + ["kitty", "cell size", "text area", "DECRQM 2026", "XTSMGRAPHICS"] + Self.capabilities + ["DA1"])
        #expect(asked.probe.selection.backend == .pixels(.sixel))
        #expect(asked.probe.replies?.sixelGeometry == PixelSize(width: 1000, height: 1000))
    }

    @Test func kittyIsAskedEverythingButXTSMGRAPHICSAndDrawsPixels() throws {
        let kitty = TerminalAnswers(
            environment: [:], version: "kitty(0.26.5)", secondary: "1;4000;19", primary: "?62;", kitty: true, cell: "6;20;10",
            synchronizedOutput: 2, capabilities: ["524742": "1+r524742=382F382F38"])
        let asked = try ask(kitty, ["TERM": "xterm-kitty"])
        #expect(asked.questions == Self.identification + ["kitty", "cell size", "text area", "DECRQM 2026"] + Self.capabilities + ["DA1"])
        #expect(asked.family == .kitty)
        #expect(asked.probe.selection.backend == .pixels(.kitty))
        #expect(asked.probe.colors.depth == .truecolor)
        #expect(asked.probe.replies?.synchronizedOutput == true)
    }

    @Test func konsoleAnswersTheKittyQueryAndDrawsPixels() throws {
        let konsole = TerminalAnswers(environment: [:], secondary: "1;115;0", primary: "?62;22", kitty: true)
        let asked = try ask(konsole, ["TERM": "xterm-256color", "COLORTERM": "truecolor", "KONSOLE_VERSION": "221203"])
        #expect(asked.questions == Self.identification + ["kitty", "cell size", "text area", "DECRQM 2026"] + Self.capabilities + ["DA1"])
        #expect(asked.family == .konsole)
        #expect(asked.probe.selection.backend == .pixels(.kitty))
        #expect(asked.probe.colors.depth == .truecolor)
    }

    @Test func urxvtIsNeverSentTheKittyQueryByItsTERMOrByItsDA2() throws {
        // Given rxvt-unicode 9.30 (it prints an APC string as text)
        let urxvt = TerminalAnswers(environment: [:], secondary: "85;95;0", primary: "?1;2")
        for environment in [["TERM": "rxvt-unicode-256color"], ["TERM": "xterm-256color"]] {
            let asked = try ask(urxvt, environment)
            // Then no kitty query is sent, whether TERM says urxvt or only its DA2 does
            #expect(asked.questions == Self.identification + ["cell size", "text area", "DECRQM 2026"] + Self.capabilities + ["DA1"])
            #expect(asked.family == .urxvt)
            #expect(asked.probe.selection.backend == .blocks)
            // And block art uses half blocks, which its fonts have, not sextants
            #expect(asked.symbols == .half)
            #expect(asked.probe.colors.depth == .palette256)
        }
    }

    @Test func stIsNeverSentXTSMGRAPHICSAndGets24BitColour() throws {
        // Given st 0.9: DA1 only (XTSMGRAPHICS would scroll its screen up)
        let st = TerminalAnswers(environment: [:], primary: "?6")
        let asked = try ask(st, ["TERM": "st-256color"])
        #expect(asked.questions == Self.identification + ["kitty", "cell size", "text area", "DECRQM 2026"] + Self.capabilities + ["DA1"])
        #expect(!asked.questions.contains("XTSMGRAPHICS"))
        #expect(asked.family == .st)
        #expect(asked.probe.colors == ColorDepth.Decision(depth: .truecolor, source: "st draws 24-bit colour"))
        // And block art in quadrants: st draws with its font, and Debian's fonts have no sextants
        #expect(asked.symbols == .quad)
    }

    @Test func gnuScreenIsSentNoDeviceControlStringAndNoKittyQuery() throws {
        // Given GNU screen 4.9 (it prints XTGETTCAP as text), known by STY or by its DA2
        let screen = TerminalAnswers(environment: [:], secondary: "83;40900;0", primary: "?1;2")
        for environment in [["TERM": "screen", "STY": "4242.pts-1.host"], ["TERM": "xterm-256color"]] {
            let asked = try ask(screen, environment)
            #expect(asked.questions == Self.identification + ["cell size", "text area", "DECRQM 2026", "DA1"], "\(environment)")
            #expect(asked.family == .gnuScreen)
            #expect(asked.probe.selection.backend == .blocks)
        }
        // And on its 8-colour entry, 16 colours (the bright ones by SGR 90–97 through photofeed's own entry)
        #expect(try ask(screen, ["TERM": "screen", "STY": "4242.pts-1.host"]).probe.colors.depth == .ansi16)
    }

    @Test func theLinuxConsoleIsAskedNoStringsAndGetsHalfBlocks16ColoursAnd8x16Cells() throws {
        let console = TerminalAnswers(environment: [:], primary: "?6")
        let asked = try ask(console, ["TERM": "linux", "COLORTERM": "truecolor"])
        #expect(asked.questions == Self.identification + ["cell size", "text area", "DECRQM 2026", "DA1"])
        #expect(asked.family == .linuxConsole)
        #expect(asked.probe.colors == ColorDepth.Decision(depth: .ansi16, source: "the Linux console (16 colours)"))
        #expect(asked.symbols == .half)
        #expect(asked.profile.cellPixels == PixelSize(width: 8, height: 16))
    }

    @Test func mltermIsKnownByItsDA2AndGetsSixelIn256Colours() throws {
        let mlterm = TerminalAnswers(
            environment: [:], secondary: "24;279;0", primary: "?63;1;2;3;4;7;29", sixelGeometry: "2;0;1920;1080")
        let asked = try ask(mlterm, ["TERM": "xterm"])
        #expect(
            asked.questions
                == Self.identification + ["kitty", "cell size", "text area", "DECRQM 2026", "XTSMGRAPHICS"] + Self.capabilities + ["DA1"])
        #expect(asked.family == .mlterm)
        #expect(asked.probe.selection.backend == .pixels(.sixel))
        // mlterm 3.9 re-colours earlier cells once thousands of 24-bit colours were drawn
        #expect(asked.probe.colors == ColorDepth.Decision(depth: .palette256, source: "mlterm's 24-bit colour is unreliable; --colors truecolor uses it"))
    }

    @Test func insideTmuxTERMScreenIsNotGNUScreen() throws {
        // Given tmux with its default TERM=screen (no pane to ask: passthrough is not in play)
        let tmux = TerminalAnswers(environment: [:], version: "tmux 3.3a", secondary: "84;0;0", primary: "?1;2")
        let asked = try ask(tmux, ["TERM": "screen", "TMUX": "/tmp/tmux-1000/default,1,0"])
        // Then tmux is asked what it answers itself (XTGETTCAP too), but no kitty query: with no
        // passthrough, tmux would take that APC as the pane's title
        #expect(asked.questions == Self.identification + ["cell size", "text area", "DECRQM 2026"] + Self.capabilities + ["DA1"])
        #expect(asked.family == .tmux)
    }

    @Test func tmuxKnownOnlyByItsAnswerIsNeverSentARawKittyQuery() throws {
        // Given tmux that the environment does not name (TMUX unset: a shell under script(1),
        // sudo or ssh inside a pane), known by its XTVERSION and DA2
        let tmux = TerminalAnswers(environment: [:], version: "tmux 3.4", secondary: "84;0;0", primary: "?1;2")
        let asked = try ask(tmux, ["TERM": "tmux-256color"])
        // Then no APC reaches it: it is tmux, asked no kitty query
        #expect(asked.family == .tmux)
        #expect(!asked.questions.contains { $0.hasPrefix("kitty") })
        #expect(asked.probe.selection.backend == .blocks)
    }

    @Test func aSilentTerminalIsAskedOnlyTheIdentification() throws {
        // Given a terminal that answers nothing, asked with a short deadline
        let silent = try #require(FakeTerminal(TerminalAnswers(environment: [:], primary: nil)))
        let probe = GraphicsProbe.run(
            .auto, input: silent.follower, output: silent.follower, environment: ["TERM": "xterm", "SSH_TTY": "/dev/pts/99"],
            deadline: .milliseconds(50))
        probe.restore()
        // Then only the identification was sent, and the replies are not complete
        #expect(silent.questions == Self.identification)
        #expect(probe.replies?.isComplete == false)
        #expect(probe.selection.reason == "blocks (no reply from the terminal)")
    }

    @Test func answersToTheSecondWriteThatComeLateAreRepliesNeverKeys() throws {
        // Given kitty answering the identification at once and the rest only when released
        let kitty = TerminalAnswers(
            environment: [:], version: "kitty(0.26.5)", secondary: "1;4000;19", primary: "?62;", kitty: true, cell: "6;20;10")
        let terminal = try #require(FakeTerminal(kitty, holdingSecondWrite: true))
        let environment = ["TERM": "xterm-kitty", "SSH_TTY": "/dev/pts/99"]
        // When the probe's deadline passes before the second write's answers
        let probe = GraphicsProbe.run(
            .auto, input: terminal.follower, output: terminal.follower, environment: environment, deadline: .seconds(1))
        defer { probe.restore() }
        let replies = try #require(probe.replies)
        #expect(terminal.questions == Self.identification + ["kitty", "cell size", "text area", "DECRQM 2026"] + Self.capabilities + ["DA1"])
        #expect(!replies.isComplete && !replies.kittyGraphics)
        // Then the answers that come afterwards are read as replies, the fence included, and none is a key
        terminal.release()
        let late = TerminalProbe.awaitLateReplies(replies, input: terminal.follower, until: ContinuousClock.now + .seconds(10))
        #expect(late.isComplete)
        #expect(late.kittyGraphics)
        #expect(late.cellPixels == PixelSize(width: 10, height: 20))
        #expect(late.typedAhead.isEmpty)
    }
}
