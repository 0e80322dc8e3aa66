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
/// file readable up to its last flushed event. It is an ``OutputFile``: a FIFO, socket, device
/// or directory is refused when it is opened (never waited on), and a failed write says why.
public final class FileTraceSink: TraceSink {
    private let file: OutputFile

    /// Creates (or truncates) `path`; throws when it is not a regular file or cannot be created.
    public init(path: String) throws(TraceSinkError) {
        do {
            file = try OutputFile(path: path)
        } catch {
            throw TraceSinkError("cannot write the trace to \(error)")
        }
    }

    public func write(_ bytes: [UInt8]) throws(TraceSinkError) {
        do {
            try file.write(bytes)
        } catch {
            throw TraceSinkError("the trace \(error); it stops there")
        }
    }

    public func close() {
        file.close()
    }
}
