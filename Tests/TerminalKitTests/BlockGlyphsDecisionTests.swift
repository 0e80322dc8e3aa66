import Testing
import TerminalKit

/// The default glyphs by terminal family: sextants only where the terminal draws block
/// elements itself; quadrants where the font draws them; half blocks on the fonts that have
/// only those. A pure function of what the probe found.
@Suite struct BlockGlyphsDecisionTests {
    private func replies(_ text: String) -> TerminalReplies {
        var replies = TerminalReplies()
        replies.feed(Array(text.utf8))
        return replies
    }

    private func decide(_ environment: [String: String], _ answers: String? = nil, outer: String? = nil) -> TerminalFamily.BlockGlyphs.Decision {
        let tmux = outer.map { TmuxPane(id: "%1", passthroughSetting: "on", outerFeatures: [], outerTerminal: $0) }
        return TerminalFamily.BlockGlyphs.decide(environment: environment, replies: answers.map(replies), tmux: tmux)
    }

    @Test func terminalsThatDrawBlockElementsThemselvesGetSextants() {
        // Given kitty, VTE, Konsole, foot and WezTerm, by their answers or their names
        let cases: [([String: String], String?)] = [
            (["TERM": "xterm-kitty"], nil),
            (["TERM": "xterm-256color"], "\u{1B}[>65;7200;1c\u{1B}[?65;1;9c"),
            (["TERM": "xterm-256color", "KONSOLE_VERSION": "230805"], nil),
            (["TERM": "foot"], nil),
            (["TERM": "xterm-256color"], "\u{1B}P>|foot(1.16.2)\u{1B}\\\u{1B}[?62;c"),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], nil),
        ]
        for (environment, answers) in cases {
            // Then sextants, because the terminal draws them
            let decision = decide(environment, answers)
            #expect(decision.glyphs == .sextants, "\(environment) \(answers ?? "")")
            #expect(decision.reason.hasSuffix("draws block elements itself"), "\(decision.reason)")
        }
        #expect(decide(["TERM": "xterm-kitty"]).reason == "kitty draws block elements itself")
    }

    @Test func terminalsThatDrawWithTheFontGetQuadrants() {
        // Given xterm (XTerm 379 leaves sextants blank where its font has none), alacritty (by
        // TERM or its window variable), st, mlterm, and a terminal not recognised
        let cases: [([String: String], String?, String)] = [
            (["TERM": "xterm-256color"], "\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?64;c", "xterm"),
            (["TERM": "xterm-256color"], nil, "xterm"),
            (["TERM": "alacritty"], nil, "alacritty"),
            (["TERM": "xterm-256color", "ALACRITTY_WINDOW_ID": "94"], nil, "alacritty"),
            (["TERM": "st-256color"], nil, "st"),
            (["TERM": "xterm"], "\u{1B}[>24;279;0c\u{1B}[?63;1;2;3;4;7;29c", "mlterm"),
            (["TERM": "ansi"], nil, "a terminal not recognised"),
            ([:], nil, "a terminal not recognised"),
        ]
        for (environment, answers, name) in cases {
            // Then quadrants, and the reason names the terminal
            let decision = decide(environment, answers)
            #expect(decision.glyphs == .quadrants, "\(environment)")
            #expect(decision.reason == "\(name) draws with the font, which may have no sextants")
        }
    }

    @Test func halfBlocksWhereTheFontHasNothingFiner() {
        #expect(decide(["TERM": "linux"]) == .init(glyphs: .halfBlocks, reason: "the Linux console's font has the half blocks only"))
        #expect(decide(["TERM": "rxvt-unicode-256color"]).glyphs == .halfBlocks)
        #expect(decide(["TERM": "xterm"], "\u{1B}[>85;95;0c\u{1B}[?1;2c").glyphs == .halfBlocks)
    }

    @Test func insideTmuxTheTerminalOutsideDecides() {
        // Given tmux with kitty outside (by the name tmux has for it, or by its passed-through
        // answers), with alacritty outside, and with tmux's own answer only
        let inside = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-1000/default,1,0"]
        #expect(decide(inside, outer: "xterm-kitty") == .init(glyphs: .sextants, reason: "kitty (outside tmux) draws block elements itself"))
        #expect(decide(inside, "\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[?62;c", outer: "xterm-256color").glyphs == .sextants)
        #expect(decide(inside, outer: "alacritty").glyphs == .quadrants)
        #expect(decide(inside, "\u{1B}P>|tmux 3.4\u{1B}\\\u{1B}[?1;2;4c", outer: nil).glyphs == .quadrants)
        // And GNU screen, which does not say what is outside: quadrants
        #expect(decide(["TERM": "screen", "STY": "1.pts-0.host"]).glyphs == .quadrants)
    }
}
