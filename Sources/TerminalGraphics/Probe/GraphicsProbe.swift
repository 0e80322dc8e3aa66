#if canImport(Glibc)
import Glibc
#endif
public import TerminalKit
public import Vocabulary

/// Everything photofeed learns about the terminal before the screen takes over, and what it
/// decides from it: the replies, the tmux pane (passthrough turned on when needed), the
/// picture backend and why, how kitty pixels travel, and the colour depth and why.
///
/// SIGINT, SIGTERM, SIGHUP and SIGTSTP are held back while it asks; one that came meanwhile is
/// delivered once the terminal mode, the probe's temporary file and tmux's passthrough are put
/// back (a stop resumes the start-up afterwards, with passthrough turned on again).
///
/// ```swift
/// let probe = GraphicsProbe.run(.auto, colorFlag: nil, input: STDIN_FILENO, output: STDOUT_FILENO, environment: env)
/// defer { probe.restore() }
/// probe.selection.reason   // "kitty (terminal answered)"
/// ```
public struct GraphicsProbe: Sendable {
    /// What the terminal answered (nil: no terminal), with the keys typed meanwhile and the
    /// input parser's state where the probe stopped reading (the screen goes on from there).
    public var replies: TerminalReplies?
    /// When the questions were asked (nil: not asked).
    public var askedAt: ContinuousClock.Instant?
    /// The tmux pane, inside tmux.
    public var tmux: TmuxPane?
    /// The backend and the reason.
    public var selection: GraphicsSelection
    /// How kitty pixels travel: a temporary file when the terminal reads this machine's files,
    /// else zlib-compressed in the escapes; through tmux passthrough inside tmux.
    public var transport: GraphicsTransport
    /// The colour depth and where it came from.
    public var colors: ColorDepth.Decision
    /// The cell's proportions and where they came from (``CellAspect/decide(flag:replies:window:family:)``).
    public var cellAspect = CellAspect.Decision.standard

    /// `colors` of `TERM`'s terminfo entry (nil: no such entry), as the colour decision read it.
    public var terminfoColors: Int?
    /// The terminal's mode before the probe, while echo stays off for replies still on their
    /// way (``TerminalProbe/Outcome/echoSuppressed``): put back by ``restore()``.
    public var echoSuppressed: TerminalMode?

    /// The profile of this probe, for the viewer's model and `--probe`.
    public func profile(request: GraphicsSelection.Request, environment: [String: String], terminalType: String?)
        -> TerminalProfile
    {
        var profile = TerminalProfile(
            replies: replies, request: request, environment: environment, tmux: tmux, selection: selection,
            colors: colors, terminalType: terminalType)
        if case .files = transport.medium { profile.sendsFiles = true }
        profile.cellAspect = cellAspect
        return profile
    }

    /// Asks the terminal on `input`/`output` and chooses for `request`; `colorFlag` is `--colors`,
    /// `cellAspectFlag` `--cell-aspect` with the name it came by.
    ///
    /// Inside tmux, `allow-passthrough` is turned on for the pane unless only block art was
    /// asked for (and put back by ``restore()``, or at once when the choice is block art and
    /// every reply is in). Temporary-file transmission is offered only when no ssh variable is
    /// set (a terminal on another machine cannot read our files; the query proves it either way).
    public static func run(
        _ request: GraphicsSelection.Request, colorFlag: ColorDepth? = nil,
        cellAspectFlag: (aspect: CellAspect, name: String)? = nil, input: Int32, output: Int32,
        environment: [String: String], deadline: Duration = TerminalProbe.defaultDeadline
    ) -> GraphicsProbe {
        let signals = ProbeSignalGuard.install()
        var tmux = TmuxPane.current(environment: environment)
        if request != .blocks { tmux?.allowPassthrough() }
        let passthrough = tmux?.passthroughAllowed ?? false
        let local = environment["SSH_TTY"] == nil && environment["SSH_CONNECTION"] == nil
        let files: TemporaryImageFiles? = local && request != .blocks ? TemporaryImageFiles(environment: environment) : nil
        let outcome = TerminalProbe.ask(
            input: input, output: output, deadline: deadline, passthrough: passthrough, files: files,
            environment: environment)
        let replies = outcome?.replies
        let selection = GraphicsSelection.choose(request, replies: replies, environment: environment, tmux: tmux)
        var transport = GraphicsTransport(medium: .compressed, passthrough: passthrough)
        if let files, replies?.kittyFileTransmission == true { transport.medium = .files(files) }
        let complete = replies?.isComplete ?? true
        if selection.backend == .blocks, complete {
            tmux?.restore()
            transport.passthrough = false
        }
        let interrupted = ProbeSignalGuard.isPending
        if interrupted {
            tmux?.restore()
            outcome?.echoSuppressed?.restore()
        }
        signals.deliver()
        if interrupted {
            // Continued after the stop: the start-up goes on, with passthrough as it was asked
            // for and echo off while replies are on their way.
            if request != .blocks { tmux?.allowPassthrough() }
            outcome?.echoSuppressed?.suppressEcho()
        }
        let terminfoColors = Terminfo.colors(of: environment["TERM"] ?? "")
        let colors = ColorDepth.decide(
            flag: colorFlag, environment: environment, replies: replies,
            tmuxPassesTrueColor: tmux.map(\.passesTrueColor), terminfoColors: terminfoColors)
        var probe = GraphicsProbe(
            replies: replies, askedAt: outcome?.askedAt, tmux: tmux, selection: selection, transport: transport,
            colors: colors, terminfoColors: terminfoColors, echoSuppressed: outcome?.echoSuppressed)
        probe.cellAspect = CellAspect.decide(
            flag: cellAspectFlag, replies: replies,
            family: TerminalFamily.identify(environment: environment, replies: replies))
        return probe
    }

    /// Puts back what the probe changed (tmux's `allow-passthrough`, the terminal's echo while
    /// replies were still on their way).
    public func restore() {
        tmux?.restore()
        echoSuppressed?.restore()
    }
}
