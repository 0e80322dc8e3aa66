#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// Which file a name stood for when it was listed or asked about: its device, inode and type
/// (`st_dev`, `st_ino`, `st_mode & S_IFMT`). An action on the file by its name checks the
/// identity right before acting, so a file swapped under the name (for a folder, another file,
/// a link) is refused, not acted on.
///
/// ```swift
/// let listed = FileIdentity(status)                 // from the listing's stat
/// guard FileIdentity(at: name, in: folder) == listed else { refuse() }
/// ```
public struct FileIdentity: Sendable, Hashable {
    /// `st_dev`.
    public var device: UInt64
    /// `st_ino`.
    public var inode: UInt64
    /// `st_mode & S_IFMT`: a regular file, a folder, a link, …
    public var type: UInt32

    /// An identity.
    public init(device: UInt64, inode: UInt64, type: UInt32) {
        self.device = device
        self.inode = inode
        self.type = type & UInt32(S_IFMT)
    }

    /// The identity a `stat` (or `lstat`, `fstat`, `fstatat`) gave.
    public init(_ status: stat) {
        self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), type: UInt32(status.st_mode))
    }

    /// What an open descriptor names; nil when `fstat` fails (errno says why).
    public init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The folder `path` names, links followed: the same folder reached by two paths (a link,
    /// a bind mount) has one identity, so a walk that remembers them enters it once. Nil when
    /// it cannot be `stat`ed or is no folder.
    public init?(folderAt path: String) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        self.init(status)
    }

    /// What `name` in the folder open as `folder` names now, the name itself when it is a
    /// link (`fstatat` with `AT_SYMLINK_NOFOLLOW`); nil when it cannot be read (errno says why).
    public init?(name: [UInt8], inFolder folder: Int32) {
        var status = stat()
        let result = (name + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { fstatat(folder, $0.baseAddress!, &status, AT_SYMLINK_NOFOLLOW) }
        }
        guard result == 0 else { return nil }
        self.init(status)
    }

    public var isRegularFile: Bool { type == UInt32(S_IFREG) }
    public var isDirectory: Bool { type == UInt32(S_IFDIR) }
    public var isSymbolicLink: Bool { type == UInt32(S_IFLNK) }

    /// "a regular file", "a folder", "a symbolic link", … (for a refusal's sentence).
    public var kindText: String {
        switch type {
        case UInt32(S_IFREG): "a file"
        case UInt32(S_IFDIR): "a folder"
        case UInt32(S_IFLNK): "a symbolic link"
        case UInt32(S_IFIFO): "a FIFO"
        case UInt32(S_IFSOCK): "a socket"
        case UInt32(S_IFCHR): "a character device"
        case UInt32(S_IFBLK): "a block device"
        default: "an unknown kind of file"
        }
    }
}
