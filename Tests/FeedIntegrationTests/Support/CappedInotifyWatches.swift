@testable import FeedSources
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The system's inotify watches, refused with `ENOSPC` past a cap of the test's own: inotify's
/// limit met without changing the machine's. Says `limit` as `fs.inotify.max_user_watches`.
final class CappedInotifyWatches: InotifyWatchAdding {
    private let added = Mutex(0)
    let cap: Int
    let limit: Int

    init(cap: Int, limit: Int) {
        self.cap = cap
        self.limit = limit
    }

    func addWatch(_ inotify: Int32, path: String, mask: UInt32) -> Result<Int32, InotifyRefusal> {
        let allowed = added.withLock { count in
            guard count < cap else { return false }
            count += 1
            return true
        }
        guard allowed else { return .failure(InotifyRefusal(code: ENOSPC)) }
        return SystemInotifyWatches().addWatch(inotify, path: path, mask: mask)
    }

    var maximumWatches: Int? { limit }
}
