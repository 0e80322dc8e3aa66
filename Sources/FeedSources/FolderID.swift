#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder's identity on disk (`st_dev`, `st_ino`): the same folder reached by two paths (a
/// symbolic link, a bind mount) has one, so a walk that remembers them never enters a folder
/// twice and a link loop (`a/loop -> ..`) ends.
///
/// ```swift
/// var visited: Set<FolderID> = []
/// if let id = FolderID(path: "/photos/a/loop"), visited.insert(id).inserted { /* walk it */ }
/// ```
struct FolderID: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    /// The folder `path` names (symbolic links followed); nil when it cannot be `stat`ed or is
    /// no folder.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The folder open at `descriptor`; nil when it cannot be `fstat`ed or is no folder.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
