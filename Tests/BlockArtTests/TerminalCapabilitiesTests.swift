import BlockArt
import Testing

@Suite struct TerminalCapabilitiesTests {
    private func detect(_ environment: [String: String], terminfo: Int? = nil) -> TerminalCapabilities {
        TerminalCapabilities.detect(environment: environment, terminfoColors: terminfo)
    }

    @Test func colorTermTruecolorWins() {
        #expect(detect(["TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "en_US.UTF-8"])
            == TerminalCapabilities(colors: .truecolor, unicode: true))
        #expect(detect(["TERM": "screen", "COLORTERM": "24bit"]).colors == .truecolor)
    }

    @Test func noColorDisablesColourWhateverElseSays() {
        #expect(detect(["NO_COLOR": "1", "COLORTERM": "truecolor", "TERM": "xterm-256color"]).colors == .none)
        // An empty NO_COLOR does not count.
        #expect(detect(["NO_COLOR": "", "TERM": "xterm-256color"]).colors == .palette256)
    }

    @Test func termNameHeuristics() {
        #expect(detect(["TERM": "xterm-256color"]).colors == .palette256)
        #expect(detect(["TERM": "tmux-256color"]).colors == .palette256)
        #expect(detect(["TERM": "xterm-direct"]).colors == .truecolor)
        #expect(detect(["TERM": "xterm"]).colors == .palette16)
        #expect(detect(["TERM": "linux"]).colors == .palette16)
        #expect(detect(["TERM": "dumb"]).colors == .none)
        #expect(detect([:]).colors == .none)
    }

    @Test func terminfoCountOverridesTheName() {
        #expect(detect(["TERM": "xterm"], terminfo: 256).colors == .palette256)
        #expect(detect(["TERM": "xterm-256color"], terminfo: 8).colors == .palette16)
        #expect(detect(["TERM": "foot"], terminfo: 16_777_216).colors == .truecolor)
        #expect(detect(["TERM": "vt100"], terminfo: -1).colors == .none)
    }

    @Test func unicodeFromTheFirstSetLocaleVariable() {
        #expect(detect(["LANG": "en_GB.UTF-8"]).unicode)
        #expect(detect(["LC_CTYPE": "C.utf8", "LANG": "C"]).unicode)
        // LC_ALL overrides the others.
        #expect(!detect(["LC_ALL": "C", "LANG": "en_US.UTF-8"]).unicode)
        #expect(!detect([:]).unicode)
        #expect(detect(["LANG": "en_US.UTF-8"]).preferredSymbols == .sextant)
        #expect(detect(["LANG": "POSIX"]).preferredSymbols == .ascii)
    }
}
