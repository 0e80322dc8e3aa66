import BlockArt
import Foundation
import ImageCodecs
import TerminalKit
import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// The terminal `photofeed show` prints to, asked once: the colour depth (the same decision as
/// the viewer's, ``ColorDepth/decide(flag:environment:replies:tmuxPassesTrueColor:terminfoColors:)``),
/// real pixels when the terminal draws them, and the whole profile for `--probe`.
///
/// The terminal is asked only when stdin and stdout are both a terminal and something is left
/// to decide (`--colors` or `--graphics` auto, or `--probe`). Replies that had not come when the
/// probe's deadline passed are read after the pictures are printed (``finish()``, at most
/// ``lateReplyLimit`` after asking), so the shell never receives them as typed text.
struct ShowTerminal {
    /// The longest time after asking that `show` waits, at its end, for replies still on their way.
    static let lateReplyLimit = Duration.seconds(1)

    /// The probe, when the terminal was asked.
    let probe: GraphicsProbe?
    /// What was decided.
    let profile: TerminalProfile

    /// Asks the terminal when `settings` leave something to it.
    static func ask(_ settings: ShowSettings, environment: [String: String]) -> ShowTerminal {
        let flag = settings.colors.mode.map(Self.depth(for:))
        let wanted = settings.probe || settings.graphics == .auto || flag == nil
        let terminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        let probe: GraphicsProbe? =
            wanted && terminal
            ? GraphicsProbe.run(settings.graphics, colorFlag: flag, input: STDIN_FILENO, output: STDOUT_FILENO, environment: environment)
            : nil
        let colors =
            probe?.colors
            ?? ColorDepth.decide(
                flag: flag, environment: environment, replies: nil, tmuxPassesTrueColor: nil,
                terminfoColors: Terminfo.colors(of: environment["TERM"] ?? ""))
        let selection =
            probe?.selection ?? GraphicsSelection.choose(settings.graphics, replies: nil, environment: environment)
        let profile = TerminalProfile(
            replies: probe?.replies, request: settings.graphics, environment: environment, tmux: probe?.tmux,
            selection: selection, colors: colors, terminalType: environment["TERM"])
        return ShowTerminal(probe: probe, profile: profile)
    }

    /// The block-art colour mode decided.
    var colorMode: ColorMode {
        switch profile.colors.depth {
        case .truecolor: .truecolor
        case .palette256: .palette256
        case .ansi16: .palette16
        case .none: .none
        }
    }

    /// How pixels are written: the flag's protocol (into a pipe too: the flag says so), or what
    /// the terminal answered for `auto`; nil: block art.
    var pixelOutput: ShowCommand.PixelOutput? {
        let backend = profile.selection.backend
        guard backend != .blocks else { return nil }
        // A printed picture scrolls with the text: kitty placeholders only where they must be
        // used (inside tmux, through passthrough); elsewhere kitty places the image directly.
        let printed: PictureBackend =
            profile.request != .auto && backend == .kittyPlaceholders && probe?.tmux == nil ? .kitty : backend
        return ShowCommand.PixelOutput(
            backend: printed, cellPixels: profile.cellPixels, transport: probe?.transport ?? GraphicsTransport(),
            indexedIDs: profile.colors.depth < .truecolor)
    }

    /// Reads the replies still on their way (up to ``lateReplyLimit`` after asking), then puts
    /// tmux's passthrough back.
    func finish() {
        guard let probe else { return }
        if let replies = probe.replies, !replies.isComplete, let askedAt = probe.askedAt {
            _ = TerminalProbe.awaitLateReplies(replies, input: STDIN_FILENO, until: askedAt + Self.lateReplyLimit)
        }
        probe.restore()
    }

    static func depth(for mode: ColorMode) -> ColorDepth {
        switch mode {
        case .truecolor: .truecolor
        case .palette256: .palette256
        case .palette16: .ansi16
        case .none: .none
        }
    }
}
