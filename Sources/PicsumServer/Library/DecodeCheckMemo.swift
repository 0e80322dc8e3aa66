import Foundation
import Synchronization

/// Files this process has already decoded whole, by identity (device, inode, size, change
/// time): a library loaded again (a server restarted in the same process, every live-server test)
/// does not decode its photos again. A file changed since is checked afresh.
enum DecodeCheckMemo {
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var changeSeconds: Int
        var changeNanoseconds: Int
    }

    private static let passed = Mutex(Set<Identity>())

    /// The identity of the file at `path`, nil when it cannot be read.
    static func identity(of path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            changeSeconds: Int(status.st_ctim.tv_sec), changeNanoseconds: Int(status.st_ctim.tv_nsec))
    }

    /// Whether the file was decoded whole before, unchanged.
    static func hasPassed(_ identity: Identity?) -> Bool {
        guard let identity else { return false }
        return passed.withLock { $0.contains(identity) }
    }

    /// Records a file that decoded whole (at most a few thousand kept).
    static func recordPass(_ identity: Identity?) {
        guard let identity else { return }
        passed.withLock { set in
            if set.count >= 4096 { set.removeAll() }
            set.insert(identity)
        }
    }
}
