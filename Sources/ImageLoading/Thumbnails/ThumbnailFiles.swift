import FoundationEssentials
import FoundationExtras
import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system edge of the thumbnail cache: careful opens, private directories, atomic writes.
enum ThumbnailFiles {
    /// What the standard records of an original file.
    struct OriginalStatus {
        var modificationTime: Int
        var byteCount: Int
    }

    /// The modification time and size of a regular file (following symbolic links), or nil.
    static func status(ofOriginal path: FilePath) -> OriginalStatus? {
        guard let info = path.status(), info.st_mode & S_IFMT == S_IFREG else { return nil }
        return OriginalStatus(modificationTime: Int(info.st_mtim.tv_sec), byteCount: Int(info.st_size))
    }

    /// The bytes of `path` when it is a regular file (not a symbolic link, FIFO or device) of at
    /// most `limit` bytes; nil otherwise. Never blocks on a FIFO (opened non-blocking).
    static func readRegularFile(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size > 0, size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        let complete = bytes.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            while offset < size {
                let count = read(descriptor, base + offset, size - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? bytes : nil
    }

    /// At most the first `limit` bytes of the regular file at `path` (following symbolic links:
    /// an original, not a thumbnail), or nil. Never blocks on a FIFO (opened non-blocking).
    static func readPrefix(_ path: FilePath, limit: Int) -> [UInt8]? {
        let descriptor = path.openFile(O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = min(limit, Int(info.st_size))
        guard size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            while offset < size {
                let count = read(descriptor, base + offset, size - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                offset += count
            }
        }
        return Array(bytes.prefix(offset))
    }

    /// Makes `path` (and missing parents) with mode 0700; true when `path` is then a real
    /// directory (not a symbolic link) owned by this user.
    static func makePrivateDirectory(_ path: String) -> Bool {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { return false }
            let parent = PathText.deletingLastComponent(path)
            if !parent.isEmpty, parent != path, !FileManager.default.fileExists(atPath: parent) {
                guard makeDirectories(parent) else { return false }
            }
            guard mkdir(path, 0o700) == 0 || errno == EEXIST else { return false }
            guard lstat(path, &info) == 0 else { return false }
        }
        return info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid()
    }

    /// `mkdir -p` with mode 0700 for each directory made.
    private static func makeDirectories(_ path: String) -> Bool {
        let parent = PathText.deletingLastComponent(path)
        if !parent.isEmpty, parent != path, !FileManager.default.fileExists(atPath: parent) {
            guard makeDirectories(parent) else { return false }
        }
        return mkdir(path, 0o700) == 0 || errno == EEXIST
    }

    /// Writes `bytes` to a new temporary file (0600) beside `path`, then renames it over `path`.
    /// Leaves nothing behind on failure.
    @discardableResult
    static func writeAtomically(_ bytes: [UInt8], to path: String) -> Bool {
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        _ = fchmod(descriptor, 0o600)
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, base + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard close(descriptor) == 0, written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
