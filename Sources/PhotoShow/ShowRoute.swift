import FoundationEssentials
import FoundationExtras
import TerminalGraphics
import Vocabulary

#if canImport(Glibc)
import Glibc
#endif

/// Where one `show` run draws, found out once at its start: the host and the destination
/// (``ShowDestination``), the terminal asked and drawn on (stdin and stdout, or `/dev/tty`
/// opened for the run), the box (``ShowBox``), and whether the picture is placed in it.
///
/// ```swift
/// let route = ShowRoute.open(settings, environment: environment)
/// defer { route.close() }
/// ```
struct ShowRoute {
    /// Where the pictures go and why.
    var destination: ShowDestination
    /// The box the pictures are sized to (and placed in, when ``placement`` says so).
    var box: ShowBox
    /// The box of the screen the picture is drawn in: `--place`, `--clear`'s box, or fzf's pane
    /// when its preview writes to the terminal; nil: printed at the cursor.
    var placement: ShowPlacement?
    /// The descriptor the terminal is asked on and read from (nil: none is asked).
    var input: Int32?
    /// The descriptor the pictures are written to.
    var output: Int32
    /// `/dev/tty`, when this run opened it.
    private var device: Int32?

    /// The route for `settings` in `environment`, opening `/dev/tty` when stdout is not the
    /// terminal and the host hands the screen over.
    static func open(_ settings: ShowSettings, environment: [String: String]) -> ShowRoute {
        let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        let host = ShowHost.detect(environment: environment)
        let placed = settings.place != nil || settings.clear
        var device: Int32?
        if !stdoutIsTerminal, settings.graphics != .blocks, placed {
            let opened = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
            device = opened >= 0 ? opened : nil
        }
        let paneInactive = stdoutIsTerminal && host != nil && settings.graphics == .auto && Self.tmuxPaneInactive(environment)
        let destination = ShowDestination.decide(
            stdoutIsTerminal: stdoutIsTerminal, host: host, request: settings.graphics, placed: placed,
            terminalDevice: device != nil, paneInactive: paneInactive)
        if destination.kind != .terminalDevice, let opened = device {
            Glibc.close(opened)
            device = nil
        }
        let input: Int32?
        let output: Int32
        switch destination.kind {
        case .terminalOnStandardOutput:
            input = destination.asksTerminal && isatty(STDIN_FILENO) == 1 ? STDIN_FILENO : nil
            output = STDOUT_FILENO
        case .terminalDevice:
            input = destination.asksTerminalDevice ? device : nil
            output = device ?? STDOUT_FILENO
        case .standardOutput:
            input = nil
            output = STDOUT_FILENO
        }
        let measured = destination.kind == .terminalDevice ? device : (stdoutIsTerminal ? STDOUT_FILENO : nil)
        let box = ShowBox.choose(
            place: settings.place, width: settings.width, height: settings.height, environment: environment,
            terminal: measured.flatMap(Self.size(of:)))
        let drawsOnTerminal = destination.kind == .terminalOnStandardOutput || destination.kind == .terminalDevice
        let placement = drawsOnTerminal && (placed || box.origin != nil) ? box.placement : nil
        return ShowRoute(
            destination: destination, box: box, placement: placement, input: input, output: output, device: device)
    }

    /// This route once `/dev/tty` answered that it draws no pixels: block art into stdout, sized
    /// to the box, for the host to show as the text it is (vifm shows a previewer's text even
    /// with `%px %py`), rather than block art written over the host's screen.
    func blockArtIntoStandardOutput() -> ShowRoute {
        guard destination.kind == .terminalDevice else { return self }
        var route = self
        route.destination.kind = .standardOutput
        route.destination.reason += "; it draws no pixels: block art into stdout"
        route.output = STDOUT_FILENO
        route.placement = nil
        return route
    }

    /// Whether stdout is a tmux pane that is not the focused one (`#{pane_active}` is 0), asked
    /// of tmux for `$TMUX_PANE`; false outside tmux or when tmux does not say.
    static func tmuxPaneInactive(_ environment: [String: String]) -> Bool {
        guard environment["TMUX"] != nil, let pane = environment["TMUX_PANE"], !pane.isEmpty,
            let result = try? ChildProcess.run(
                "/usr/bin/env", ["tmux", "display-message", "-p", "-t", pane, "#{pane_active}"], capturesOutput: true,
                timeout: .seconds(1)),
            result.succeeded
        else { return false }
        return String(decoding: result.output.prefix(16), as: UTF8.self).hasPrefix("0")
    }

    /// The terminal's size on `descriptor`, when it is one.
    static func size(of descriptor: Int32) -> CellSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return CellSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// The lines `--probe` adds: the host, where the picture goes and why, the box.
    func report() -> [String] {
        var lines: [String] = []
        func line(_ name: String, _ value: String) { lines.append(name.padded(toLength: 12) + value) }
        line("host", destination.host.map { "\($0.rawValue) (its previewer's variables)" } ?? "none")
        line("output", destination.reason)
        let rows = box.rows.map { "\($0) rows" } ?? "rows by the picture's aspect"
        line("box", "\(box.columns) columns, \(rows) (\(box.source))" + (placement.map { ", placed at \($0)" } ?? ""))
        return lines
    }

    /// Closes `/dev/tty` when this run opened it.
    func close() {
        if let device { Glibc.close(device) }
    }
}
