#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Dispatch
import FoundationExtras

/// Waits on a background thread until the terminal has input, then calls back once.
///
/// After each call-back it stays quiet until ``rearm()`` (the loop has drained
/// the input), so an idle viewer uses no CPU and a busy one is not flooded.
/// A hang-up (the terminal went away) is reported as such. While the process
/// is in the background (it cannot read the terminal), input is not reported.
final class InputWatcher: Sendable {
    enum Readiness: Sendable {
        case input
        case hangup
    }

    private struct State {
        var waiting = false
        var stopped = false
        /// When input was first seen ready since the screen last took the time.
        var readyAt: ContinuousClock.Instant?
    }

    private let descriptor: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state = Mutex(State())
    private let rearmSignal = DispatchSemaphore(value: 0)

    /// Creates a watcher for `descriptor`; fails when a pipe cannot be made.
    init(descriptor: Int32) throws(ScreenError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .initializationFailed("pipe() failed (errno \(errno))") }
        self.descriptor = descriptor
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    /// Starts the watching thread.
    func start(onReady: @escaping @Sendable (Readiness) -> Void) {
        DetachedThread.start { [self] in
            run(onReady: onReady)
        }
    }

    /// Lets the watcher report the next input.
    func rearm() {
        let shouldSignal = state.withLock { state in
            guard state.waiting else { return false }
            state.waiting = false
            return true
        }
        if shouldSignal { rearmSignal.signal() }
    }

    /// When input was first seen ready since the last call (nil: not seen since): the time a
    /// terminal's answer arrived, however long the loop took to read it.
    func takeReadyTime() -> ContinuousClock.Instant? {
        state.withLock { state in
            defer { state.readyAt = nil }
            return state.readyAt
        }
    }

    /// Stops the thread (at once, even while it waits for input).
    func stop() {
        let alreadyStopped = state.withLock { state in
            defer { state.stopped = true }
            return state.stopped
        }
        guard !alreadyStopped else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        rearmSignal.signal()
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    /// Whether this process is in the terminal's foreground process group (or it has none).
    private var isForeground: Bool {
        let group = tcgetpgrp(descriptor)
        return group < 0 || group == getpgrp()
    }

    /// Sleeps on the wake pipe (so ``stop()`` still ends it at once) for a short while.
    private func waitWhileBackground() {
        var wake = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
        _ = poll(&wake, 1, 250)
    }

    // The wake pipe is closed here, not when the thread ends: ``stop()`` may write to it
    // after the thread has returned, and a closed descriptor number can be reused by
    // another file in the process by then. The thread holds `self` while it runs.
    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    private func run(onReady: @Sendable (Readiness) -> Void) {
        var fds = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while !isStopped {
            fds[0].revents = 0
            fds[1].revents = 0
            let result = poll(&fds, 2, -1)
            if result < 0 {
                if errno == EINTR { continue }
                onReady(.hangup)
                return
            }
            if fds[1].revents != 0 || isStopped { return }
            let events = fds[0].revents
            if events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0, events & Int16(POLLIN) == 0 {
                onReady(.hangup)
                return
            }
            guard events & Int16(POLLIN) != 0 else { continue }
            if !isForeground {
                // A background process cannot read its terminal (EIO or SIGTTIN): reporting the
                // input would make the loop spin. Check again a few times a second until `fg`.
                waitWhileBackground()
                continue
            }
            let now = ContinuousClock.now
            state.withLock { state in
                state.waiting = true
                if state.readyAt == nil { state.readyAt = now }
            }
            onReady(.input)
            rearmSignal.wait()
        }
    }
}
