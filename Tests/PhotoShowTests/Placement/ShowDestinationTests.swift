import TerminalGraphics
import TerminalKit
import Vocabulary
import Testing

@testable import PhotoShow

/// What each host gets: the host's own variables tell who it is; whether stdout is the terminal,
/// and whether a box of the screen was handed over, decide where the picture goes.
@Suite("Hosts: who previews, and what each gets")
struct ShowDestinationTests {
    @Test(arguments: [
        (["FZF_PREVIEW_COLUMNS": "80", "LF_LEVEL": "1"], ShowHost.fzf),
        (["FZF_PREVIEW_LINES": "20"], .fzf),
        (["RANGER_LEVEL": "1", "LF_LEVEL": "1"], .ranger),
        (["LF_LEVEL": "1", "VIFM": "/root/.config/vifm"], .lf),
        (["VIFM": "/root/.config/vifm"], .vifm),
        (["MYVIFMRC": "/root/.config/vifm/vifmrc"], .vifm),
        (["NNN_FIFO": "/tmp/nnn.fifo"], .nnn),
        (["NNNLVL": "1"], .nnn),
    ])
    func theHostIsTheInnermostOneItsVariablesName(_ environment: [String: String], _ host: ShowHost) {
        #expect(ShowHost.detect(environment: environment) == host)
    }

    @Test func noHostVariableIsNoHostAndEmptyOnesDoNotCount() {
        #expect(ShowHost.detect(environment: ["TERM": "xterm", "COLUMNS": "80", "LINES": "24"]) == nil)
        #expect(ShowHost.detect(environment: ["FZF_PREVIEW_COLUMNS": "", "LF_LEVEL": ""]) == nil)
    }

    @Test func rangersParserTakes256ColoursTheOthers24Bit() {
        #expect(ShowHost.ranger.deepestColors == .palette256 && ShowHost.vifm.deepestColors == .palette256)
        for host in [ShowHost.fzf, .lf, .nnn] { #expect(host.deepestColors == .truecolor) }
        #expect(ShowHost.fzf.readsText && ShowHost.ranger.readsText)
        #expect(!ShowHost.lf.readsText && !ShowHost.vifm.readsText && !ShowHost.nnn.readsText)
    }

    static func decide(
        tty: Bool = false, _ host: ShowHost?, request: GraphicsSelection.Request = .auto, placed: Bool = false, device: Bool = true
    ) -> ShowDestination {
        ShowDestination.decide(stdoutIsTerminal: tty, host: host, request: request, placed: placed, terminalDevice: device)
    }

    @Test func aTerminalOnStdoutIsAskedWhateverTheHost() {
        // Given stdout a terminal (a shell, nnn's preview-tui pane, a tmux pane of its own)
        for host in [nil, ShowHost.nnn, .fzf, .lf] {
            let decision = Self.decide(tty: true, host, placed: true)
            // Then that terminal is asked and drawn on
            #expect(decision.kind == .terminalOnStandardOutput)
        }
        #expect(Self.decide(tty: true, .nnn).reason == "stdout is the terminal (nnn gave the previewer a terminal of its own)")
    }

    @Test func aTmuxPaneTheHostDoesNotFocusIsNotAsked() {
        // Given nnn's preview pane: a tmux pane of its own, but not the focused one
        let decision = ShowDestination.decide(
            stdoutIsTerminal: true, host: .nnn, request: .auto, placed: false, terminalDevice: false, paneInactive: true)
        // Then the picture goes to that terminal, but it is not asked (tmux would hand the answers to nnn as keys)
        #expect(decision.kind == .terminalOnStandardOutput)
        #expect(!decision.asksTerminal)
        #expect(decision.reason.hasSuffix("block art"))
        // And the focused pane, or a protocol named, is asked as always
        #expect(Self.decide(tty: true, .nnn).asksTerminal)
        #expect(
            ShowDestination.decide(
                stdoutIsTerminal: true, host: .nnn, request: .pixels(SixelGraphics()), placed: false, terminalDevice: false,
                paneInactive: true
            ).asksTerminal)
    }

