public import TerminalGraphics
public import TerminalKit
public import Vocabulary

/// Where `show`'s pictures go and what may be in them, decided before anything is asked:
/// what the host can show decides, not what the terminal could.
///
/// - stdout is the terminal (a shell, nnn's preview-tui pane, a tmux pane of its own): the
///   terminal on stdout is asked, as always.
/// - stdout is a pipe a host reads as text (fzf, ranger), or no box was given: block art into
///   stdout (a `--graphics` protocol named on the command line still goes into the pipe: the
///   flag says so), in the colours the host's parser understands.
/// - stdout is a pipe but a box of the screen was handed over (`--place`, `--clear`): the
///   terminal itself (`/dev/tty`) is asked, and the picture drawn there; nothing goes into the
///   pipe (when `/dev/tty` answers no pixels: block art into the pipe after all). vifm 0.12
///   starts its previewers with no terminal at all: there `/dev/tty` cannot be opened.
/// - lf reads the terminal while its previewer runs: answers asked for through `/dev/tty` reach
///   lf as keys (tried in kitty: lf opened the file in its pager). So under lf nothing is
///   asked: block art into the pipe, or with `--graphics` and `--place` that protocol drawn on
///   `/dev/tty` at the box, unasked (as `kitten icat --place … >/dev/tty` is in lf's recipes);
///   lf r31's `set sixel` reads sixel from the pipe, so `--graphics sixel` sends it there.
///
/// ```swift
/// let decision = ShowDestination.decide(stdoutIsTerminal: false, host: .fzf, request: .auto, placed: false,
///                                       terminalDevice: true)
/// decision.kind     // .standardOutput
/// decision.reason   // "fzf reads the preview as text: block art"
/// ```
public struct ShowDestination: Equatable, Sendable {
    /// Where the picture goes, and which terminal is asked.
    public enum Kind: Equatable, Sendable {
        /// stdout is the terminal: ask it and draw there.
        case terminalOnStandardOutput
        /// Into stdout, asking nothing: block art (or the protocol `--graphics` names).
        case standardOutput
        /// Draw on `/dev/tty`, placed; nothing into stdout.
        case terminalDevice
    }

    /// Where the picture goes.
    public var kind: Kind
    /// Whether `/dev/tty` is asked before drawing on it (not under lf, which would read the answers).
    public var asksTerminalDevice = false
    /// Whether the terminal on stdout is asked (not from a tmux pane a host does not focus).
    public var asksTerminal = true
    /// Why, in words, for `--probe`.
    public var reason: String
    /// The host, when there is one.
    public var host: ShowHost?

    /// A destination.
    public init(kind: Kind, asksTerminalDevice: Bool = false, asksTerminal: Bool = true, reason: String, host: ShowHost?) {
        self.kind = kind
        self.asksTerminalDevice = asksTerminalDevice
        self.asksTerminal = asksTerminal
        self.reason = reason
        self.host = host
    }

    /// The colours `decided` for the terminal, kept within what the host's parser understands
    /// when it reads the output as text (ranger's: 256); `--colors` (`flag`) wins.
    public func colors(_ decided: ColorDepth.Decision, flag: ColorDepth?) -> ColorDepth.Decision {
        guard flag == nil, kind == .standardOutput, let host, decided.depth > host.deepestColors else { return decided }
        return ColorDepth.Decision(depth: host.deepestColors, source: "\(host.rawValue)'s preview reads \(host.deepestColors.name) colours")
    }

    /// The choice for a run: `placed` when a box of the screen was given (`--place`, or
    /// `--clear`); `terminalDevice` whether `/dev/tty` could be opened; `paneInactive` whether
    /// stdout is a tmux pane that is not the focused one (nnn's preview-tui pane beside nnn).
    ///
    /// A previewer in a tmux pane that is not focused is not asked for pixels: tmux hands the
    /// outer terminal's answers to the focused pane, whose host takes them for keys (nnn opened
    /// its editor); it gets block art, unless `--graphics` names a protocol.
    public static func decide(
        stdoutIsTerminal: Bool, host: ShowHost?, request: GraphicsSelection.Request, placed: Bool, terminalDevice: Bool,
        paneInactive: Bool = false
    ) -> ShowDestination {
        let name = host?.rawValue
        if stdoutIsTerminal {
            if let name, paneInactive, request == .auto {
                return ShowDestination(
                    kind: .terminalOnStandardOutput, asksTerminal: false,
                    reason: "stdout is a tmux pane \(name) does not focus: not asked (tmux would hand the answers to \(name) as keys), block art",
                    host: host)
            }
            let reason = name.map { "stdout is the terminal (\($0) gave the previewer a terminal of its own)" } ?? "stdout is the terminal"
            return ShowDestination(kind: .terminalOnStandardOutput, reason: reason, host: host)
        }
        if request == .blocks {
            return ShowDestination(kind: .standardOutput, reason: "block art into stdout (--graphics blocks)", host: host)
        }
        if let host, host.readsText {
            let flag = request == .auto ? "block art" : "\(request) into the pipe (--graphics says so)"
            return ShowDestination(kind: .standardOutput, reason: "\(host.rawValue) reads the preview as text: \(flag)", host: host)
        }
        if host == .lf {
            if request != .auto, placed, terminalDevice {
                return ShowDestination(
                    kind: .terminalDevice,
                    reason: "lf handed a box of the screen over (--place): \(request) drawn on /dev/tty, unasked (--graphics says so; lf would read the answers)",
                    host: host)
            }
            if request != .auto {
                return ShowDestination(kind: .standardOutput, reason: "\(request) into lf's pipe (--graphics says so)", host: host)
            }
            return ShowDestination(
                kind: .standardOutput,
                reason: "lf reads the terminal while its previewer runs, so it is not asked: block art into the pipe (--graphics kitty with --place draws pixels)",
                host: host)
        }
        if placed, terminalDevice {
            let who = name.map { "\($0) handed a box of the screen over" } ?? "a box of the screen was given"
            return ShowDestination(
                kind: .terminalDevice, asksTerminalDevice: true, reason: "\(who) (--place): /dev/tty asked, the picture placed there",
                host: host)
        }
        if request != .auto {
            return ShowDestination(kind: .standardOutput, reason: "\(request) into a pipe (--graphics says so)", host: host)
        }
        let into = name.map { "a pipe \($0) reads as text" } ?? "a pipe or a file"
        let why = placed ? "no terminal to draw on (/dev/tty cannot be opened)" : "no box of the screen given (--place)"
        return ShowDestination(kind: .standardOutput, reason: "stdout is \(into), \(why): block art", host: host)
    }
}
