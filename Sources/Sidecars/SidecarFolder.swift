import FoundationExtras
import Glibc
import Synchronization
import SystemPackage

/// A folder of sidecars, opened once (`O_DIRECTORY | O_NOFOLLOW`: a link where the folder's
/// last component should be is refused) and worked in relative to its descriptor, so a name is
/// never resolved through a link out of it: sidecars are opened `O_NOFOLLOW`, and a link or
/// anything but a regular file under a sidecar's name is refused, never replaced.
///
/// A replacement is atomic: the new bytes go to a temporary file in the same folder, which is
/// fsynced; then the sidecar's identity is checked again (it must be what was read, or still
/// absent), the temporary file renamed over it (or linked under a new name, which fails rather
/// than replace a sidecar that appeared meanwhile), and the folder fsynced (by a
/// ``FolderSynchroniser`` after returning, when one is given: a burst of writes shares it).
///
/// ```swift
/// let folder = try SidecarFolder(opening: FilePath("/shoot"))
/// let read = try folder.read("IMG_1.CR2.xmp")
/// try folder.replace("IMG_1.CR2.xmp", with: bytes, expecting: read?.identity)
/// ```
struct SidecarFolder: ~Copyable {
    /// The most a sidecar may hold (darktable's with a long history are a few hundred kilobytes).
    static let largestSidecar = 16 << 20

    private let descriptor: Int32
    /// The folder's path, for sentences.
    let path: FilePath

    init(opening path: FilePath) throws(SidecarError) {
        let descriptor = path.openFile(O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            let reason = code == ELOOP || code == ENOTDIR ? "it is not a folder (a link is not followed)" : SystemError.reason(code)
            throw SidecarError(.folder, "Cannot open the folder \(path.string): \(reason).")
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// The folder's entries that are sidecars (`*.xmp` in any case), as text.
    func sidecarNames() throws(SidecarError) -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let directory = fdopendir(copy) else {
            let code = errno
            throw SidecarError(.folder, "Cannot list the folder \(path.string): \(SystemError.reason(code)).")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            // Only the names ending in .xmp (any case) become text: a folder of a thousand photos
            // is a thousand names to look at, and a handful to keep.
            let pointer = UnsafeRawPointer(entry).advanced(by: Self.nameOffset).assumingMemoryBound(to: CChar.self)
            let count = strlen(pointer)
            guard count > 4 else { continue }
            let tail = UnsafeRawPointer(pointer + count - 4).assumingMemoryBound(to: UInt8.self)
            guard tail[0] == UInt8(ascii: "."), tail[1] | 0x20 == UInt8(ascii: "x"), tail[2] | 0x20 == UInt8(ascii: "m"),
                tail[3] | 0x20 == UInt8(ascii: "p")
            else { continue }
            names.append(String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self))
        }
        return names
    }

    /// The sidecar's bytes and identity; nil when there is none.
    func read(_ name: String) throws(SidecarError) -> (bytes: [UInt8], identity: FileIdentity)? {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP { throw notAFile(name) }
            throw SidecarError(.unreadable, "Cannot read \(display(name)): \(SystemError.reason(code)).")
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0 else {
            throw SidecarError(.unreadable, "Cannot read \(display(name)): \(SystemError.reason(errno)).")
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw notAFile(name) }
        guard Int(status.st_size) <= Self.largestSidecar else {
            throw SidecarError(.unreadable, "Cannot read \(display(name)): it is larger than a sidecar can be (\(status.st_size) bytes).")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SidecarError(.unreadable, "Cannot read \(display(name)): \(SystemError.reason(errno)).")
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            guard bytes.count <= Self.largestSidecar else {
                throw SidecarError(.unreadable, "Cannot read \(display(name)): it grew larger than a sidecar can be.")
            }
        }
        return (bytes, FileIdentity(status))
    }

