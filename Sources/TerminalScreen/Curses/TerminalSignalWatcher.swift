import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Turns SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP and SIGCONT into flags the event loop reads, via dispatch signal sources.
///
/// No work happens in a signal handler: the signals are ignored at the
/// process level and delivered to a dispatch queue, which records them and
/// wakes the loop. A second termination signal before the loop reacted means
/// the loop is stuck: the watcher then restores the terminal's saved mode,
/// leaves the alternate screen and exits.
final class TerminalSignalWatcher: Sendable {
    struct Pending: Sendable {
        var resize = false
        var termination: TerminationSignal?
        /// SIGTSTP: give the terminal back and stop.
        var suspend = false
        /// SIGCONT: the process was continued; take the terminal again.
        var resumed = false
    }

    private let pending = Mutex(Pending())
    private let emergency: EmergencyRestore
    private let queue = DispatchQueue(label: "photofeed.signals")

    init(emergency: EmergencyRestore) {
        self.emergency = emergency
    }

    /// Takes the pending flags, clearing them.
    func takePending() -> Pending {
        pending.withLock { pending in
            defer { pending = Pending() }
            return pending
        }
    }

    /// Records a termination that did not come from a signal (the terminal hung up).
    func noteTermination(_ signal: TerminationSignal) {
        pending.withLock { pending in
            if pending.termination == nil { pending.termination = signal }
        }
    }

    /// Installs the sources; returns them (to cancel) and the dispositions to restore.
    func install(wake: @escaping @Sendable () -> Void) -> Installation {
        var installation = Installation()
        let handled: [(Int32, Flag)] = [
            (SIGWINCH, .resize), (SIGINT, .termination(.interrupt)), (SIGTERM, .termination(.terminate)),
            (SIGHUP, .termination(.hangup)), (SIGTSTP, .suspend), (SIGCONT, .resumed),
        ]
        // A termination that came while signals were blocked everywhere (during start-up) is
        // pending: ignoring the signal below would discard it, so it is recorded first.
        var pending = sigset_t()
        if sigpending(&pending) == 0 {
            for (number, flag) in handled where sigismember(&pending, number) == 1 {
                if case .termination = flag { record(flag) }
            }
        }
        for (number, flag) in handled {
            installation.previous.append((number, signal(number, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { @Sendable [self] in
                record(flag)
                wake()
            }
            source.resume()
            installation.sources.append(source)
        }
        return installation
    }

    /// What a signal sets.
    enum Flag: Sendable {
        case resize
        case termination(TerminationSignal)
        case suspend
        case resumed
    }

    private func record(_ flag: Flag) {
        let stuck = pending.withLock { pending -> Bool in
            switch flag {
            case .resize: pending.resize = true
            case .suspend: pending.suspend = true
            case .resumed: pending.resumed = true
            case .termination(let termination):
                if pending.termination != nil { return true }
                pending.termination = termination
            }
            return false
        }
        if stuck, case .termination(let termination) = flag { emergency.restoreAndExit(status: termination.exitStatus) }
    }

    /// What ``install(wake:)`` changed, for ``uninstall()``.
    struct Installation {
        var sources: [any DispatchSourceSignal] = []
        var previous: [(Int32, __sighandler_t?)] = []

        /// Cancels the sources and restores the previous dispositions.
        mutating func uninstall() {
            for source in sources { source.cancel() }
            sources.removeAll()
            for (number, handler) in previous { signal(number, handler) }
            previous.removeAll()
        }
    }
}

/// The last-resort terminal restore: saved terminal mode plus the reset sequences, then `_exit`.
struct EmergencyRestore: Sendable {
    let descriptor: Int32
    let savedMode: termios?

    /// Captures the terminal mode of `descriptor` before curses changes it.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        var mode = termios()
        savedMode = tcgetattr(descriptor, &mode) == 0 ? mode : nil
    }

    /// Restores the terminal as far as possible without curses and exits.
    func restoreAndExit(status: Int32) -> Never {
        if var mode = savedMode { tcsetattr(descriptor, TCSANOW, &mode) }
        // Mouse off, leave the alternate screen, cursor on, attributes off.
        let reset = Array("\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?1006l\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m\r\n".utf8)
        _ = reset.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        _exit(status)
    }
}
