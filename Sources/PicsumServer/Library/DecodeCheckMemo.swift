import FoundationEssentials
import Glibc
import Synchronization

/// Files already decoded whole, by identity (device, inode, size, change time): a library loaded
/// again (a server restarted in the same process, every live-server test) does not decode its
/// photos again, and with a record file (``load(from:)``, ``save(to:)``) neither does the next
/// run. A file changed since is checked afresh.
///
/// The record is input like any file: read only when it is a regular file of at most 256 KiB,
/// one identity per line as five decimal numbers, anything else on a line ignored; at worst a
/// bad record makes a photo checked again, or (forged) lets a damaged photo through to answer
/// 500 on its requests, as a photo damaged after start-up would.
enum DecodeCheckMemo {
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var changeSeconds: Int
        var changeNanoseconds: Int

        /// `device inode size seconds nanoseconds`.
        var line: String { "\(device) \(inode) \(size) \(changeSeconds) \(changeNanoseconds)" }

        /// An identity from its line; nil for anything else.
        init?(line: Substring) {
            let fields = line.split(separator: " ")
            guard fields.count == 5, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
                let size = Int64(fields[2]), let seconds = Int(fields[3]), let nanoseconds = Int(fields[4])
            else { return nil }
            self.init(device: device, inode: inode, size: size, changeSeconds: seconds, changeNanoseconds: nanoseconds)
        }

        init(device: UInt64, inode: UInt64, size: Int64, changeSeconds: Int, changeNanoseconds: Int) {
            self.device = device
            self.inode = inode
            self.size = size
            self.changeSeconds = changeSeconds
            self.changeNanoseconds = changeNanoseconds
        }
    }

    private static let passed = Mutex(Set<Identity>())

    /// The identity of the file at `path`, nil when it cannot be read.
    static func identity(of path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            changeSeconds: Int(status.st_ctim.tv_sec), changeNanoseconds: Int(status.st_ctim.tv_nsec))
    }

    /// Whether the file was decoded whole before, unchanged.
    static func hasPassed(_ identity: Identity?) -> Bool {
        guard let identity else { return false }
        return passed.withLock { $0.contains(identity) }
    }

    /// The most bytes of a record file read.
    static let maxRecordBytes = 256 << 10

    /// Adds the identities recorded in `file` (a missing or unreadable file adds none).
    static func load(from file: URL) {
        var status = stat()
        guard stat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= maxRecordBytes,
            let data = FileManager.default.contents(atPath: file.path), data.count <= maxRecordBytes
        else { return }
        let identities = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap(Identity.init(line:))
        passed.withLock { set in
            for identity in identities.prefix(4096) where set.count < 4096 { set.insert(identity) }
        }
    }

    /// Writes every identity passed so far to `file` (a temporary file renamed over it, mode
    /// 0600; the folder is made). Failing to write costs the next run a check, nothing more.
    static func save(to file: URL) {
        let lines = passed.withLock { $0.map(\.line) }.sorted()
        let directory = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(
            atPath: temporary.path, contents: Data(lines.joined(separator: "\n").utf8 + [UInt8(ascii: "\n")]),
            attributes: [.posixPermissions: 0o600])
        else { return }
        if rename(temporary.path, file.path) != 0 { unlink(temporary.path) }
    }

    /// Forgets every pass (tests: a new process).
    static func forgetAll() {
        passed.withLock { $0.removeAll() }
    }

    /// Records a file that decoded whole (at most a few thousand kept).
    static func recordPass(_ identity: Identity?) {
        guard let identity else { return }
        passed.withLock { set in
            if set.count >= 4096 { set.removeAll() }
            set.insert(identity)
        }
    }
}
