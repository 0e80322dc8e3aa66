import Glibc

/// A POSIX thread of its own, for work that blocks (a `poll` loop, `waitpid`): never a thread
/// of Swift concurrency's pool. (Unnamed: Glibc's `pthread_setname_np` is a GNU extension that
/// Swift does not import.)
///
/// ```swift
/// DetachedThread.start { watchLoop() }
/// DetachedThread.start(priority: .background) { encodeLoop() }
/// ```
public enum DetachedThread {
    /// How the thread is scheduled.
    public enum Priority: Sendable {
        /// As the threads that made it.
        case normal
        /// Linux's `SCHED_BATCH`: a CPU-bound thread that never preempts another when it wakes
        /// (it waits for the running thread's tick), so waking it from a thread drawing a frame
        /// does not take that thread's core away mid-frame. Its share of the CPU is unchanged.
        case background
    }

    /// Starts `body` on a new detached thread scheduled with `priority`; false when no thread
    /// could be made (`body` then never runs).
    @discardableResult
    public static func start(priority: Priority = .normal, _ body: @escaping @Sendable () -> Void) -> Bool {
        let work = Unmanaged.passRetained(Work(body: body, priority: priority)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let work = Unmanaged<Work>.fromOpaque(raw).takeRetainedValue()
            if work.priority == .background { DetachedThread.scheduleAsBatch() }
            work.body()
            return nil
        }, work)
        guard result == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// Puts the calling thread under `SCHED_BATCH` (3 in Linux's `sched.h`, behind `_GNU_SOURCE`
    /// there, so not imported); a refusal leaves it as it was.
    private static func scheduleAsBatch() {
        var parameters = sched_param(sched_priority: 0)
        _ = sched_setscheduler(0, 3, &parameters)
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        let priority: Priority

        init(body: @escaping @Sendable () -> Void, priority: Priority) {
            self.body = body
            self.priority = priority
        }
    }
}
