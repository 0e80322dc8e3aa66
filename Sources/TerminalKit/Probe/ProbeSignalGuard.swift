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

    /// Whether a held-back signal is waiting to be delivered.
    static var isPending: Bool { caught.load(ordering: .relaxed) != 0 }

    /// The signal caught since ``install()`` (0: none).
    public var caughtSignal: Int32 { Self.caught.load(ordering: .relaxed) }

    /// Puts back the dispositions the signals had.
    public mutating func uninstall() {
        for (number, handler) in previous { signal(number, handler) }
        previous.removeAll()
    }

    /// Uninstalls, then sends the caught signal again (if any) to this process, now that the
    /// terminal and the files are as they were: the process ends or stops as it would have.
    public consuming func deliver() {
        uninstall()
        let number = caughtSignal
        guard number != 0 else { return }
        Self.caught.store(0, ordering: .relaxed)
        // To the process, not this thread: the caller may run on a thread that blocks signals
        // (dispatch's workers do), where `raise` would leave it pending for ever.
        kill(getpid(), number)
    }

    private static let caught = Atomic<Int32>(0)

    private static let record: @convention(c) (Int32) -> Void = { number in
        ProbeSignalGuard.caught.store(number, ordering: .relaxed)
    }
}
