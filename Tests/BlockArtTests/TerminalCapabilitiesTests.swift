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

    @Test func matchingIsByBytesAnyCaseAnywhereInTheName() {
        // Given locale and TERM names spelt the ways systems spell them
        // Then the charset and colour words are found in any case, with or without hyphens,
        // and partial or too-short names do not match.
        #expect(detect(["LANG": "de_DE.Utf-8@euro"]).unicode)
        #expect(detect(["LANG": "UTF8"]).unicode)
        #expect(detect(["LANG": "ja_JP.uutf--8"]).unicode)
        #expect(!detect(["LANG": "en_US.UTF-16"]).unicode)
        #expect(!detect(["LANG": "utf"]).unicode)
        #expect(!detect(["LANG": "de_DE.ISO-8859-1"]).unicode)
        #expect(detect(["TERM": "XTERM-256COLOR"]).colors == .palette256)
        #expect(detect(["TERM": "rxvt-256colour-x"]).colors == .palette256)
        #expect(detect(["TERM": "my-24bit-term"]).colors == .truecolor)
        #expect(detect(["TERM": "kitty-truecolor"]).colors == .truecolor)
        #expect(detect(["TERM": "256colo"]).colors == .palette16)
    }
}
