import TerminalKit
import Testing
import Vocabulary

/// The one decision without a terminal to ask (as `snapshot` and `show` into a pipe decide):
/// the environment, and terminfo's count when there is one.
@Suite struct ColorDepthEnvironmentTests {
    private func detect(_ environment: [String: String], terminfo: Int? = nil) -> ColorDepth {
        ColorDepth.decide(flag: nil, environment: environment, replies: nil, tmuxPassesTrueColor: nil, terminfoColors: terminfo).depth
    }

    @Test func colorTermTruecolorWins() {
        #expect(detect(["TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "en_US.UTF-8"]) == .truecolor)
        #expect(detect(["TERM": "screen", "COLORTERM": "24bit"]) == .truecolor)
    }

    @Test func noColorDisablesColourWhateverElseSays() {
        #expect(detect(["NO_COLOR": "1", "COLORTERM": "truecolor", "TERM": "xterm-256color"]) == .none)
        // An empty NO_COLOR does not count.
        #expect(detect(["NO_COLOR": "", "TERM": "xterm-256color"]) == .palette256)
    }

    @Test func termNameHeuristics() {
        #expect(detect(["TERM": "xterm-256color"]) == .palette256)
        #expect(detect(["TERM": "tmux-256color"]) == .palette256)
        #expect(detect(["TERM": "xterm-direct"]) == .truecolor)
        #expect(detect(["TERM": "xterm"]) == .ansi16)
        #expect(detect(["TERM": "linux"]) == .ansi16)
        #expect(detect(["TERM": "dumb"]) == .none)
        #expect(detect([:]) == .none)
    }

    @Test func terminfoCountOverridesTheName() {
        #expect(detect(["TERM": "xterm"], terminfo: 256) == .palette256)
        #expect(detect(["TERM": "xterm-256color"], terminfo: 8) == .ansi16)
        #expect(detect(["TERM": "foot"], terminfo: 16_777_216) == .truecolor)
        #expect(detect(["TERM": "vt100"], terminfo: -1) == .none)
    }

    @Test func matchingIsAnyCaseAnywhereInTheName() {
        // Given TERM names spelt the ways systems spell them
        // Then the colour words are found in any case, and partial names do not match.
        #expect(detect(["TERM": "XTERM-256COLOR"]) == .palette256)
        #expect(detect(["TERM": "rxvt-256colour-x"]) == .palette256)
        #expect(detect(["TERM": "my-24bit-term"]) == .truecolor)
        #expect(detect(["TERM": "kitty-truecolor"]) == .truecolor)
        #expect(detect(["TERM": "256colo"]) == .ansi16)
    }
}
