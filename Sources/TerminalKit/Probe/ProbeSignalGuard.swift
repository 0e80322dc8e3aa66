#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Holds back SIGINT, SIGTERM, SIGHUP and SIGTSTP while the terminal is in the probe's raw mode,
/// so none can stop or end the process with the terminal left without echo, a temporary file
/// left in `/dev/shm` or tmux's passthrough left on: the handler only records the signal;
/// ``deliver()`` sends it again once everything is put back.
///
/// ```swift
/// let guard = ProbeSignalGuard.install()
/// defer { guard.uninstall() }           // dispositions back
/// … ask, restore termios, remove files …
/// guard.deliver()                        // a Ctrl-C that came meanwhile ends the process now
/// ```
public struct ProbeSignalGuard: ~Copyable {
    /// The signals held back.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGTSTP]

    private var previous: [(Int32, __sighandler_t?)] = []

    /// Installs the recording handler for ``signals``.
    public static func install() -> ProbeSignalGuard {
        caught.store(0, ordering: .relaxed)
        var installed = ProbeSignalGuard()
        for number in signals {
            installed.previous.append((number, signal(number, ProbeSignalGuard.record)))
        }
        return installed
    }

    private init() {}

    /// Whether a held-back signal is waiting to be delivered (caught, or pending everywhere).
    public static var isPending: Bool {
        if caught.load(ordering: .relaxed) != 0 { return true }
        var pending = sigset_t()
        guard sigpending(&pending) == 0 else { return false }
        return signals.contains { sigismember(&pending, $0) == 1 }
    }

    /// The signal caught since ``install()`` (0: none).
    public var caughtSignal: Int32 { Self.caught.load(ordering: .relaxed) }

    /// Puts back the dispositions the signals had.
    public mutating func uninstall() {
        for (number, handler) in previous { signal(number, handler) }
        previous.removeAll()
    }

    /// Uninstalls, then lets the caught signal act, now that the terminal and the files are as
    /// they were: SIGTSTP stops the process (and returns when it is continued); the others end
    /// it with 128 + their number, as the shell reports a process they ended.
    ///
    /// A signal may also be pending rather than caught: when every thread blocks it (dispatch's
    /// threads and an async `main` do, so their signal sources can read it), the handler never
    /// runs. Such a one is taken off the pending set and acted on the same way.
    public consuming func deliver() {
        uninstall()
        var number = caughtSignal
        Self.caught.store(0, ordering: .relaxed)
        if let pending = Self.takePending() { number = number == 0 ? pending : number }
        guard number != 0 else { return }
        if number == SIGTSTP {
            raise(SIGSTOP)
            return
        }
        _exit(128 + number)
    }

    /// A held signal that is pending (blocked in every thread), removed from the pending set.
    static func takePending() -> Int32? {
        var pending = sigset_t()
        guard sigpending(&pending) == 0 else { return nil }
        for number in signals where sigismember(&pending, number) == 1 {
            var one = sigset_t()
            sigemptyset(&one)
            sigaddset(&one, number)
            var timeout = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&one, nil, &timeout)
            return number
        }
        return nil
    }

    private static let caught = Atomic<Int32>(0)

    private static let record: @convention(c) (Int32) -> Void = { number in
        ProbeSignalGuard.caught.store(number, ordering: .relaxed)
    }
}