    /// What is under `name` now (not following a link); nil when nothing is.
    func identity(of name: String) throws(SidecarError) -> FileIdentity? {
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw SidecarError(.unreadable, "Cannot look at \(display(name)): \(SystemError.reason(code)).")
        }
        return FileIdentity(status)
    }

    /// Puts `bytes` under `name` atomically, if what is there is still `expected` (nil: nothing).
    /// The bytes are fsynced before the rename; the folder's fsync, which makes the new name
    /// durable, is `synchroniser`'s to do after (nil: done here, before returning).
    func replace(
        _ name: String, with bytes: [UInt8], expecting expected: FileIdentity?, synchroniser: FolderSynchroniser? = nil
    ) throws(SidecarError) {
        let temporary = ".\(name).photofeed-\(getpid())-\(Self.nextNumber()).tmp"
        let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, expected?.mode ?? 0o644)
        guard file >= 0 else { throw unwritable(name, errno) }
        var failure: Int32 = 0
        if let expected {
            // Keep the sidecar's permissions (not narrowed by the umask) and, where allowed, its owner.
            if fchmod(file, expected.mode) != 0 { failure = errno }
            _ = fchown(file, expected.owner, expected.group)
        }
        var offset = 0
        while failure == 0, offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(file, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno != EINTR { failure = errno }
            } else {
                offset += written
            }
        }
        if failure == 0, fsync(file) != 0 { failure = errno }
        if close(file) != 0, failure == 0 { failure = errno }
        guard failure == 0 else {
            unlinkat(descriptor, temporary, 0)
            throw unwritable(name, failure)
        }
        do throws(SidecarError) {
            let now = try identity(of: name)
            guard now == expected else {
                throw SidecarError(
                    .changedMeanwhile,
                    expected == nil
                        ? "\(display(name)) appeared while it was being written; nothing was replaced."
                        : "\(display(name)) changed while it was being written (another program?); it was left as it is.")
            }
            if expected == nil {
                // link fails (EEXIST) rather than replace one that appeared since the check.
                guard linkat(descriptor, temporary, descriptor, name, 0) == 0 else {
                    let code = errno
                    if code == EEXIST {
                        throw SidecarError(.changedMeanwhile, "\(display(name)) appeared while it was being written; nothing was replaced.")
                    }
                    throw unwritable(name, code)
                }
                unlinkat(descriptor, temporary, 0)
            } else {
                guard renameat(descriptor, temporary, descriptor, name) == 0 else { throw unwritable(name, errno) }
            }
        } catch {
            unlinkat(descriptor, temporary, 0)
            throw error
        }
        guard let synchroniser else {
            guard fsync(descriptor) == 0 else { throw unwritable(name, errno) }
            return
        }
        if let failed = synchroniser.takeFailure() {
            // An earlier rename's folder fsync failed: this one is not left to the queue.
            guard fsync(descriptor) == 0 else { throw unwritable(name, errno) }
            throw SidecarError(
                .unwritable,
                "\(display(name)) was written, but \(path.string) could not be flushed to disk earlier (\(SystemError.reason(failed))); the decisions made just before may not survive a crash.")
        }
        let copy = dup(descriptor)
        guard copy >= 0 else {
            guard fsync(descriptor) == 0 else { throw unwritable(name, errno) }
            return
        }
        synchroniser.synchronise(copy)
    }

    private func display(_ name: String) -> String {
        path.appending(name).string
    }

    private func notAFile(_ name: String) -> SidecarError {
        SidecarError(.notAFile, "\(display(name)) is a link or not a regular file; it is not followed or replaced.")
    }

    private func unwritable(_ name: String, _ code: Int32) -> SidecarError {
        let reason =
            switch code {
            case EROFS: "the folder is on a read-only file system"
            case ENOSPC, EDQUOT: "the disk is full"
            case EACCES, EPERM: "permission denied"
            default: SystemError.reason(code)
            }
        return SidecarError(.unwritable, "Cannot write \(display(name)): \(reason).")
    }

    /// Where a `dirent`'s name starts.
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

    private static let counter = Atomic<Int>(0)

    /// A number no other temporary file of this process has.
    private static func nextNumber() -> Int { counter.add(1, ordering: .relaxed).newValue }
}
