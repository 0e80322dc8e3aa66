/// A terminal the slow-tty scenario plays at the end of the link: what it answers to
/// photofeed's start-up probe (``TerminalQuery``) and to the queries of a run, and the picture
/// protocol those answers must make photofeed choose.
struct SlowTTYPersonality: Sendable {
    /// The protocol a personality's answers lead to, as seen in the bytes.
    enum PictureProtocol: String, Sendable {
        /// kitty's APC `ESC _ G`.
        case kitty
        /// `ESC P … q` (DCS).
        case sixel
        /// `ESC ] 1337 ; File=` (OSC).
        case iterm = "iTerm2"
    }

    var name: String
    var expected: PictureProtocol
    /// Added to the child's environment.
    var environment: [String: String] = [:]
    /// XTVERSION's text; nil: no answer.
    var version: String?
    /// DA2's parameters; nil: no answer.
    var secondary: String?
    /// DA1's parameters (`?62;4`).
    var primary: String
    /// Whether kitty graphics queries (`a=q`, medium direct) are answered OK.
    var kittyGraphics = false
    /// The DECRQM 2026 state (nil: 0, not recognised).
    var synchronizedOutput: Int?
    /// XTSMGRAPHICS's geometry answer (`2;0;1200;800`); nil: none.
    var sixelGeometry: String?
    /// XTGETTCAP answers by hex name: the reply's body after `DCS`.
    var capabilities: [String: String] = [:]

    /// A remote kitty ≥ 0.28: graphics and Unicode placeholders, but it cannot read this
    /// machine's files (the `t=t` query answers an error), so pictures go inline.
    static let kitty = SlowTTYPersonality(
        name: "kitty", expected: .kitty, version: "kitty(0.35.2)", secondary: "1;4000;35", primary: "?62;22;52",
        kittyGraphics: true, synchronizedOutput: 2,
        capabilities: ["524742": "1+r524742=382F382F38", "636F6C6F7273": "1+r636F6C6F7273=323536"])

    /// xterm with sixel (`4` in DA1) and its graphics geometry; no kitty, no mode 2026.
    static let sixel = SlowTTYPersonality(
        name: "sixel", expected: .sixel, version: "XTerm(390)", secondary: "41;390;0",
        primary: "?64;1;2;4;6;9;15;16;17;18;21;22;28", sixelGeometry: "2;0;1200;800",
        capabilities: ["524742": "0+r524742", "636F6C6F7273": "1+r636F6C6F7273=323536"])

    /// iTerm2 3.5 by its XTVERSION (which ranks its inline images above its sixel).
    static let iterm = SlowTTYPersonality(
        name: "iTerm2", expected: .iterm, environment: ["TERM_PROGRAM": "iTerm.app"], version: "iTerm2 3.5.5",
        secondary: "0;95;0", primary: "?62;4", synchronizedOutput: 2, sixelGeometry: "2;0;1200;800",
        capabilities: ["524742": "1+r524742=382F382F38", "636F6C6F7273": "1+r636F6C6F7273=323536"])

    static let all = [kitty, sixel, iterm]

    /// Every personality's cell in pixels (in `CSI 14/16 t` and the pty's window size).
    static let cellPixels = (width: 10, height: 20)
}
