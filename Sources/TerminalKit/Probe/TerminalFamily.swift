public import Vocabulary

/// The kind of terminal photofeed is talking to, as far as it matters to what may be asked and
/// drawn: known from the environment before anything is asked (`STY`, `TMUX`, `TERM`), or from
/// the identification answers (XTVERSION, DA2) when the environment says nothing.
///
/// The environment wins where it names a multiplexer or the console: inside GNU screen or tmux
/// the answers are the multiplexer's or the outer terminal's, and on the Linux console nothing
/// else runs. Otherwise the terminal's own answer beats `TERM` (urxvt users often set
/// `TERM=xterm-256color`).
///
/// ```swift
/// TerminalFamily.identify(environment: ["STY": "1234.pts-0.host"], replies: nil)   // .gnuScreen
/// TerminalFamily.identify(environment: ["TERM": "xterm"], replies: urxvtReplies)  // .urxvt (DA2 85)
/// ```
public enum TerminalFamily: String, Sendable, Hashable, CaseIterable {
    case xterm, kitty, konsole, vte, foot, wezterm, alacritty, mlterm, st, urxvt, gnuScreen, tmux, linuxConsole, other

    /// The family from the environment and what the terminal answered (nil: nothing yet).
    public static func identify(environment: [String: String], replies: TerminalReplies?) -> TerminalFamily {
        let term = (environment["TERM"] ?? "").lowercased()
        let insideTmux = environment["TMUX"] != nil
        if environment["STY"] != nil || (term.hasPrefix("screen") && !insideTmux) { return .gnuScreen }
        if insideTmux { return .tmux }
        if term == "linux" || term.hasPrefix("linux-") || term.hasPrefix("fbterm") || term.hasPrefix("kmscon") {
            return .linuxConsole
        }
        if let replies, let answered = answered(replies) { return answered }
        if term.hasPrefix("rxvt") { return .urxvt }
        if term == "st" || term.hasPrefix("st-") { return .st }
        if term.hasPrefix("mlterm") || environment["MLTERM"] != nil { return .mlterm }
        if term.hasPrefix("xterm-kitty") || term == "kitty" { return .kitty }
        if term.hasPrefix("konsole") || environment["KONSOLE_VERSION"] != nil { return .konsole }
        if term == "foot" || term.hasPrefix("foot-") { return .foot }
        if term.hasPrefix("wezterm") || environment["TERM_PROGRAM"] == "WezTerm" { return .wezterm }
        if term.hasPrefix("alacritty") || environment["ALACRITTY_WINDOW_ID"] != nil { return .alacritty }
        if term.hasPrefix("xterm") { return .xterm }
        return .other
    }

    /// The family the identification answers name, when they name one.
    static func answered(_ replies: TerminalReplies) -> TerminalFamily? {
        if let version = replies.version?.lowercased() {
            if version.hasPrefix("kitty") { return .kitty }
            if version.hasPrefix("xterm(") { return .xterm }
            if version.hasPrefix("konsole") { return .konsole }
            if version.hasPrefix("mlterm") { return .mlterm }
            if version.hasPrefix("tmux") { return .tmux }
            if version.hasPrefix("vte") { return .vte }
            if version.hasPrefix("foot") { return .foot }
            if version.hasPrefix("wezterm") { return .wezterm }
            if version.hasPrefix("alacritty") { return .alacritty }
        }
        guard let secondary = replies.secondaryDeviceAttributes, let type = secondary.first else { return nil }
        let version = secondary.count > 1 ? secondary[1] : 0
        switch type {
        case 85, 82: return .urxvt  // 'U' rxvt-unicode, 'R' rxvt
        case 83: return .gnuScreen  // 'S'
        case 84: return .tmux  // 'T'
        case 65: return .vte
        case 24 where version == 279: return .mlterm  // mlterm's fixed answer, 24;279;0
        case 1 where version == 4000: return .kitty
        case 1 where version == 115: return .konsole
        case 41, 19: return .xterm
        default: return nil
        }
    }

    /// Whether the terminal prints an APC string it does not know (rxvt-unicode shows the kitty
    /// query as text), swallows it as something else (GNU screen's hardstatus), or is the Linux
    /// console: the kitty graphics query is not sent there.
    public var takesKittyQuery: Bool { ![.urxvt, .gnuScreen, .linuxConsole].contains(self) }

    /// Whether DCS requests (XTGETTCAP) are safe: GNU screen prints them, the Linux console
    /// knows none.
    public var takesDeviceControlStrings: Bool { ![.gnuScreen, .linuxConsole].contains(self) }

    /// Whether the terminal is known to draw 24-bit colour whatever its terminfo entry says
    /// (chafa's terminal database says the same): st. (mlterm draws it too, but unreliably:
    /// ``ColorDepth/decide(flag:environment:replies:tmuxPassesTrueColor:terminfoColors:)``
    /// gives it 256 colours.)
    public var drawsTrueColor: Bool { self == .st }

    /// The block glyphs block art uses by default there (``BlockGlyphs/decide(environment:replies:tmux:)``
    /// says why): sextants only where the terminal draws block elements itself, so no font can
    /// lack them or draw them out of the cell (kitty, VTE, Konsole, foot, WezTerm); the Linux
    /// console's font and urxvt's X core fonts hold the half blocks only; xterm, st, mlterm,
    /// alacritty and terminals not recognised draw with the font alone, and Debian's (DejaVu,
    /// Liberation) have the quadrants but no sextants (XTerm 379 then leaves the cells blank,
    /// alacritty draws them from a fallback font, in stripes).
    public var blockGlyphs: BlockGlyphs {
        switch self {
        case .linuxConsole, .urxvt: .halfBlocks
        case .kitty, .vte, .konsole, .foot, .wezterm: .sextants
        case .xterm, .st, .mlterm, .alacritty, .gnuScreen, .tmux, .other: .quadrants
        }
    }

    /// The widest set of block glyphs a terminal's font draws.
    public enum BlockGlyphs: Int, Sendable, Hashable, Comparable {
        /// ▀ ▄ █ (and the CP437 shades).
        case halfBlocks
        /// The half blocks and the quadrants (U+2596–259F).
        case quadrants
        /// Quadrants and the sextants (U+1FB00–1FB3B).
        case sextants

        public static func < (lhs: BlockGlyphs, rhs: BlockGlyphs) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One cell's size in pixels when the terminal does not say: the Linux console's 8×16 VGA
    /// font (cells 1:2, the ratio chafa assumes by default too), else nil.
    public var assumedCellPixels: PixelSize? {
        self == .linuxConsole ? PixelSize(width: 8, height: 16) : nil
    }
}
