import FoundationEssentials
import ImageLoading
import FoundationExtras

/// Reads a whole (small) list through a `DataLoading`, refusing more than a byte limit, with
/// the loader's `bytes(for:limit:)`; its errors become `FeedError`s naming the list.
enum BoundedRead {
    static func bytes(of request: DataRequest, loader: any DataLoading, limit: Int) async throws -> [UInt8] {
        let url = request.url.absoluteString
        do {
            return try await loader.bytes(for: request, limit: limit)
        } catch let error as CancellationError {
            throw error
        } catch let error as ImageLoadError where error.kind == .tooLarge {
            throw FeedError.tooLarge(limit: limit, what: "the list at \(url)")
        } catch let error as ImageLoadError where error.kind == .httpStatus {
            throw FeedError.httpStatus(error.statusCode ?? 0, url: url)
        } catch let error as ImageLoadError {
            // "…/v2/list: connection refused": the caller says it was the feed.
            throw FeedError.transport("\(url): \(error.reason)")
        } catch {
            throw FeedError.transport("\(url): \(ErrorText.describe(error))")
        }
    }
}
