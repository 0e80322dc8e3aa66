import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// What `photofeed show` does when SIGINT, SIGTERM or SIGHUP arrives while it prints to a
/// terminal (a previewer is killed when the cursor moves on). The signal is caught (on a
/// dispatch queue, not in a handler) and waits for the write under way to end (``OutputGate``:
/// a picture is written whole, so no escape sequence is left open); if that write is stuck, the
/// open sequence is ended (`ST`) and the colours reset. An animation's synchronized update is
/// ended and its hidden cursor shown; a picture printed at the cursor leaves the line, one
/// placed in a box of the screen (`--place`) puts the cursor back where it was (DECRC) and
/// writes nothing else. The terminal's modes are put back as they were when printing began,
/// `cleanUp` puts back what the probe changed and removes kitty files not yet read, and the
/// process exits as the signal would have it (128 + its number). SIGPIPE is ignored by `show`
/// (a reader gone ends the output quietly, through the same paths as the end of a run).
///
/// ```swift
/// let interruption = ShowInterruption.install(output: STDOUT_FILENO, modes: STDIN_FILENO, placed: false, gate: gate) {
///     probe.restore()
/// }
/// ```
final class ShowInterruption {
    private let sources: [any DispatchSourceSignal]

    /// What is written to the terminal on a signal: `whole` when no write was under way.
    static func ending(placed: Bool, whole: Bool) -> [UInt8] {
        // A picture placed in a box: its write either ended with DECRC, or (stuck) is ended here.
        if placed { return whole ? [] : Array("\u{1B}\\\u{1B}[0m\u{1B}8".utf8) }
        return Array("\u{1B}\\\u{1B}[0m\u{1B}[?2026l\u{1B}[?25h\r\n".utf8)
    }

    /// Catches the signals until the process ends; `output` is the terminal written to,
    /// `modes` the descriptor whose modes are put back.
    static func install(
        output: Int32, modes descriptor: Int32, placed: Bool, gate: OutputGate, cleanUp: @escaping @Sendable () -> Void
    ) -> ShowInterruption {
        // The terminal's modes now (cooked): put back even if the signal comes while `show`
        // reads late replies in raw mode.
        var saved = termios()
        let hasModes = tcgetattr(descriptor, &saved) == 0
        let modes = saved
        let queue = DispatchQueue(label: "photofeed.show.signals")
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                let whole = gate.close()
                let ending = Self.ending(placed: placed, whole: whole)
                _ = ending.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
                if hasModes {
                    var restored = modes
                    tcsetattr(descriptor, TCSANOW, &restored)
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
