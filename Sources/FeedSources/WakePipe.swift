import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A self-pipe that wakes a thread blocked in `poll` once, to stop it: ``signal()`` writes one
/// byte (only the first call, and never after ``close()``), the thread polls ``readEnd`` and,
/// woken, calls ``close()``. Both ends are close-on-exec and non-blocking.
///
/// ```swift
/// let wake = WakePipe()!
/// // thread: poll([inotify, wake.readEnd]) … then wake.close()
/// wake.signal()   // from anywhere, any number of times
/// ```
final class WakePipe: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32
    /// (signalled, closed)
    private let state = Mutex((signalled: false, closed: false))

    /// A new pipe; nil when there are no descriptors left (errno says why).
    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Wakes the thread (once; later calls, and calls after ``close()``, do nothing).
    func signal() {
        state.withLock { state in
            guard !state.signalled, !state.closed else { return }
            state.signalled = true
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
    }

    /// Closes both ends (once): the thread's last act.
    func close() {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            closeDescriptor(readEnd)
            closeDescriptor(writeEnd)
        }
    }
}

/// `close(2)`, named apart from the methods called `close()`.
func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #elseif canImport(Darwin)
    _ = Darwin.close(descriptor)
    #endif
}
