/// Everything photofeed learns about the terminal before the screen takes over, and what it
/// decides from it: the replies, the tmux pane (passthrough turned on when needed), the
/// picture backend and why, how kitty pixels travel, and whether 24-bit colour shows.
///
/// ```swift
/// let probe = GraphicsProbe.run(.auto, input: STDIN_FILENO, output: STDOUT_FILENO, environment: env)
/// defer { probe.restore() }
/// probe.selection.reason   // "kitty (terminal answered)"
/// ```
public struct GraphicsProbe: Sendable {
    /// What the terminal answered (nil: no terminal).
    public var replies: TerminalReplies?
    /// The tmux pane, inside tmux.
    public var tmux: TmuxPane?
    /// The backend and the reason.
    public var selection: GraphicsSelection
    /// How kitty images travel: a temporary file when the terminal reads this machine's files,
    /// else zlib-compressed in the escapes; through tmux passthrough inside tmux.
    public var transport: GraphicsTransport
    /// Whether the terminal (and tmux, inside it) shows 24-bit colour.
    public var hasTrueColor: Bool

    /// Asks the terminal on `input`/`output` and chooses for `request`.
    ///
    /// Inside tmux, `allow-passthrough` is turned on for the pane unless only block art was
    /// asked for (and put back by ``restore()``, or at once when the choice is block art).
    /// Temporary-file transmission is offered only when no ssh variable is set (a terminal
    /// on another machine cannot read our files; the query proves it either way).
    public static func run(
        _ request: GraphicsSelection.Request, input: Int32, output: Int32, environment: [String: String]
    ) -> GraphicsProbe {
        var tmux = TmuxPane.current(environment: environment)
        if request != .blocks { tmux?.allowPassthrough() }
        let passthrough = tmux?.passthroughAllowed ?? false
        let local = environment["SSH_TTY"] == nil && environment["SSH_CONNECTION"] == nil
        let files: TemporaryImageFiles? = local && request != .blocks ? TemporaryImageFiles(environment: environment) : nil
        let replies = TerminalProbe.ask(input: input, output: output, passthrough: passthrough, files: files)
        let selection = GraphicsSelection.choose(request, replies: replies, environment: environment, tmux: tmux)
        var transport = GraphicsTransport(medium: .compressed, passthrough: passthrough)
        if let files, replies?.kittyFileTransmission == true { transport.medium = .files(files) }
        if selection.backend == .blocks {
            tmux?.restore()
            transport.passthrough = false
        }
        return GraphicsProbe(
            replies: replies, tmux: tmux, selection: selection, transport: transport,
            hasTrueColor: GraphicsSelection.hasTrueColor(replies: replies, environment: environment, tmux: tmux))
    }

    /// Puts back what the probe changed (tmux's `allow-passthrough`).
    public func restore() {
        tmux?.restore()
    }
}
