import FoundationExtras

extension DataLoading {
    /// The whole body of `request`, refusing more than `limit` bytes.
    ///
    /// For small reads outside the pipeline (a feed list, a file for `photofeed show`), with the
    /// pipeline's rules: a `Content-Length` over the limit is refused before any byte is read,
    /// and a body that grows past it while streaming (a device, a lying server) stops there.
    /// Throws `ImageLoadError` (`tooLarge`, `httpStatus` for a non-2xx answer, or the loader's
    /// own), or `CancellationError`.
    ///
    /// ```swift
    /// let bytes = try await FileDataLoader().bytes(
    ///     for: DataRequest(url: URL(fileURLWithPath: "photo.jpg")),
    ///     limit: ImagePipeline.Limits().maxResponseBytes)
    /// ```
    public func bytes(for request: DataRequest, limit: Int) async throws -> [UInt8] {
        let response: DataResponse
        do {
            response = try await load(request)
        } catch let error as ImageLoadError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw ImageLoadError.transport(ErrorText.describe(error))
        }
        return try await Self.bytes(of: response, limit: limit)
    }

    /// The whole body of a `response` this loader gave, refusing more than `limit` bytes, as
    /// ``bytes(for:limit:)`` reads it (for a caller that looked at the response first).
    public static func bytes(of response: DataResponse, limit: Int) async throws -> [UInt8] {
        let status = response.head.statusCode
        guard (200..<300).contains(status) else { throw ImageLoadError.httpStatus(status) }
        if let length = response.head.contentLength, length > limit {
            throw ImageLoadError.tooLarge(bytes: length, limit: limit)
        }
        var bytes: [UInt8] = []
        do {
            for try await chunk in response.body {
                guard bytes.count + chunk.count <= limit else {
                    throw ImageLoadError.tooLarge(bytes: bytes.count + chunk.count, limit: limit)
                }
                if bytes.isEmpty {
                    bytes = chunk  // a file read in one chunk is not copied
                } else {
                    if bytes.capacity < bytes.count + chunk.count, let length = response.head.contentLength {
                        bytes.reserveCapacity(max(length, bytes.count + chunk.count))
                    }
                    bytes.append(contentsOf: chunk)
                }
            }
        } catch let error as ImageLoadError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw ImageLoadError.transport(ErrorText.describe(error))
        }
        return bytes
    }
}