    @Test func fzfAndRangerReadTextSoTheyGetBlockArtEvenGivenABox() {
        for host in [ShowHost.fzf, .ranger] {
            let decision = Self.decide(host, placed: true)
            #expect(decision.kind == .standardOutput)
            #expect(!decision.asksTerminalDevice)
            #expect(decision.reason == "\(host.rawValue) reads the preview as text: block art")
        }
        // And a protocol named on the command line still goes into the pipe (the flag says so)
        let named = Self.decide(.fzf, request: .pixels(SixelGraphics()))
        #expect(named.reason == "fzf reads the preview as text: sixel into the pipe (--graphics says so)")
    }

    @Test func aBoxHandedOverGetsTheTerminalItselfAsked() {
        for host in [ShowHost.vifm, nil] {
            let decision = Self.decide(host, placed: true)
            #expect(decision.kind == .terminalDevice)
            #expect(decision.asksTerminalDevice)
        }
        #expect(Self.decide(.vifm, placed: true).reason == "vifm handed a box of the screen over (--place): /dev/tty asked, the picture placed there")
    }

    @Test func noTerminalToOpenMeansBlockArtIntoThePipe() {
        // Given vifm 0.12, which starts its previewers with no controlling terminal
        let decision = Self.decide(.vifm, placed: true, device: false)
        #expect(decision.kind == .standardOutput)
        #expect(decision.reason.hasSuffix("no terminal to draw on (/dev/tty cannot be opened): block art"))
    }

    @Test func lfIsNeverAskedForItReadsTheAnswersAsKeys() {
        // Given lf, which reads the terminal while its previewer runs
        for placed in [false, true] {
            let decision = Self.decide(.lf, placed: placed)
            // Then /dev/tty is not asked: block art into the pipe
            #expect(decision.kind == .standardOutput)
            #expect(!decision.asksTerminalDevice)
            #expect(decision.reason.hasPrefix("lf reads the terminal while its previewer runs, so it is not asked"))
        }
        // And a protocol named with a box is drawn on /dev/tty, unasked
        let kitty = Self.decide(.lf, request: .pixels(KittyDirectGraphics()), placed: true)
        #expect(kitty.kind == .terminalDevice)
        #expect(!kitty.asksTerminalDevice)
        // And one named without a box goes into lf's pipe (lf r31 with set sixel reads sixel)
        let sixel = Self.decide(.lf, request: .pixels(SixelGraphics()))
        #expect(sixel.kind == .standardOutput)
        #expect(sixel.reason == "sixel into lf's pipe (--graphics says so)")
    }

    @Test func rangersPreviewGets256ColoursAndTheFlagWins() {
        // Given 24-bit colour decided from the environment
        let truecolor = ColorDepth.Decision(depth: .truecolor, source: "COLORTERM")
        // Then ranger's text preview gets 256, said why; fzf's keeps 24-bit
        let ranger = Self.decide(.ranger).colors(truecolor, flag: nil)
        #expect(ranger == ColorDepth.Decision(depth: .palette256, source: "ranger's preview reads 256 colours"))
        #expect(Self.decide(.fzf).colors(truecolor, flag: nil) == truecolor)
        // And --colors wins, and fewer colours are never raised
        #expect(Self.decide(.ranger).colors(truecolor, flag: .truecolor) == truecolor)
        let sixteen = ColorDepth.Decision(depth: .ansi16, source: "terminfo")
        #expect(Self.decide(.ranger).colors(sixteen, flag: nil) == sixteen)
        // And a terminal of its own is not a text preview
        #expect(Self.decide(tty: true, .ranger).colors(truecolor, flag: nil) == truecolor)
    }

    @Test func blocksAskedForAreBlocksAndAPipeWithNoHostIsBlockArt() {
        #expect(Self.decide(.vifm, request: .blocks, placed: true).kind == .standardOutput)
        let plain = Self.decide(nil)
        #expect(plain.kind == .standardOutput)
        #expect(plain.reason == "stdout is a pipe or a file, no box of the screen given (--place): block art")
    }
}
