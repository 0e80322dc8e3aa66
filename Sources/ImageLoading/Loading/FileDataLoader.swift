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
