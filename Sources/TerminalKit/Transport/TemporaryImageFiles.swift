import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Temporary files for kitty's `t=t` transmission, in shared memory (`/dev/shm`) when there is
/// one, else the temporary directory: the terminal reads each file and deletes it.
///
/// Files are created exclusively (`O_EXCL`, mode 0600) under a name with this process's id, so
/// another user cannot swap one in, and ``removeLeftovers()`` finds those the terminal left.
///
/// ```swift
/// let files = TemporaryImageFiles()
/// let path = files.write(pixels, name: "42")   // "/dev/shm/photofeed-tty-graphics-protocol-1234-42-…"
/// ```
public struct TemporaryImageFiles: ImageFileSink {
    /// The directory the files go to.
    public let directory: String
    private let prefix: String

    /// Files in `directory`; by default `/dev/shm` when writable, else `$TMPDIR` or `/tmp`.
    public init(directory: String? = nil, environment: [String: String]? = nil) {
        self.directory = directory ?? Self.defaultDirectory(environment: environment ?? ProcessInfo.processInfo.environment)
        prefix = Self.namePrefix + "\(getpid())-"
    }

    /// The shared-memory directory if this user may write to it, else the temporary directory.
    static func defaultDirectory(environment: [String: String]) -> String {
        if access("/dev/shm", W_OK | X_OK) == 0 { return "/dev/shm" }
        if let temporary = environment["TMPDIR"], !temporary.isEmpty { return temporary }
        return "/tmp"
    }

    public func write(_ bytes: [UInt8], name: String) -> String? {
        let safeName = String(name.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }.map(Character.init))
        let path = "\(directory)/\(prefix)\(safeName)-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                unlink(path)
                return nil
            }
            offset += written
        }
        return path
    }

    /// The start of every name these files have (`photofeed-tty-graphics-protocol-`), before the process id.
    public static let namePrefix = "photofeed-tty-graphics-protocol-"

    /// Pictures kitty never read that a photofeed which has ended left in `directory` (the
    /// default one when nil): regular files of this user's, named with ``namePrefix`` and the id
    /// of a process that no longer runs. Removed when `removing`; what they were either way.
    /// A running viewer's are never touched.
    @discardableResult
    public static func orphans(in directory: String? = nil, removing: Bool, environment: [String: String]? = nil)
        -> (files: Int, bytes: Int)
    {
        let directory = directory ?? defaultDirectory(environment: environment ?? ProcessInfo.processInfo.environment)
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return (0, 0) }
        defer { close(folder) }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return (0, 0) }
        var found = (files: 0, bytes: 0)
        for name in names where name.hasPrefix(namePrefix) {
            let digits = name.dropFirst(namePrefix.count).prefix { ("0"..."9").contains($0) }
            guard let pid = Int32(digits), pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            var status = stat()
            guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG,
                status.st_uid == getuid()
            else { continue }
            if removing, unlinkat(folder, name, 0) != 0 { continue }
            found.files += 1
            found.bytes += Int(status.st_size)
        }
        return found
    }

    public func removeLeftovers() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            unlink("\(directory)/\(name)")
        }
    }
}
