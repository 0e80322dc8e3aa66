import Glibc

/// Standard output and error written whole, `write(2)` by `write(2)`, instead of through
/// Foundation's `FileHandle`.
///
/// ```swift
/// StandardStream.error.write("photofeed: no feed\n")
/// ```
public struct StandardStream: Sendable {
    /// The descriptor written to.
    public let descriptor: Int32

    public static let output = StandardStream(descriptor: STDOUT_FILENO)
    public static let error = StandardStream(descriptor: STDERR_FILENO)

    /// Writes all of `bytes`, retrying on `EINTR` and short writes; throws when the stream fails
    /// (a closed pipe is `EPIPE` when `SIGPIPE` is ignored).
    public func write(bytes: some Collection<UInt8>) throws(SystemError) {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let written = array.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, array.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw SystemError("write", code: errno)
            }
            offset += written
        }
    }

    /// Writes `text` as UTF-8; a failure is dropped (a message to a closed stream goes nowhere).
    public func write(_ text: String) {
        try? write(bytes: text.utf8)
    }
}
