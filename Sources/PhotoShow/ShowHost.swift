public import Vocabulary

/// The program `show` previews for, told by the variables it sets for its previewer: what it
/// does with the output decides what `show` prints when its stdout is not the terminal.
///
/// | host | set for the previewer | its output |
/// |---|---|---|
/// | fzf | `FZF_PREVIEW_COLUMNS`, `FZF_PREVIEW_LINES` (and `_TOP`, `_LEFT`) | a pipe fzf reads as text (SGR colours up to 24-bit) |
/// | ranger | `RANGER_LEVEL` | a pipe its text preview reads (8, 16 and 256 colours; no 24-bit) |
/// | lf | `LF_LEVEL` | a pipe lf reads as text (24-bit colours; sixel from r31 with `set sixel`); lf reads the terminal meanwhile |
/// | vifm | `VIFM`, `MYVIFMRC` | a pipe vifm shows as text, `%px %py` too; 0.12 gives the previewer no terminal |
/// | nnn | `NNN_FIFO`, `NNNLVL` | preview-tui runs the previewer in a pane of its own: a terminal |
///
/// ```swift
/// ShowHost.detect(environment: ["FZF_PREVIEW_COLUMNS": "80"])   // .fzf
/// ```
public enum ShowHost: String, Equatable, Sendable {
    case fzf, lf, ranger, vifm, nnn

    /// The variables ``detect(environment:)`` reads.
    public static let variables = [
        "FZF_PREVIEW_COLUMNS", "FZF_PREVIEW_LINES", "FZF_PREVIEW_TOP", "FZF_PREVIEW_LEFT", "LF_LEVEL",
        "RANGER_LEVEL", "VIFM", "MYVIFMRC", "NNN_FIFO", "NNNLVL",
    ]

    /// The innermost host: fzf's preview variables are set for its preview command alone; the
    /// file managers' levels are inherited by everything started under them, so the one that
    /// previews is the most specific set.
    public static func detect(environment: [String: String]) -> ShowHost? {
        func set(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        if set("FZF_PREVIEW_COLUMNS") || set("FZF_PREVIEW_LINES") { return .fzf }
        if set("RANGER_LEVEL") { return .ranger }
        if set("LF_LEVEL") { return .lf }
        if set("VIFM") || set("MYVIFMRC") { return .vifm }
        if set("NNN_FIFO") || set("NNNLVL") { return .nnn }
        return nil
    }

    /// Whether the host reads the previewer's output as text and draws it itself (then block
    /// art is all it can show, whatever the terminal could): fzf and ranger, always.
    public var readsText: Bool { self == .fzf || self == .ranger }

    /// The deepest colour its ANSI parser understands: ranger's reads `38;5` but not `38;2`
    /// (24-bit colours come out as noise), and vifm 0.12's misreads `38;2` (black drawn as red,
    /// seen in TmuxTests' PreviewerHostTests); fzf's and lf's take 24-bit colour.
    public var deepestColors: ColorDepth {
        self == .ranger || self == .vifm ? .palette256 : .truecolor
    }
}
