import Foundation
import ImageLoading

/// Reads a whole (small) response through a `DataLoading`, refusing more than a byte limit.
enum BoundedRead {
    static func bytes(of request: DataRequest, loader: any DataLoading, limit: Int) async throws -> [UInt8] {
        let response: DataResponse
        do {
            response = try await loader.load(request)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw FeedError.transport("\(request.url.absoluteString): \(error)")
        }
        let status = response.head.statusCode
        guard (200..<300).contains(status) else {
            throw FeedError.httpStatus(status, url: request.url.absoluteString)
        }
        if let length = response.head.contentLength, length > limit {
            throw FeedError.tooLarge(limit: limit, what: "the list at \(request.url.absoluteString)")
        }
        var bytes: [UInt8] = []
        do {
            for try await chunk in response.body {
                guard bytes.count + chunk.count <= limit else {
                    throw FeedError.tooLarge(limit: limit, what: "the list at \(request.url.absoluteString)")
                }
                bytes.append(contentsOf: chunk)
            }
        } catch let error as FeedError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw FeedError.transport("\(request.url.absoluteString): \(error)")
        }
        return bytes
    }
}
