#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names, from its `stat` mode: a regular file, a folder, or a special file that
/// must not be opened as a photo (a FIFO waits for a writer, a device never ends).
///
/// ```swift
/// FileKind(path: "/dev/zero")?.description   // "a character device"
/// FileKind(path: "photo.jpg")?.isRegularFile   // true
/// ```
public struct FileKind: Hashable, Sendable, CustomStringConvertible {
    /// The `st_mode & S_IFMT` bits.
    public let type: UInt32

    /// The kind of a `stat` mode.
    public init(mode: UInt32) {
        type = mode & UInt32(S_IFMT)
    }

    /// What `path` names (symbolic links followed); nil when it cannot be `stat`ed (errno says why).
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(mode: UInt32(status.st_mode))
    }

    /// What an open descriptor names; nil when `fstat` fails.
    public init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(mode: UInt32(status.st_mode))
    }

    public var isRegularFile: Bool { type == UInt32(S_IFREG) }
    public var isDirectory: Bool { type == UInt32(S_IFDIR) }
    /// A FIFO, socket, or character or block device.
    public var isSpecial: Bool { !isRegularFile && !isDirectory && type != UInt32(S_IFLNK) }

    /// "a regular file", "a FIFO", "a socket", "a character device", …
    public var description: String {
        switch type {
        case UInt32(S_IFREG): "a regular file"
        case UInt32(S_IFDIR): "a directory"
        case UInt32(S_IFIFO): "a FIFO"
        case UInt32(S_IFSOCK): "a socket"
        case UInt32(S_IFCHR): "a character device"
        case UInt32(S_IFBLK): "a block device"
        case UInt32(S_IFLNK): "a symbolic link"
        default: "an unknown kind of file"
        }
    }
}
