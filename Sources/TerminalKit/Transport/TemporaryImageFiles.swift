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
        prefix = "photofeed-tty-graphics-protocol-\(getpid())-"
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

    public func removeLeftovers() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            unlink("\(directory)/\(name)")
        }
    }
}
