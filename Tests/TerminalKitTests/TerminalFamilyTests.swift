import TerminalKit
import Testing
import Vocabulary

/// Which family a terminal belongs to, from the environment and its identification answers, and
/// what that family is asked, given and drawn with.
@Suite struct TerminalFamilyTests {
    private func replies(_ text: String) -> TerminalReplies {
        var replies = TerminalReplies()
        replies.feed(Array(text.utf8))
        return replies
    }

    @Test func multiplexersAndTheConsoleAreKnownFromTheEnvironment() {
        #expect(TerminalFamily.identify(environment: ["TERM": "xterm-256color", "STY": "1.pts-0.host"], replies: nil) == .gnuScreen)
        #expect(TerminalFamily.identify(environment: ["TERM": "screen.xterm-256color"], replies: nil) == .gnuScreen)
        // TERM=screen inside tmux is tmux's default, not GNU screen
        #expect(TerminalFamily.identify(environment: ["TERM": "screen", "TMUX": "/tmp/t,1,0"], replies: nil) == .tmux)
        #expect(TerminalFamily.identify(environment: ["TERM": "linux"], replies: nil) == .linuxConsole)
        #expect(TerminalFamily.identify(environment: ["TERM": "fbterm"], replies: nil) == .linuxConsole)
        #expect(TerminalFamily.identify(environment: ["TERM": "st-256color"], replies: nil) == .st)
        #expect(TerminalFamily.identify(environment: ["TERM": "rxvt-unicode-256color"], replies: nil) == .urxvt)
        #expect(TerminalFamily.identify(environment: ["TERM": "xterm", "MLTERM": "3.9.3"], replies: nil) == .mlterm)
        #expect(TerminalFamily.identify(environment: [:], replies: nil) == .other)
    }

    @Test func theAnswersBeatTERM() {
        let xterm = ["TERM": "xterm-256color"]
        #expect(TerminalFamily.identify(environment: xterm, replies: replies("\u{1B}[>85;95;0c\u{1B}[?1;2c")) == .urxvt)
        #expect(TerminalFamily.identify(environment: xterm, replies: replies("\u{1B}[>83;40900;0c\u{1B}[?1;2c")) == .gnuScreen)
        #expect(TerminalFamily.identify(environment: xterm, replies: replies("\u{1B}[>24;279;0c\u{1B}[?63;1;2;3;4;7;29c")) == .mlterm)
        #expect(TerminalFamily.identify(environment: xterm, replies: replies("\u{1B}P>|kitty(0.47.1)\u{1B}\\\u{1B}[?62;c")) == .kitty)
        #expect(TerminalFamily.identify(environment: xterm, replies: replies("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?64;c")) == .xterm)
        // A BSD console's DA2 (24;20) is not mlterm's
        #expect(TerminalFamily.identify(environment: [:], replies: replies("\u{1B}[>24;20;0c\u{1B}[?62;c")) == .other)
    }

    @Test func theSecondWriteAsksOnlyWhatTheFamilyTakes() {
        let sixel = replies("\u{1B}[?63;1;2;4c")
        let plain = replies("\u{1B}[?6c")
        #expect(TerminalQuery.Allowed(family: .urxvt, replies: plain) == TerminalQuery.Allowed(kittyQuery: false, capabilities: true, sixelGeometry: false))
        #expect(TerminalQuery.Allowed(family: .gnuScreen, replies: plain) == TerminalQuery.Allowed(kittyQuery: false, capabilities: false, sixelGeometry: false))
        #expect(TerminalQuery.Allowed(family: .st, replies: plain) == TerminalQuery.Allowed(kittyQuery: true, capabilities: true, sixelGeometry: false))
        #expect(TerminalQuery.Allowed(family: .mlterm, replies: sixel) == .everything)
        // And the second write leaves out what is not allowed, ending with the fence
        let second = String(
            decoding: TerminalQuery.bytes(allowed: TerminalQuery.Allowed(family: .gnuScreen, replies: plain), identify: false), as: UTF8.self)
        #expect(second == "\u{1B}[16t\u{1B}[14t\u{1B}[?2026$p\u{1B}[c")
        #expect(String(decoding: TerminalQuery.identification(), as: UTF8.self) == "\u{1B}[>0q\u{1B}[>c\u{1B}[c")
    }

