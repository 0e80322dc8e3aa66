import FoundationEssentials
import FoundationExtras
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads file URLs in chunks, reporting a `Content-Length` so progress works as for HTTP.
///
/// The path is the URL's bytes, percent-decoded byte by byte (``URL/localPath``): `e%FF.jpg`
/// opens the file whose name holds the byte 0xFF, never the U+FFFD name beside it. A path
/// longer than `PATH_MAX` is opened a stretch at a time (``FilePath/openFile(_:mode:)``).
///
/// Errors name the system's reason ("transport error: no such file or directory"). A photo is
/// a regular file: a folder is ``ImageLoadError/folder`` ("a folder, not an image file"); a
/// FIFO, socket or device is refused at once, before it is opened, with
/// ``ImageLoadError/notARegularFile(_:)`` ("not a regular file (a FIFO)"), which is never
/// retried. The path is `stat`ed first, opened non-blocking (a FIFO swapped in meanwhile
/// cannot hold the open) and checked again on the descriptor. With ``readsSpecialFiles`` a
/// pipe or device is read as a stream instead (bound the read: the pipeline's
/// `maxResponseBytes`, or `bytes(for:limit:)`), and a pipe whose writer goes quiet fails after
/// ``idleTimeout``.
public struct FileDataLoader: DataLoading {
    /// Bytes read at a time.
    public var chunkSize: Int
    /// How long a pipe may go without a byte before the load fails (with ``readsSpecialFiles``).
    public var idleTimeout: Duration
    /// Whether FIFOs, sockets and devices are read as streams (false: refused at once).
    public var readsSpecialFiles: Bool

    public init(chunkSize: Int = 64 * 1024, idleTimeout: Duration = .seconds(10), readsSpecialFiles: Bool = false) {
        self.chunkSize = max(1, chunkSize)
        self.idleTimeout = idleTimeout
        self.readsSpecialFiles = readsSpecialFiles
    }

    public func load(_ request: DataRequest) async throws -> DataResponse {
        guard let path = request.url.localPath else {
            throw ImageLoadError.invalidURL("\(request.url.absoluteString) is not a file URL")
        }
        // The kind first: a special file is refused without being opened.
        guard let named = path.status() else { throw Self.systemError(errno) }
        try check(FileKind(mode: UInt32(named.st_mode)))
        // O_NONBLOCK: opening a FIFO for reading would wait for a writer forever.
        let descriptor = path.openFile(O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Self.systemError(errno) }
        guard let kind = FileKind(descriptor: descriptor) else {
            let code = errno
            close(descriptor)
            throw Self.systemError(code)
        }
        do {
            try check(kind)
        } catch {
            close(descriptor)
            throw error
        }
        let type = mode_t(kind.type)
        let isStream = type == S_IFIFO || type == S_IFSOCK
        if !isStream {
            // Files and devices read as usual; only pipes are polled.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        let handle = ReadableFile(descriptor: descriptor)
        var headers: [String: String] = [:]
        var status = stat()
        if kind.isRegularFile, fstat(descriptor, &status) == 0 { headers["Content-Length"] = String(status.st_size) }
        return DataResponse(
            head: DataResponseHead(statusCode: 200, headers: headers),
            body: FileChunks(handle: handle, chunkSize: chunkSize, pollTimeout: isStream ? idleTimeout : nil),
            file: kind.isRegularFile ? handle : nil)
    }

    /// Throws for a folder (``ImageLoadError/folder``), and for a special file unless ``readsSpecialFiles``.
    private func check(_ kind: FileKind) throws(ImageLoadError) {
        if kind.isDirectory { throw .folder }
        if !kind.isRegularFile && !readsSpecialFiles { throw .notARegularFile(kind.description) }
    }

    private static func systemError(_ code: Int32) -> ImageLoadError {
        .transport(String(cString: strerror(code)).lowercased())
    }
}
