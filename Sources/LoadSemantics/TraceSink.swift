#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a trace's text goes: a file, or memory in tests.
public protocol TraceSink: Sendable {
    /// Appends `bytes`.
    func write(_ bytes: [UInt8]) throws(TraceSinkError)
    /// Ends the output (nothing is written after).
    func close()
}

/// A trace file could not be opened or written.
public struct TraceSinkError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A trace file, written with `write(2)` as each batch is flushed, so a killed process leaves a
/// file readable up to its last flushed event.
public final class FileTraceSink: TraceSink {
    private let descriptor: Int32

    /// Creates (or truncates) `path`.
    public init(path: String) throws(TraceSinkError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw TraceSinkError("cannot write the trace to \(path): \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
    }

    public func write(_ bytes: [UInt8]) throws(TraceSinkError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw TraceSinkError("writing the trace failed: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    public func close() {
        _ = Glibc.close(descriptor)
    }
}