    @Test func tmuxGetsTheKittyQueryOnlyThroughPassthroughNeverRaw() {
        // Given tmux (TMUX set, or its XTVERSION) and its answers
        let tmux = replies("\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c")
        let family = TerminalFamily.identify(environment: ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"], replies: tmux)
        #expect(family == .tmux)
        #expect(TerminalFamily.identify(environment: ["TERM": "tmux-256color"], replies: tmux) == .tmux)
        // When passthrough is not available (no pane to ask, allow-passthrough off)
        let raw = TerminalQuery.Allowed(family: family, replies: tmux, passthrough: false)
        let rawBytes = TerminalQuery.bytes(filePath: "/dev/shm/probe", passthrough: false, allowed: raw, identify: false)
        // Then no APC is written at all: tmux would make it the pane's title
        #expect(!raw.kittyQuery)
        #expect(!String(decoding: rawBytes, as: UTF8.self).contains("\u{1B}_"))
        // When passthrough is on, the kitty queries go, and every APC is inside a passthrough
        // wrapper with its ESCs doubled: no ESC _ without an ESC before it
        let wrapped = TerminalQuery.Allowed(family: family, replies: tmux, passthrough: true)
        let wrappedBytes = TerminalQuery.bytes(filePath: "/dev/shm/probe", passthrough: true, allowed: wrapped, identify: false)
        #expect(wrapped.kittyQuery)
        let text = String(decoding: wrappedBytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\u{1B}\\\u{1B}\\"))
        let bytes = Array(wrappedBytes)
        let apcs = bytes.indices.dropFirst().filter { bytes[$0 - 1] == 0x1B && bytes[$0] == UInt8(ascii: "_") }
        #expect(apcs.count == 2)
        #expect(apcs.allSatisfy { $0 >= 2 && bytes[$0 - 2] == 0x1B })
    }

    @Test func twoWritesMeanTwoFences() {
        var replies = replies("\u{1B}[?62;c")
        #expect(replies.isComplete)
        replies.askAgain()
        #expect(!replies.isComplete)
        replies.feed(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c".utf8))
        #expect(replies.isComplete && replies.kittyGraphics)
    }

    @Test func coloursByFamily() {
        func decide(_ environment: [String: String], _ replies: TerminalReplies? = nil, terminfo: Int? = nil) -> ColorDepth.Decision {
            ColorDepth.decide(flag: nil, environment: environment, replies: replies, tmuxPassesTrueColor: nil, terminfoColors: terminfo)
        }
        // st draws 24-bit colour whatever its terminfo says
        #expect(decide(["TERM": "st-256color"], terminfo: 256).depth == .truecolor)
        // mlterm's 24-bit colour is unreliable: 256 colours, by its DA2, its XTVERSION or MLTERM,
        // even when its own capabilities say RGB
        let mltermReason = "mlterm's 24-bit colour is unreliable; --colors truecolor uses it"
        #expect(decide(["TERM": "xterm"], replies("\u{1B}[>24;279;0c\u{1B}[?63;1;2;3;4;7;29c"), terminfo: 8)
            == ColorDepth.Decision(depth: .palette256, source: mltermReason))
        #expect(decide(["TERM": "xterm-256color", "COLORTERM": "truecolor"], replies("\u{1B}P>|mlterm(3.9.3)\u{1B}\\\u{1B}P1+r524742=382F382F38\u{1B}\\\u{1B}[?63;c")).depth == .palette256)
        #expect(decide(["TERM": "xterm", "MLTERM": "3.9.3", "COLORTERM": "truecolor"]).depth == .palette256)
        // --colors still says otherwise
        #expect(ColorDepth.decide(flag: .truecolor, environment: ["TERM": "xterm", "MLTERM": "3.9.3"], replies: nil, tmuxPassesTrueColor: nil, terminfoColors: 8).depth == .truecolor)
        // The Linux console draws 16, even with a COLORTERM carried in from elsewhere
        #expect(decide(["TERM": "linux", "COLORTERM": "truecolor"], terminfo: 8) == ColorDepth.Decision(depth: .ansi16, source: "the Linux console (16 colours)"))
        // An 8-colour entry means 16
        #expect(decide(["TERM": "screen", "STY": "1.pts-0.host"], terminfo: 8).depth == .ansi16)
    }

    @Test func glyphsAndCellsByFamily() {
        #expect(TerminalFamily.linuxConsole.blockGlyphs == .halfBlocks)
        #expect(TerminalFamily.urxvt.blockGlyphs == .halfBlocks)
        #expect(TerminalFamily.st.blockGlyphs == .quadrants)
        #expect(TerminalFamily.mlterm.blockGlyphs == .quadrants)
        #expect(TerminalFamily.kitty.blockGlyphs == .sextants)
        #expect(TerminalFamily.alacritty.blockGlyphs == .quadrants)
        #expect(TerminalFamily.other.blockGlyphs == .quadrants)
        #expect(TerminalFamily.linuxConsole.assumedCellPixels == PixelSize(width: 8, height: 16))
        #expect(TerminalFamily.xterm.assumedCellPixels == nil)
    }

    @Test func theSixteenColourEntrySendsBrightSGR() {
        let source = PrivateTerminfo.source(for: "screen", name: "screen-photofeed-16color", kind: .sixteenColor)
        #expect(PrivateTerminfo.name(for: "screen", kind: .sixteenColor) == "screen-photofeed-16color")
        #expect(source.contains("colors#16"))
        #expect(source.contains("setaf=\\E[%?%p1%{8}%<%t3%p1%d%e9%p1%{8}%-%d%;m"))
        #expect(source.contains("setab=\\E[%?%p1%{8}%<%t4%p1%d%e10%p1%{8}%-%d%;m"))
        #expect(source.contains("use=screen,"))
    }
}
