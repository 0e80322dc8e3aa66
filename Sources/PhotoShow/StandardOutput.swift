import FoundationExtras

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Writes to file descriptor 1, reporting a closed pipe or a failed write (a full disk, a file
/// size limit) instead of dying of it, as `FileHandle.standardOutput.write` does.
public struct StandardOutput: ShowOutput {
    /// The descriptor written to.
    let descriptor: Int32

    /// The process's standard output.
    public init() {
        descriptor = STDOUT_FILENO
    }

    /// Another open descriptor (the terminal, `/dev/tty`, that a placed picture is drawn on).
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes all of `bytes`; false when the reader has gone (EPIPE) or output failed (errno
    /// says why).
    public func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

/// Writes to standard error (a failed write is dropped: there is nowhere left to say so).
public struct StandardError: ShowOutput {
    /// The process's standard error.
    public init() {}

    public func write(_ bytes: [UInt8]) -> Bool {
        (try? StandardStream.error.write(bytes: bytes)) != nil
    }
}
