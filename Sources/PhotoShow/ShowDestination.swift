public import TerminalGraphics

/// Where `show`'s pictures go and what may be in them, decided before anything is asked:
/// what the host can show decides, not what the terminal could.
///
/// - stdout is the terminal (a shell, nnn's preview-tui pane, a tmux pane of its own): the
///   terminal on stdout is asked, as always.
/// - stdout is a pipe a host reads as text (fzf, ranger), or no box was given: block art into
///   stdout (a `--graphics` protocol named on the command line still goes into the pipe: the
///   flag says so), in the colours the host's parser understands.
/// - stdout is a pipe but the host handed a box of the screen over (`--place`, `--clear`: vifm's
///   `%px %py`, lf's previewer arguments): the terminal itself (`/dev/tty`) is asked, and the
///   picture drawn there; nothing goes into the pipe.
/// - lf with `set sixel` (r31 and later, `lf_sixel=true`) reads sixel from its previewer: the
///   terminal (`/dev/tty`) is asked whether it draws sixel, and the sixel goes into the pipe.
///
/// ```swift
/// let decision = ShowDestination.decide(stdoutIsTerminal: false, host: .fzf, request: .auto, placed: false,
///                                       environment: [:], terminalDevice: true)
/// decision.destination   // .standardOutput
/// decision.reason        // "fzf reads the preview as text: block art"
/// ```
public struct ShowDestination: Equatable, Sendable {
    /// Where the picture goes, and which terminal is asked.
    public enum Kind: Equatable, Sendable {
        /// stdout is the terminal: ask it and draw there.
        case terminalOnStandardOutput
        /// Into stdout, asking nothing: block art (or the protocol `--graphics` names).
        case standardOutput
        /// Ask `/dev/tty` and draw there (placed); nothing into stdout.
        case terminalDevice
        /// Ask `/dev/tty` whether it draws sixel; the sixel (or block art) into stdout.
        case sixelIntoStandardOutput
    }

    /// Where the picture goes.
    public var kind: Kind
    /// Why, in words, for `--probe`.
    public var reason: String
    /// The host, when there is one.
    public var host: ShowHost?

    /// Whether a terminal is asked: on stdout, or `/dev/tty`.
    public var asksTerminalDevice: Bool { kind == .terminalDevice || kind == .sixelIntoStandardOutput }

    /// The choice for a run: `placed` when a box of the screen was given (`--place`, or
    /// `--clear`); `terminalDevice` whether `/dev/tty` could be opened.
    public static func decide(
        stdoutIsTerminal: Bool, host: ShowHost?, request: GraphicsSelection.Request, placed: Bool,
        environment: [String: String], terminalDevice: Bool
    ) -> ShowDestination {
        let name = host?.rawValue
        if stdoutIsTerminal {
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
        if placed, terminalDevice {
            let who = name.map { "\($0) handed a box of the screen over" } ?? "a box of the screen was given"
            return ShowDestination(kind: .terminalDevice, reason: "\(who) (--place): /dev/tty asked, the picture placed there", host: host)
        }
        if request == .auto, host == .lf, environment["lf_sixel"] == "true", terminalDevice {
            return ShowDestination(
                kind: .sixelIntoStandardOutput, reason: "lf reads sixel from its previewer (set sixel): /dev/tty asked", host: host)
        }
        if request != .auto {
            return ShowDestination(kind: .standardOutput, reason: "\(request) into a pipe (--graphics says so)", host: host)
        }
        let into = name.map { "a pipe \($0) reads as text" } ?? "a pipe or a file"
        let why = placed ? "no terminal to draw on (/dev/tty cannot be opened)" : "no box of the screen given (--place)"
        return ShowDestination(kind: .standardOutput, reason: "stdout is \(into), \(why): block art", host: host)
    }
}
