import FoundationExtras
import Glibc
import ImageLoading

extension ConfigFile {
    /// The most bytes a config file may hold (a few hundred settings take a few KB).
    static let maximumBytes = 1 << 20

    /// Why a config file's bytes could not be read, as its message says it after the file's name.
    enum ReadFailure: Error, Equatable {
        /// Nothing at the path.
        case missing
        /// A FIFO, a socket, a device or a folder (`kind`: "a FIFO"), refused before a byte is read.
        case notARegularFile(kind: String)
        /// The system's reason (`permission denied`).
        case unreadable(String)
        /// More than ``ConfigFile/maximumBytes``.
        case tooLarge

        /// `~/.config/photofeed/config: ` and this: what happened and what to do.
        var message: String {
            switch self {
            case .missing: "no such file"
            case .notARegularFile(let kind):
                "is not a regular file (\(kind == "a directory" ? "a folder" : kind)): a config file is text (--no-config reads none)"
            case .unreadable(let reason): "cannot be read: \(reason)"
            case .tooLarge: "is over \(ConfigFile.maximumBytes >> 20) MiB: a config file is a few lines of text (--no-config reads none)"
            }
        }
    }

    /// The bytes of the file at `path`. A FIFO, socket, device or folder is refused without
    /// being read and without waiting: the path is `stat`ed first, then opened non-blocking (a
    /// FIFO swapped in meanwhile cannot hold the open) and checked again on the descriptor.
    ///
    /// ```swift
    /// try ConfigFile.contents(of: "/tmp/fifo")   // throws .notARegularFile(kind: "a FIFO")
    /// ```
    static func contents(of path: String) throws(ReadFailure) -> [UInt8] {
        guard let named = FileKind(path: path) else { throw failure(errno) }
        guard named.isRegularFile else { throw .notARegularFile(kind: named.description) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure(errno) }
        let file = ReadableFile(descriptor: descriptor)
        defer { file.close() }
        guard let kind = FileKind(descriptor: descriptor) else { throw failure(errno) }
        guard kind.isRegularFile else { throw .notARegularFile(kind: kind.description) }
        let bytes: [UInt8]
        do {
            bytes = try file.read(upToCount: maximumBytes + 1)
        } catch {
            throw .unreadable(error.reason)
        }
        guard bytes.count <= maximumBytes else { throw .tooLarge }
        return bytes
    }

    private static func failure(_ code: Int32) -> ReadFailure {
        code == ENOENT ? .missing : .unreadable(SystemError.reason(code))
    }
}
