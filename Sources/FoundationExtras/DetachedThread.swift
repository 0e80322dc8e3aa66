import Glibc

/// A POSIX thread of its own, for work that blocks (a `poll` loop, `waitpid`): never a thread
/// of Swift concurrency's pool. (Unnamed: Glibc's `pthread_setname_np` is a GNU extension that
/// Swift does not import.)
///
/// ```swift
/// DetachedThread.start { watchLoop() }
/// ```
public enum DetachedThread {
    /// Starts `body` on a new detached thread; false when no thread could be made (`body` then
    /// never runs).
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let work = Unmanaged.passRetained(Work(body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, work)
        guard result == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void

        init(body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}
