public import Vocabulary

/// The colour depth decided in one place for the viewer, `photofeed show` and `snapshot`.
///
/// What wins, first to last:
/// 1. `--colors` (the user said so);
/// 2. `NO_COLOR` (set and not empty): none;
/// 3. inside tmux, what tmux passes on: 24-bit only with its `RGB` feature for the outer
///    terminal, else 256 (tmux maps every colour to its palette);
/// 4. the Linux console (``TerminalFamily/linuxConsole``): 16, whatever else is said; mlterm
///    (by XTVERSION, its DA2 `24;279`, `TERM` or `MLTERM`): 256, whatever else is said, since
///    its 24-bit colour is unreliable (mlterm 3.9 re-colours earlier cells once a few thousand
///    distinct colours were drawn);
/// 5. the terminal's own answer: XTGETTCAP `RGB` or `colors` ≥ 2²⁴; XTVERSION naming a terminal
///    known to draw 24-bit colour (kitty, XTerm ≥ 331, foot, WezTerm, VTE, Konsole, iTerm2,
///    ghostty, contour); DA2 naming VTE (65) or XTerm (41) ≥ 331; a family known to
///    draw it whatever its terminfo says (st by `TERM`);
/// 6. `COLORTERM=truecolor|24bit`;
/// 7. terminfo's `colors` for `TERM` (what ncurses would use; 8 means 16: the bright eight are
///    drawn with SGR 90–97/100–107, through an entry photofeed compiles, never as black);
/// 8. the name in `TERM` (`*-direct`, `*256color*`), `dumb` or none: no colour.
///
/// ```swift
/// let decision = ColorDepth.decide(flag: nil, environment: env, replies: replies, tmuxPassesTrueColor: nil, terminfoColors: 8)
/// decision.depth    // .truecolor
/// decision.source   // "terminal: XTerm(379)"
/// ```
extension ColorDepth {
    /// A depth and why.
    public struct Decision: Hashable, Sendable {
        /// The colours to draw with.
        public var depth: ColorDepth
        /// Where the answer came from, for `--probe` and the help screen (`terminal: XTerm(379)`).
        public var source: String

        /// A decision.
        public init(depth: ColorDepth, source: String) {
            self.depth = depth
            self.source = source
        }
    }

    /// Decides the depth (see the order above). `tmuxPassesTrueColor`: nil outside tmux, else
    /// whether tmux has `RGB` for the outer terminal. `terminfoColors`: `colors` of `TERM`'s
    /// entry, nil when there is none.
    public static func decide(
        flag: ColorDepth?, environment: [String: String], replies: TerminalReplies?, tmuxPassesTrueColor: Bool?,
        terminfoColors: Int?
    ) -> Decision {
        if let flag { return Decision(depth: flag, source: "--colors") }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return Decision(depth: .none, source: "NO_COLOR") }
        if let tmuxPassesTrueColor {
            return tmuxPassesTrueColor
                ? Decision(depth: .truecolor, source: "tmux (RGB feature)")
                : Decision(depth: .palette256, source: "tmux without RGB (set terminal-features RGB for 24-bit)")
        }
        let family = TerminalFamily.identify(environment: environment, replies: replies)
        if family == .linuxConsole { return Decision(depth: .ansi16, source: "the Linux console (16 colours)") }
        if family == .mlterm {
            return Decision(depth: .palette256, source: "mlterm's 24-bit colour is unreliable; --colors truecolor uses it")
        }
        if let replies, let answer = answered(replies) { return answer }
        if family.drawsTrueColor {
            return Decision(depth: .truecolor, source: "\(family.rawValue) draws 24-bit colour")
        }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return Decision(depth: .truecolor, source: "COLORTERM") }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return Decision(depth: .none, source: term.isEmpty ? "no TERM" : "TERM=dumb") }
        if let count = terminfoColors {
            return Decision(depth: depth(forColorCount: count), source: "terminfo \(term) (\(count) colours)")
        }
        let lower = term.lowercased()
        if lower.hasSuffix("-direct") || lower.contains("truecolor") || lower.contains("24bit") {
            return Decision(depth: .truecolor, source: "TERM=\(term)")
        }
        if lower.contains("256color") || lower.contains("256colour") {
            return Decision(depth: .palette256, source: "TERM=\(term)")
        }
        return Decision(depth: .ansi16, source: "TERM=\(term)")
    }

    /// The depth a terminfo colour count means.
    public static func depth(forColorCount count: Int) -> ColorDepth {
        switch count {
        case (1 << 24)...: .truecolor
        case 256...: .palette256
        case 8...: .ansi16
        default: .none
        }
    }

    /// What the terminal's own replies say, when they say anything about colour.
    static func answered(_ replies: TerminalReplies) -> Decision? {
        if replies.capabilities["RGB"] != nil { return Decision(depth: .truecolor, source: "terminal: XTGETTCAP RGB") }
        if let colors = replies.capabilities["colors"].flatMap({ Int($0) }) {
            if colors >= 1 << 24 { return Decision(depth: .truecolor, source: "terminal: XTGETTCAP colors") }
        }
        if let version = replies.version, drawsTrueColor(version: version) {
            return Decision(depth: .truecolor, source: "terminal: \(version)")
        }
        if let attributes = replies.secondaryDeviceAttributes, attributes.count >= 2 {
            if attributes[0] == 65 { return Decision(depth: .truecolor, source: "terminal: VTE (DA2)") }
            if attributes[0] == 41, attributes[1] >= 331 {
                return Decision(depth: .truecolor, source: "terminal: XTerm \(attributes[1]) (DA2)")
            }
        }
        return nil
    }

    /// Whether an XTVERSION answer names a terminal that draws 24-bit colour.
    public static func drawsTrueColor(version: String) -> Bool {
        let lower = version.lowercased()
        if lower.hasPrefix("xterm(") {
            let number = Int(lower.dropFirst(6).prefix { $0.isNumber }) ?? 0
            return number >= 331
        }
        return ["kitty", "foot", "wezterm", "vte", "konsole", "iterm2", "ghostty", "contour", "alacritty"]
            .contains { lower.hasPrefix($0) }
    }
}
