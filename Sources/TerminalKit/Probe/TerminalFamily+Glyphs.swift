extension TerminalFamily.BlockGlyphs {
    /// The glyphs block art uses by default, and why.
    public struct Decision: Hashable, Sendable {
        /// The widest set the terminal is trusted to draw cleanly.
        public var glyphs: TerminalFamily.BlockGlyphs
        /// Why, for `--probe` and the help screen (`kitty draws block elements itself`).
        public var reason: String

        /// A decision.
        public init(glyphs: TerminalFamily.BlockGlyphs, reason: String) {
            self.glyphs = glyphs
            self.reason = reason
        }
    }

    /// How `--probe` names the set: `sextants`, `quadrants`, `half blocks`.
    public var name: String {
        switch self {
        case .sextants: "sextants"
        case .quadrants: "quadrants"
        case .halfBlocks: "half blocks"
        }
    }

    /// The default glyphs for the terminal the environment and the answers name: a pure
    /// function of what the probe found (``TerminalFamily/blockGlyphs`` says which family gets
    /// which). Inside tmux the glyphs are drawn by the terminal outside it: its answers when
    /// they came through passthrough, else the name tmux has for it (`tmux`: its
    /// `client_termname`); GNU screen does not say which terminal is outside.
    ///
    /// ```swift
    /// TerminalFamily.BlockGlyphs.decide(environment: ["TERM": "alacritty"], replies: nil).glyphs   // .quadrants
    /// ```
    public static func decide(environment: [String: String], replies: TerminalReplies?, tmux: TmuxPane? = nil) -> Decision {
        var family = TerminalFamily.identify(environment: environment, replies: replies)
        var inside = ""
        if family == .tmux {
            var outside = environment
            outside["TMUX"] = nil
            outside["TMUX_PANE"] = nil
            outside["TERM"] = tmux?.outerTerminal ?? ""
            // tmux's own answer names tmux: the outer terminal is then known by its name only.
            let answers = replies.flatMap { TerminalFamily.answered($0) == .tmux ? nil : $0 }
            family = TerminalFamily.identify(environment: outside, replies: answers)
            if family == .tmux { family = .other }
            inside = " (outside tmux)"
        }
        let glyphs = family.blockGlyphs
        let name = family == .other ? "a terminal not recognised" : family.displayName
        let reason: String =
            switch (glyphs, family) {
            case (.sextants, _): "\(name)\(inside) draws block elements itself"
            case (.halfBlocks, .linuxConsole): "the Linux console's font has the half blocks only"
            case (.halfBlocks, _): "\(name)\(inside) draws with X core fonts, which have the half blocks only"
            case (.quadrants, _): "\(name)\(inside) draws with the font, which may have no sextants"
            }
        return Decision(glyphs: glyphs, reason: reason)
    }
}

extension TerminalFamily {
    /// The family's name as people write it (`kitty`, `VTE`, `GNU screen`).
    public var displayName: String {
        switch self {
        case .xterm: "xterm"
        case .kitty: "kitty"
        case .konsole: "Konsole"
        case .vte: "VTE"
        case .foot: "foot"
        case .wezterm: "WezTerm"
        case .alacritty: "alacritty"
        case .mlterm: "mlterm"
        case .st: "st"
        case .urxvt: "urxvt"
        case .gnuScreen: "GNU screen"
        case .tmux: "tmux"
        case .linuxConsole: "the Linux console"
        case .other: "other"
        }
    }
}
