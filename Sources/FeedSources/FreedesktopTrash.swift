public import FoundationEssentials
import FoundationExtras
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Moves files to the Trash and back, as the freedesktop.org Trash specification says; never
/// unlinks a photo.
///
/// A file on the home volume goes to `$XDG_DATA_HOME/Trash` (else `~/.local/share/Trash`);
/// a file on another volume goes to that volume's `$topdir/.Trash/$uid` when `.Trash` is a
/// real folder with the sticky bit, else to `$topdir/.Trash-$uid` (made 0700). Each file gets a
/// name free in both `files` and `info`: its `.trashinfo` is created first with `O_EXCL` (the
/// name is reserved, atomically), then the file is renamed into `files`. The `Path` is the
/// absolute path, percent-encoded (relative to `$topdir` in a volume's trash, as the
/// specification allows); `DeletionDate` is local time. A rename across volumes fails rather
/// than copying.
///
/// ```swift
/// let trash = FreedesktopTrash()
/// let moved = try trash.trash(URL(fileURLWithPath: "/home/me/photos/a.jpg"))
/// try trash.restore(moved)
/// ```
public struct FreedesktopTrash: Sendable {
    /// A file in the Trash: where it was, where it is, and its info file.
    public struct TrashedFile: Sendable, Hashable {
        public var original: URL
        public var trashed: URL
        public var info: URL

        public init(original: URL, trashed: URL, info: URL) {
            self.original = original
            self.trashed = trashed
            self.info = info
        }
    }

    /// Why a move failed, in words.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    private let homeTrash: URL
    private let now: @Sendable () -> Date

    /// The Trash of `environment` (`XDG_DATA_HOME`, `HOME`).
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.local/share")
        homeTrash = URL(fileURLWithPath: dataHome).appendingPathComponent("Trash")
        self.now = now
    }

    /// Moves `file` to the Trash of its volume. A path that is not UTF-8 (its bytes
    /// percent-encoded in `file`) is refused, nothing moved: its text would name another file.
    public func trash(_ file: URL) throws -> TrashedFile {
        if let bytes = file.localPath, String(validating: bytes) == nil {
            throw Failure(description: "cannot move \(bytes.escapedText) to the Trash: its name is not UTF-8 (nothing moved)")
        }
        let path = file.standardizedFileURL.path
        var status = stat()
        guard lstat(path, &status) == 0 else { throw Failure(description: "\(file.lastPathComponent): \(Self.errorText())") }
        let (trash, topdir) = try trashDirectory(for: path, device: status.st_dev)
        let files = trash.appendingPathComponent("files")
        let infos = trash.appendingPathComponent("info")
        for folder in [trash, files, infos] { try Self.makeFolder(folder.path) }
        let name = file.lastPathComponent
        let stem = PathText.deletingPathExtension(name)
        let suffix = PathText.pathExtension(name)
        for attempt in 1...10_000 {
            let candidate = attempt == 1 ? name : "\(stem).\(attempt)" + (suffix.isEmpty ? "" : ".\(suffix)")
            let info = infos.appendingPathComponent(candidate + ".trashinfo")
            let descriptor = open(info.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw Failure(description: "\(name): cannot write its trash info (\(Self.errorText()))")
            }
            let target = files.appendingPathComponent(candidate)
            guard access(target.path, F_OK) != 0 else {
                close(descriptor)
                unlink(info.path)
                continue
            }
            let recorded = topdir.map { Self.relative(path, to: $0) } ?? path
            let text = "[Trash Info]\nPath=\(Self.percentEncoded(recorded))\nDeletionDate=\(Self.date(now()))\n"
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard written == bytes.count else {
                unlink(info.path)
                throw Failure(description: "\(name): cannot write its trash info")
            }
            guard rename(path, target.path) == 0 else {
                let reason = errno == EXDEV ? "the Trash is on another volume" : Self.errorText()
                unlink(info.path)
                throw Failure(description: "\(name): cannot be moved to the Trash (\(reason))")
            }
            return TrashedFile(original: URL(fileURLWithPath: path), trashed: target, info: info)
        }
        throw Failure(description: "\(name): no free name in the Trash")
    }

    /// Moves a trashed file back where it was (refused when something is there now).
    public func restore(_ file: TrashedFile) throws {
        guard access(file.original.path, F_OK) != 0 else {
            throw Failure(description: "\(file.original.lastPathComponent): a file of that name is back in its folder")
        }
        guard rename(file.trashed.path, file.original.path) == 0 else {
            throw Failure(description: "\(file.original.lastPathComponent): cannot be restored (\(Self.errorText()))")
        }
        unlink(file.info.path)
    }

    // MARK: Where

    /// The home Trash for a file on the home Trash's volume, else its volume's (and its top folder).
    private func trashDirectory(for path: String, device: dev_t) throws -> (URL, String?) {
        if let home = Self.device(ofExistingAncestorOf: homeTrash.path), home == device { return (homeTrash, nil) }
        let topdir = Self.topFolder(of: path, device: device)
        let uid = getuid()
        let shared = URL(fileURLWithPath: topdir).appendingPathComponent(".Trash")
        var status = stat()
        if lstat(shared.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_mode & S_ISVTX != 0 {
            return (shared.appendingPathComponent(String(uid)), topdir)
        }
        return (URL(fileURLWithPath: topdir).appendingPathComponent(".Trash-\(uid)"), topdir)
    }

    /// The highest folder above `path` on the same device: its volume's mount point.
    static func topFolder(of path: String, device: dev_t) -> String {
        var current = PathText.deletingLastComponent(path)
        while current != "/" {
            let parent = PathText.deletingLastComponent(current)
            var status = stat()
            guard stat(parent, &status) == 0, status.st_dev == device else { break }
            current = parent
        }
        return current
    }

    static func device(ofExistingAncestorOf path: String) -> dev_t? {
        var current = path
        while true {
            var status = stat()
            if stat(current, &status) == 0 { return status.st_dev }
            if current == "/" || current.isEmpty { return nil }
            current = PathText.deletingLastComponent(current)
        }
    }

    static func makeFolder(_ path: String) throws {
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw Failure(description: "\(path) is not a folder") }
            return
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    static func relative(_ path: String, to topdir: String) -> String {
        let prefix = topdir.hasSuffix("/") ? topdir : topdir + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// RFC 2396 escaping as the specification asks: unreserved characters and `/` stay.
    static func percentEncoded(_ path: String) -> String {
        PercentEncoding.encode(path, keeping: PercentEncoding.unreserved(plus: "!*'()/"))
    }

    /// `YYYY-MM-DDThh:mm:ss`, local time.
    static func date(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))"
            + "T\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))"
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
