import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// What `photofeed show` does when SIGINT, SIGTERM or SIGHUP arrives while it prints to a
/// terminal: a picture may be cut in the middle of an escape sequence or a colour, and tmux's
/// passthrough may have been turned on. The signal is caught (on a dispatch queue, not in a
/// handler), the open sequence is ended (`ST`), attributes are reset, the terminal's modes are
/// put back as they were when printing began, `cleanUp` puts back what
/// the probe changed, and the process exits as the signal would have it (128 + its number).
///
/// ```swift
/// let interruption = ShowInterruption.install { probe.restore() }
/// ```
final class ShowInterruption {
    private let sources: [any DispatchSourceSignal]

    /// Catches the signals until the process ends.
    static func install(cleanUp: @escaping @Sendable () -> Void) -> ShowInterruption {
        // The terminal's modes now (cooked): put back even if the signal comes while `show`
        // reads late replies in raw mode.
        var saved = termios()
        let hasModes = tcgetattr(STDIN_FILENO, &saved) == 0
        let modes = saved
        let queue = DispatchQueue(label: "photofeed.show.signals")
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                // End a string sequence cut short, reset colours, end a synchronized update an
                // animation's frame may have begun, show the cursor it hid, and leave the line.
                let reset = Array("\u{1B}\\\u{1B}[0m\u{1B}[?2026l\u{1B}[?25h\r\n".utf8)
                _ = reset.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
                if hasModes {
                    var restored = modes
                    tcsetattr(STDIN_FILENO, TCSANOW, &restored)
                }
                cleanUp()
                _exit(128 + number)
            }
            source.resume()
            return source
        }
        return ShowInterruption(sources: sources)
    }

    private init(sources: [any DispatchSourceSignal]) {
        self.sources = sources
    }
}
