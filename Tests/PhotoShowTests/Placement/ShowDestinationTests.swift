import TerminalGraphics
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
        #expect(ShowHost.ranger.deepestColors == .palette256)
        for host in [ShowHost.fzf, .lf, .vifm, .nnn] { #expect(host.deepestColors == .truecolor) }
        #expect(ShowHost.fzf.readsText && ShowHost.ranger.readsText)
        #expect(!ShowHost.lf.readsText && !ShowHost.vifm.readsText && !ShowHost.nnn.readsText)
    }

    static func decide(
        tty: Bool = false, _ host: ShowHost?, request: GraphicsSelection.Request = .auto, placed: Bool = false,
        environment: [String: String] = [:], device: Bool = true
    ) -> ShowDestination {
        ShowDestination.decide(
            stdoutIsTerminal: tty, host: host, request: request, placed: placed, environment: environment, terminalDevice: device)
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

    @Test func vifmAndLfHandingABoxOverGetTheTerminalItselfAsked() {
        for host in [ShowHost.vifm, .lf, nil] {
            let decision = Self.decide(host, placed: true)
            #expect(decision.kind == .terminalDevice)
            #expect(decision.asksTerminalDevice)
        }
        #expect(Self.decide(.vifm, placed: true).reason == "vifm handed a box of the screen over (--place): /dev/tty asked, the picture placed there")
    }

    @Test func noTerminalToOpenMeansBlockArtIntoThePipe() {
        let decision = Self.decide(.vifm, placed: true, device: false)
        #expect(decision.kind == .standardOutput)
        #expect(decision.reason.hasSuffix("no terminal to draw on (/dev/tty cannot be opened): block art"))
    }

    @Test func lfWithSixelOnReadsSixelFromThePipe() {
        let decision = Self.decide(.lf, environment: ["lf_sixel": "true"])
        #expect(decision.kind == .sixelIntoStandardOutput)
        #expect(decision.asksTerminalDevice)
        // And without it, lf's text preview gets block art
        let text = Self.decide(.lf, environment: ["lf_sixel": "false"])
        #expect(text.kind == .standardOutput)
        #expect(text.reason == "stdout is a pipe lf reads as text, no box of the screen given (--place): block art")
    }

    @Test func blocksAskedForAreBlocksAndAPipeWithNoHostIsBlockArt() {
        #expect(Self.decide(.vifm, request: .blocks, placed: true).kind == .standardOutput)
        let plain = Self.decide(nil)
        #expect(plain.kind == .standardOutput)
        #expect(plain.reason == "stdout is a pipe or a file, no box of the screen given (--place): block art")
    }
}
