import Glibc

/// What tells a file apart from the same name's file a moment later: device, inode, size, and
/// modification and change times to the nanosecond. Two equal identities are (as far as the
/// system can tell) the same bytes.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changed: timespec
    /// The permission bits, owner and group, kept on a replacement.
    let mode: mode_t
    let owner: uid_t
    let group: gid_t

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = status.st_mtim
        changed = status.st_ctim
        mode = status.st_mode & 0o7777
        owner = status.st_uid
        group = status.st_gid
    }

    static func == (left: FileIdentity, right: FileIdentity) -> Bool {
        left.device == right.device && left.inode == right.inode && left.size == right.size
            && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
            && left.changed.tv_sec == right.changed.tv_sec && left.changed.tv_nsec == right.changed.tv_nsec
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(device)
        hasher.combine(inode)
        hasher.combine(size)
    }
}
