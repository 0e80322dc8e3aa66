import BlockArt
import FoundationEssentials
import FoundationExtras
import ImageCodecs
import TerminalKit
import TerminalScreen
import TerminalGraphics
import Vocabulary
#if canImport(Glibc)
import Glibc
#endif

/// The terminal `photofeed show` prints to, asked once: the colour depth (the same decision as
/// the viewer's, ``ColorDepth/decide(flag:environment:replies:tmuxPassesTrueColor:terminfoColors:)``),
/// real pixels when the terminal draws them, and the whole profile for `--probe`.
///
/// The terminal is asked only when there is one to ask (``ShowRoute``: stdin and stdout both a
/// terminal, or `/dev/tty` when a host with stdout a pipe handed a box of the screen over) and
/// something is left to decide (automatic colours, any pixels: their cell size and tmux's
/// passthrough, or `--probe`); never guessed from `TERM` for pixels. Replies that had not come when the
/// probe's deadline passed are read after the pictures are printed (``finish()``, at most
/// ``lateReplyLimit`` after asking), so the shell never receives them as typed text.
public struct ShowTerminal {
    /// The longest time after asking that `show` waits, at its end, for replies still on their way.
    static let lateReplyLimit = Duration.seconds(3)

    /// The probe, when the terminal was asked.
    let probe: GraphicsProbe?
    /// What was decided.
    let profile: TerminalProfile

    /// Where the pictures go: the descriptors asked and written to, the box, the host.
    let route: ShowRoute

    /// Asks the terminal when `settings` leave something to it: the one on stdin and stdout, or
    /// `/dev/tty` when the route says so (``ShowDestination``); a host reading text keeps its
    /// colour conventions (ranger's parser takes no 24-bit colour).
    static func ask(_ settings: ShowSettings, environment: [String: String], route: ShowRoute) -> ShowTerminal {
        let flag = settings.colors.mode
        let aspectFlag = settings.cellAspect.map { (aspect: $0, name: "--cell-aspect") }
        // Pixels always ask (cell size, tmux passthrough, file transmission); so do automatic colours.
        let wanted = settings.probe || settings.graphics != .blocks || flag == nil
        let probe: GraphicsProbe? =
            wanted
            ? route.input.map { input in
                GraphicsProbe.run(
                    settings.graphics,
                    colorFlag: flag, cellAspectFlag: aspectFlag, input: input,
                    output: input == STDIN_FILENO ? route.output : input, environment: environment)
            }
            : nil
        var colors =
            probe?.colors
            ?? ColorDepth.decide(
                flag: flag, environment: environment, replies: nil, tmuxPassesTrueColor: nil,
                terminfoColors: Terminfo.colors(of: environment["TERM"] ?? ""))
        colors = route.destination.colors(colors, flag: flag)
        let selection =
            probe?.selection ?? GraphicsSelection.choose(settings.graphics, replies: nil, environment: environment)
        var profile = TerminalProfile(
            replies: probe?.replies, request: settings.graphics, environment: environment, tmux: probe?.tmux,
            selection: selection, colors: colors, terminalType: environment["TERM"])
        if let probe, case .files = probe.transport.medium { profile.sendsFiles = true }
        // Without a probe (nothing left to ask) the window size still tells the cell's shape.
        profile.cellAspect =
            probe?.cellAspect
            ?? CellAspect.decide(
                flag: aspectFlag, replies: nil, window: Self.windowCell(route.input ?? route.output),
                family: profile.family)
        let drawsPixels = selection.backend.graphics != nil
        return ShowTerminal(probe: probe, profile: profile, route: drawsPixels ? route : route.blockArtIntoStandardOutput())
    }

    /// How pixels are written: the flag's protocol (into a pipe too: the flag says so), or what
    /// the terminal answered for `auto`; nil: block art.
    var pixelOutput: ShowPixels? {
        guard var graphics = profile.selection.backend.graphics else { return nil }
        // A printed picture scrolls with the text: kitty placeholders only where they must be
        // used (inside tmux, through passthrough); elsewhere kitty places the image directly.
        // A placed picture too: outside tmux kitty places it at its box (its cells keep the host's text).
        let placed = route.placement != nil
        let direct = placed ? profile.request != .pixels(KittyPlaceholderGraphics()) : profile.request != .auto
        if direct, graphics.isSame(as: KittyPlaceholderGraphics()), probe?.tmux == nil {
            graphics = KittyDirectGraphics()
        }
        var transport = probe?.transport ?? GraphicsTransport()
        transport.indexedPlaceholderIDs = profile.colors.depth < .truecolor
        return ShowPixels(graphics: graphics, cellPixels: cellPixels, transport: transport)
    }

    /// What `--probe` prints: the terminal's profile, then the host, where the picture goes and
    /// the box, and how a placed picture is drawn when that differs from the choice (kitty
    /// places it at its box where placeholders were chosen).
    func report() -> [String] {
        var lines = profile.report() + route.report()
        if let pixels = pixelOutput, route.placement != nil, !pixels.graphics.isSame(as: profile.selection.backend.graphics ?? pixels.graphics) {
            lines.append("placed".padded(toLength: 12) + "as \(pixels.graphics.title) (a placement at the box)")
        }
        return lines
    }

    /// One cell in pixels: the terminal's answer, else what the window size on stdout says
    /// (xterm fills it in but does not answer the question by default), else 10×20.
    var cellPixels: PixelSize {
        profile.replies?.cellPixels ?? Self.windowCell(route.input ?? route.output) ?? profile.cellPixels
    }

    /// One cell in pixels from the window size the kernel holds for `descriptor`'s terminal,
    /// when it is filled in and believable.
    static func windowCell(_ descriptor: Int32) -> PixelSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0, size.ws_xpixel > 0,
            size.ws_ypixel > 0
        else { return nil }
        return TerminalReplies.believedCell(
            width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
    }

    /// Reads the replies still on their way (up to ``lateReplyLimit`` after asking), then puts
    /// tmux's passthrough back.
    func finish() {
        guard let probe else { return }
        if let replies = probe.replies, !replies.isComplete, let askedAt = probe.askedAt {
            // Raw mode again for a moment: a signal meanwhile waits until the mode is back.
            let signals = ProbeSignalGuard.install()
            _ = TerminalProbe.awaitLateReplies(replies, input: route.input ?? STDIN_FILENO, until: askedAt + Self.lateReplyLimit)
            if ProbeSignalGuard.isPending { probe.restore() }
            // The output is done and everything is back: a held signal acts now.
            signals.deliver()
        }
        probe.restore()
    }

    /// While pictures are printed to a terminal, a signal ends the output cleanly and puts back
    /// what the probe changed (tmux's passthrough) and removes the kitty files not yet read;
    /// `gate` lets a write under way finish first.
    func catchInterruptions(gate: OutputGate) -> ShowInterruption? {
        guard isatty(route.output) == 1 else { return nil }
        let probe = self.probe
        let files: (any ImageFileSink)? = {
            if let medium = probe?.transport.medium, case .files(let sink) = medium { return sink }
            return nil
        }()
        return ShowInterruption.install(
            output: route.output, modes: route.input ?? STDIN_FILENO, placed: route.placement != nil, gate: gate
        ) {
            probe?.restore()
            files?.removeLeftovers()
        }
    }
}
