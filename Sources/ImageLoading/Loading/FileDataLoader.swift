import Foundation

/// Loads file URLs in chunks, reporting a `Content-Length` so progress works as for HTTP.
public struct FileDataLoader: DataLoading {
    /// Bytes read at a time.
    public var chunkSize: Int

    public init(chunkSize: Int = 64 * 1024) {
        self.chunkSize = max(1, chunkSize)
    }

    public func load(_ request: DataRequest) async throws -> DataResponse {
        guard request.url.isFileURL else {
            throw ImageLoadError.invalidURL("\(request.url.absoluteString) is not a file URL")
        }
        let path = request.url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImageLoadError.transport("no such file: \(path)")
        }
        guard !isDirectory.boolValue else { throw ImageLoadError.transport("\(path) is a directory") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImageLoadError.transport("cannot open \(path)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        let reader = FileChunks(handle: handle, chunkSize: chunkSize)
        var headers: [String: String] = [:]
        if let size { headers["Content-Length"] = String(size) }
        return DataResponse(head: DataResponseHead(statusCode: 200, headers: headers), body: reader)
    }
}

/// A file's bytes as chunks; closes the file at the end or on error.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let handle: FileHandle
    let chunkSize: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle
        let chunkSize: Int
        var isDone = false

        mutating func next() async throws -> [UInt8]? {
            guard !isDone else { return nil }
            do {
                try Task.checkCancellation()
                if let data = try handle.read(upToCount: chunkSize), !data.isEmpty {
                    return [UInt8](data)
                }
                isDone = true
                try? handle.close()
                return nil
            } catch let error as CancellationError {
                isDone = true
                try? handle.close()
                throw error
            } catch {
                isDone = true
                try? handle.close()
                throw ImageLoadError.transport("read failed: \(error.localizedDescription)")
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handle: handle, chunkSize: chunkSize) }
}
