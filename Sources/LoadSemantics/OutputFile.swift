import ImageLoading

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file a run writes as it goes (a trace, a request log): a regular file or a new one, opened
/// so that neither opening nor writing can wait on a reader.
///
/// A FIFO, socket, device or directory is refused when it is opened, in words: opening a FIFO
/// for writing waits for a reader, a device such as `/dev/full` fails every write, and either
/// would cost the run its record without a word. The path is `stat`ed first, then opened with
/// `O_NONBLOCK` (a FIFO swapped in meanwhile fails with `ENXIO` instead of waiting) and checked
/// again on the open descriptor. Write errors (`ENOSPC`, `EIO`, `EFBIG`) are thrown with the
/// system's reason; the caller says what was lost.
///
/// ```swift
/// let file = try OutputFile(path: "run.json")   // throws for /dev/full: "not a regular file (a character device)"
/// try file.write(Array("[\n".utf8))
/// file.close()
/// ```
public final class OutputFile: Sendable {
    /// The path as given.
    public let path: String
    private let descriptor: Int32

    /// Creates `path`, or truncates it when it is a regular file; refuses anything else.
    public init(path: String) throws(OutputFileError) {
        self.path = path
        if let kind = FileKind(path: path) {
            guard kind.isRegularFile else { throw OutputFileError.notARegularFile(path, kind) }
        } else if errno != ENOENT {
            throw OutputFileError.cannotOpen(path, errno)
        }
        // O_NONBLOCK: a FIFO put there since the check fails with ENXIO instead of waiting.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else { throw OutputFileError.cannotOpen(path, errno) }
        guard let kind = FileKind(descriptor: descriptor), kind.isRegularFile else {
            let kind = FileKind(descriptor: descriptor)
            _ = Glibc.close(descriptor)
            throw OutputFileError.notARegularFile(path, kind)
        }
        self.descriptor = descriptor
    }

    /// Appends all of `bytes`, or throws the system's reason for stopping.
    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputFileError.writeFailed(path, errno)
            }
            // A regular file never takes nothing; guard against looping forever if one did.
            guard written > 0 else { throw OutputFileError.writeFailed(path, EIO) }
            offset += written
        }
    }

    /// Closes the file (nothing is written after).
    public func close() {
        _ = Glibc.close(descriptor)
    }
}

/// Why an ``OutputFile`` could not be opened or written, in words ("/tmp/p: not a regular file
/// (a FIFO)", "run.json: write failed: No space left on device").
public struct OutputFileError: Error, CustomStringConvertible, Sendable {
    /// The path and the reason.
    public var description: String
    /// The system's error number, when there was one.
    public var code: Int32?

    /// An error with its words (and the system's number).
    public init(description: String, code: Int32? = nil) {
        self.description = description
        self.code = code
    }

    static func notARegularFile(_ path: String, _ kind: FileKind?) -> Self {
        let what = kind.map { " (\($0))" } ?? ""
        return Self(description: "\(path): not a regular file\(what); name a regular file or a new one", code: nil)
    }

    static func cannotOpen(_ path: String, _ code: Int32) -> Self {
        Self(description: "\(path): cannot open: \(String(cString: strerror(code)))", code: code)
    }

    static func writeFailed(_ path: String, _ code: Int32) -> Self {
        Self(description: "\(path): write failed: \(String(cString: strerror(code)))", code: code)
    }
}

/// Where a run's lines go: an ``OutputFile``, or memory (or a failing fake) in tests.
public protocol OutputWriting: Sendable {
    /// Appends all of `bytes`, or throws why not.
    func write(_ bytes: [UInt8]) throws(OutputFileError)
    /// Ends the output.
    func close()
}

extension OutputFile: OutputWriting {}
