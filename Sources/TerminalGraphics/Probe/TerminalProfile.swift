import FoundationExtras
public import TerminalKit
public import Vocabulary

/// Everything known about the terminal and what was decided from it: the replies, tmux, the
/// colour depth and its source, the terminfo entry ncurses draws with, and the picture backend
/// with its reason. The viewer keeps it in its model (late replies update it; the help screen
/// shows it); `photofeed show --probe` prints it.
///
/// ```swift
/// for line in profile.report() { print(line) }   // "terminal   XTerm(379)" …
/// ```
public struct TerminalProfile: Sendable {
    /// What the terminal answered (nil: no terminal to ask).
    public var replies: TerminalReplies?
    /// What `--graphics` asked for.
    public var request: GraphicsSelection.Request
    /// The environment variables the choices read.
    public var environment: [String: String]
    /// The tmux pane, inside tmux.
    public var tmux: TmuxPane?
    /// The picture backend and why.
    public var selection: GraphicsSelection
    /// The colour depth and why.
    public var colors: ColorDepth.Decision
    /// The terminfo entry ncurses draws with (`TERM`, a `-direct` variant, or photofeed's own).
    public var terminalType: String?
    /// Whether kitty pixels travel in temporary files (the terminal reads this machine's files).
    public var sendsFiles = false
    /// The cell's proportions block art draws with, and where they came from: from the replies
    /// unless set (``GraphicsProbe`` sets the whole decision, `--cell-aspect` included).
    public var cellAspect = CellAspect.Decision.standard

    /// The variables that matter to the choices, from `environment`.
    public static let relevantVariables = [
        "TERM", "COLORTERM", "NO_COLOR", "TERM_PROGRAM", "TMUX", "TMUX_PANE", "SSH_TTY", "SSH_CONNECTION", "STY",
        "MLTERM", "KONSOLE_VERSION", "ALACRITTY_WINDOW_ID",
    ]

    /// A profile.
    public init(
        replies: TerminalReplies?, request: GraphicsSelection.Request, environment: [String: String], tmux: TmuxPane?,
        selection: GraphicsSelection, colors: ColorDepth.Decision, terminalType: String? = nil
    ) {
        self.replies = replies
        self.request = request
        self.environment = environment.filter { Self.relevantVariables.contains($0.key) }
        self.tmux = tmux
        self.selection = selection
        self.colors = colors
        self.terminalType = terminalType
        cellAspect = CellAspect.decide(
            flag: nil, replies: replies, family: TerminalFamily.identify(environment: environment, replies: replies))
    }

    /// The terminal's family, from the environment and the answers (``TerminalFamily``).
    public var family: TerminalFamily { TerminalFamily.identify(environment: environment, replies: replies) }

    /// The block glyphs block art uses by default, and why (``TerminalFamily/BlockGlyphs/decide(environment:replies:tmux:)``).
    public var glyphs: TerminalFamily.BlockGlyphs.Decision {
        TerminalFamily.BlockGlyphs.decide(environment: environment, replies: replies, tmux: tmux)
    }

    /// One cell's size in pixels: the terminal's answer, else the window size's (`TIOCGWINSZ`),
    /// else what its family is known to have (the Linux console's 8×16 font), else 10×20.
    public var cellPixels: PixelSize {
        replies?.cellPixels ?? replies?.windowCellPixels ?? family.assumedCellPixels ?? PixelSize(width: 10, height: 20)
    }

    /// Takes a late reply into account; returns the backend a fresh choice would make now.
    public mutating func apply(_ reply: TerminalReply) -> GraphicsSelection {
        if replies == nil { replies = TerminalReplies() }
        replies?.apply(reply)
        return GraphicsSelection.choose(request, replies: replies, environment: environment, tmux: tmux)
    }

    /// The whole probe result, a line each, for `--probe` and the help screen.
    public func report() -> [String] {
        var lines: [String] = []
        func line(_ name: String, _ value: String) { lines.append(name.padded(toLength: 12) + value) }
        guard let replies else {
            line("terminal", "none (not a terminal)")
            line("pictures", selection.reason)
            line("colours", "\(colors.depth.name) (\(colors.source))")
            line("proportions", "\(cellAspect.aspect) (\(cellAspect.source))")
            return lines
        }
        let attributes = replies.deviceAttributes.map { $0.map(String.init).joined(separator: ";") }
        line("terminal", replies.version ?? "no XTVERSION answer")
        line("TERM", (environment["TERM"] ?? "unset") + (terminalType.map { $0 != environment["TERM"] ? " (ncurses: \($0))" : "" } ?? ""))
        line("answers", replies.isComplete ? "complete (DA1 \(attributes ?? ""))" : "no DA1 fence yet (slow or silent terminal)")
        if let cell = replies.cellPixels {
            line("cell", "\(cell.width)×\(cell.height) px")
        } else if let cell = replies.windowCellPixels {
            line("cell", "\(cell.width)×\(cell.height) px (from the window size, not answered)")
        } else {
            line("cell", "not reported: \(cellPixels.width)×\(cellPixels.height) px assumed")
        }
        for rejected in replies.rejectedGeometry { line("ignored", "\(rejected): out of bounds") }
        line("proportions", "\(cellAspect.aspect) (\(cellAspect.source))")
        line("glyphs", "\(glyphs.glyphs.name) (\(glyphs.reason))")
        line("colours", "\(colors.depth.name) (\(colors.source))")
        line("sync", replies.synchronizedOutput ? "synchronized output (mode 2026)" : "no synchronized output")
        line("kitty", replies.kittyGraphics ? "graphics answered OK" + (replies.kittyFileTransmission ? ", reads files" : "") : "no graphics answer")
        line("sixel", replies.sixel ? "yes (DA1 4)" : "no")
        if let tmux {
            let features = tmux.outerFeatures.sorted().joined(separator: ",")
            line("tmux", "pane \(tmux.id), outer \(tmux.outerTerminal ?? "?"), features \(features.isEmpty ? "none" : features)")
            line("passthrough", tmux.passthroughAllowed ? "allowed" : "off")
        } else if environment["TMUX"] != nil {
            line("tmux", "inside tmux, but tmux did not answer")
        }
        line("pictures", selection.reason)
        return lines
    }
}
