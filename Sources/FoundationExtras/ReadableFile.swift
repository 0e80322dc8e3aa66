import Glibc
import Synchronization

/// A file open for reading, closed by ``close()`` or when the last reference goes: the few
/// `FileHandle` calls the package used, over `open(2)`/`read(2)`.
///
/// ```swift
/// let file = try ReadableFile(path: "/etc/hostname")
/// let head = try file.read(upToCount: 16)   // [] at the end of the file
/// ```
public final class ReadableFile: Sendable {
    /// The descriptor (owned: closed by ``close()`` or `deinit`).
    public let descriptor: Int32
    private let closed = Mutex(false)

    /// Opens `path` read-only (close-on-exec).
    public init(path: String) throws(SystemError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError("open \(path)", code: errno) }
        self.descriptor = descriptor
    }

    /// Takes `descriptor`, open for reading; this file closes it.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Up to `count` bytes, fewer only at the end of the file; `[]` at its end. Retries on `EINTR`.
    /// The bytes are read straight into the array returned (its capacity `count`: pages never
    /// written are never touched), not zeroed first nor copied from a chunk.
    public func read(upToCount count: Int) throws(SystemError) -> [UInt8] {
        try read(upToCount: count, at: nil)
    }

    /// Up to `count` bytes from `offset` (`pread(2)`: the descriptor's own offset stays where
    /// it is), fewer only at the end of the file. Retries on `EINTR`.
    public func read(upToCount count: Int, at offset: Int) throws(SystemError) -> [UInt8] {
        try read(upToCount: count, at: Optional(offset))
    }

    private func read(upToCount count: Int, at offset: Int?) throws(SystemError) -> [UInt8] {
        let wanted = max(count, 0)
        guard wanted > 0 else { return [] }
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            while initialized < wanted {
                let got = offset.map { pread(descriptor, base + initialized, wanted - initialized, off_t($0 + initialized)) }
                    ?? Glibc.read(descriptor, base + initialized, wanted - initialized)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { break }
                initialized += got
            }
        }
        if let failure { throw SystemError(offset == nil ? "read" : "pread", code: failure) }
        return bytes
    }

    /// Closes the descriptor; later calls do nothing.
    public func close() {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        if !wasClosed { _ = Glibc.close(descriptor) }
    }
}
