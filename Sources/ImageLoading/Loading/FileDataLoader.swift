import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads file URLs in chunks, reporting a `Content-Length` so progress works as for HTTP.
///
/// Errors name the system's reason ("transport error: no such file or directory"). Only a
/// regular file reports a length; a pipe or device is read as a stream (so bound the read:
/// the pipeline's `maxResponseBytes`, or `bytes(for:limit:)`). Opening never blocks: a FIFO
/// nobody writes to is an empty file, and one whose writer goes quiet fails after
/// `idleTimeout`, so a FIFO among photos cannot hang a viewer, `show` or `snapshot`.
public struct FileDataLoader: DataLoading {
    /// Bytes read at a time.
    public var chunkSize: Int
    /// How long a pipe may go without a byte before the load fails.
    public var idleTimeout: Duration

    public init(chunkSize: Int = 64 * 1024, idleTimeout: Duration = .seconds(10)) {
        self.chunkSize = max(1, chunkSize)
        self.idleTimeout = idleTimeout
    }

    public func load(_ request: DataRequest) async throws -> DataResponse {
        guard request.url.isFileURL else {
            throw ImageLoadError.invalidURL("\(request.url.absoluteString) is not a file URL")
        }
        // O_NONBLOCK: opening a FIFO for reading would wait for a writer forever.
        let descriptor = open(request.url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Self.systemError(errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw Self.systemError(code)
        }
        let type = status.st_mode & S_IFMT
        guard type != S_IFDIR else {
            close(descriptor)
            throw Self.systemError(EISDIR)
        }
        let isStream = type == S_IFIFO || type == S_IFSOCK
        if !isStream {
            // Files and devices read as usual; only pipes are polled.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var headers: [String: String] = [:]
        if type == S_IFREG { headers["Content-Length"] = String(status.st_size) }
        return DataResponse(
            head: DataResponseHead(statusCode: 200, headers: headers),
            body: FileChunks(handle: handle, chunkSize: chunkSize, pollTimeout: isStream ? idleTimeout : nil))
    }

    private static func systemError(_ code: Int32) -> ImageLoadError {
        .transport(String(cString: strerror(code)).lowercased())
    }
}
