import Dispatch
import FoundationExtras
import Synchronization

/// The thread a ``PicturePreparation`` makes its encodings on: one POSIX thread of its own,
/// started with the first encoding, running them one after another under Linux's
/// `SCHED_BATCH` (``DetachedThread/Priority/background``), and ended by ``stop()``.
///
/// Not a `.userInitiated` task: that runs on a pool thread that libdispatch gives nice -2 on
/// Linux, above the frame's default-QoS thread (nice 0), so, woken by the frame that asked for
/// it, it takes that frame's core at once and the frame stands still for a time slice
/// (`feedbench --scenario scroll` times every frame, with every pixel backend). A batch thread
/// at nice 0 neither preempts the thread that wakes it nor outweighs it.
///
/// ```swift
/// let thread = PreparationThread()
/// thread.run { encode() }
/// thread.stop()   // the thread ends; encodings not started are dropped
/// ```
final class PreparationThread: Sendable {
    private let state = Mutex(State())
    /// Signalled once per encoding handed over, and once to stop.
    private let wakeup = DispatchSemaphore(value: 0)

    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var started = false
        var stopped = false
    }

    init() {}

    /// Runs `job` on the thread once those handed over before it have run (nothing after ``stop()``).
    func run(_ job: @escaping @Sendable () -> Void) {
        let starts = state.withLock { state -> Bool? in
            guard !state.stopped else { return nil }
            state.jobs.append(job)
            defer { state.started = true }
            return !state.started
        }
        guard let starts else { return }
        if starts, !DetachedThread.start(priority: .background, { [self] in loop() }) {
            // No thread could be made: the encodings handed over run on Swift's pool, and the
            // next one tries again.
            let jobs = state.withLock { state in
                state.started = false
                defer { state.jobs.removeAll() }
                return state.jobs
            }
            Task.detached { for job in jobs { job() } }
            return
        }
        wakeup.signal()
    }

    /// Jobs handed over and not started.
    var jobsWaiting: Int { state.withLock { $0.jobs.count } }

    /// Ends the thread after the encoding it is making, dropping those not started.
    func stop() {
        state.withLock { state in
            state.stopped = true
            state.jobs.removeAll()
        }
        wakeup.signal()
    }

    private func loop() {
        while true {
            wakeup.wait()
            let next = state.withLock { state -> (@Sendable () -> Void)?? in
                if state.stopped { return .none }
                return .some(state.jobs.isEmpty ? nil : state.jobs.removeFirst())
            }
            guard let next else { return }
            next?()
        }
    }
}
