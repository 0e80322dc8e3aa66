import Glibc

/// A cache folder opened without following a link: the one way photofeed lists, reads the
/// status of, and removes files in a folder of its own caches.
///
/// The folder is opened `O_NOFOLLOW | O_DIRECTORY` (a symbolic link where the folder is
/// expected is refused, not followed), and every file in it is looked at with `fstatat`
/// (`AT_SYMLINK_NOFOLLOW`) and removed with `unlinkat`, relative to that descriptor. Only
/// regular files whose names a cache calls its own are listed or removed: a cache names its
/// files, this type never guesses.
///
/// ```swift
/// guard let folder = try CacheDirectory.existing("/home/me/.cache/photofeed") else { return }
/// for file in folder.files(where: { $0.hasSuffix(".png") && $0.count == 68 }) { folder.remove(file.name) }
/// ```
public final class CacheDirectory: Sendable {
    /// The path the folder was opened by (for messages).
    public let path: String
    /// The folder's descriptor (owned: closed when the last reference goes).
    public let descriptor: Int32

    /// One regular file in the folder.
    public struct File: Sendable, Hashable {
        /// Its name (a cache's own names are ASCII).
        public var name: String
        /// Its size in bytes.
        public var size: Int
        /// Its modification time, in nanoseconds since 1970 (a cache's "last used").
        public var modified: Int
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The folder at `path`, or nil when nothing is there; throws when `path` is a symbolic
    /// link, not a folder, or cannot be opened.
    public static func existing(_ path: String) throws(CacheDirectoryError) -> CacheDirectory? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw CacheDirectoryError(path: path, opening: code, isLink: isLink(path))
        }
        return CacheDirectory(path: path, descriptor: descriptor)
    }

    /// The folder at `path`, made (mode 0700, with missing parents) when nothing is there.
    public static func creating(_ path: String) throws(CacheDirectoryError) -> CacheDirectory {
        if let folder = try existing(path) { return folder }
        guard makeDirectories(path) else { throw CacheDirectoryError(path: path, reason: .system("create", errno)) }
        guard let folder = try existing(path) else { throw CacheDirectoryError(path: path, reason: .system("open", ENOENT)) }
        return folder
    }

    /// The folder `name` in this one (opened relative to it, not following a link), or nil
    /// when nothing is there; made (mode 0700) first when `creating`.
    public func subdirectory(_ name: String, creating: Bool = false) throws(CacheDirectoryError) -> CacheDirectory? {
        let path = PathText.appending(name, to: self.path)
        if creating, mkdirat(descriptor, name, 0o700) != 0, errno != EEXIST {
            throw CacheDirectoryError(path: path, reason: .system("create", errno))
        }
        let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard child >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            var status = stat()
            let link = fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFLNK
            throw CacheDirectoryError(path: path, opening: code, isLink: link)
        }
        return CacheDirectory(path: path, descriptor: child)
    }

    /// Every name in the folder but `.` and `..`, as the bytes the file system holds.
    public func names() -> [[UInt8]] {
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        // The copy shares the folder's offset: start from its beginning.
        rewinddir(stream)
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        return names
    }

    /// The regular files (not links, folders or devices) whose names `isOwn` accepts.
    public func files(where isOwn: (String) -> Bool) -> [File] {
        names().compactMap { bytes in
            guard let name = Self.asciiName(bytes), isOwn(name), let file = file(named: name) else { return nil }
            return file
        }
    }

    /// The regular file `name`, or nil when there is none (a link is not followed).
    public func file(named name: String) -> File? {
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        // A time past 2262 (or before 1678) is clamped, not an overflow: anyone can set one.
        let seconds = max(min(Int(status.st_mtim.tv_sec), Int.max / 1_000_000_000 - 1), Int.min / 1_000_000_000 + 1)
        return File(name: name, size: Int(status.st_size), modified: seconds * 1_000_000_000 + Int(status.st_mtim.tv_nsec))
    }

    /// Removes the regular file `name` (a link, a folder or anything else there stays); nil when
    /// it went, else the `errno` of why not.
    @discardableResult
    public func remove(_ name: String) -> Int32? {
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return errno }
        guard status.st_mode & S_IFMT == S_IFREG else { return EPERM }
        return unlinkat(descriptor, name, 0) == 0 ? nil : errno
    }

    /// Marks the regular file `name` as used now (its modification time; a link is not followed).
    public func touch(_ name: String) {
        guard file(named: name) != nil else { return }
        // No times: both become now.
        _ = utimensat(descriptor, name, nil, AT_SYMLINK_NOFOLLOW)
    }

    /// The name as text when every byte is printable ASCII (the only names a cache writes), else nil.
    static func asciiName(_ bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// `mkdir -p` with mode 0700 for each folder made.
    private static func makeDirectories(_ path: String) -> Bool {
        let parent = PathText.deletingLastComponent(path)
        var status = stat()
        if !parent.isEmpty, parent != path, stat(parent, &status) != 0 {
            guard errno == ENOENT, makeDirectories(parent) else { return false }
        }
        return mkdir(path, 0o700) == 0 || errno == EEXIST
    }
}

extension CacheDirectory {
    /// The bytes of the regular file `name` (not a link, FIFO or device) of at most `limit`
    /// bytes, or nil. Never blocks on a FIFO (opened non-blocking).
    public func read(_ name: String, limit: Int) -> [UInt8]? {
        read(name, limit: limit, prefixOnly: false)
    }

    /// At most the first `count` bytes of the regular file `name` (not a link), or nil.
    public func readPrefix(_ name: String, count: Int) -> [UInt8]? {
        read(name, limit: count, prefixOnly: true)
    }

    private func read(_ name: String, limit: Int, prefixOnly: Bool) -> [UInt8]? {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var size = Int(status.st_size)
        if prefixOnly { size = min(size, limit) }
        guard size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress! + offset, size - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return prefixOnly ? Array(bytes.prefix(offset)) : nil }
            offset += count
        }
        return bytes
    }

    /// Writes `bytes` to the new file `temporary` (mode 0600) and renames it over `name`, so a
    /// reader sees the whole file or none; nothing is left behind on failure. The size of the
    /// regular file replaced (0 when none), or nil when nothing was written.
    public func writeAtomically(_ bytes: [UInt8], to name: String, through temporary: String) -> Int? {
        let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { return nil }
        var offset = 0
        var complete = true
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(file, $0.baseAddress! + offset, bytes.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                complete = false
                break
            }
            offset += count
        }
        let replaced = self.file(named: name)?.size ?? 0
        guard close(file) == 0, complete, renameat(descriptor, temporary, descriptor, name) == 0 else {
            unlinkat(descriptor, temporary, 0)
            return nil
        }
        return replaced
    }
}
