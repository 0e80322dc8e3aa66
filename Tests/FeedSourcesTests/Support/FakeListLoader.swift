import Foundation
import ImageLoading
import Synchronization

/// A `DataLoading` that answers from a table of URL → (status, body), recording every request.
final class FakeListLoader: DataLoading {
    struct Reply: Sendable {
        var status: Int = 200
        var body: [UInt8]
        var chunkSize: Int = 7
    }

    private let replies: [String: Reply]
    private let fallback: Reply
    private let recorded = Mutex<[URL]>([])

    init(_ replies: [String: Reply], fallback: Reply = Reply(body: Array("[]".utf8))) {
        self.replies = replies
        self.fallback = fallback
    }

    /// The URLs asked for, in order.
    var requestedURLs: [URL] { recorded.withLock { $0 } }

    func load(_ request: DataRequest) async throws -> DataResponse {
        recorded.withLock { $0.append(request.url) }
        let reply = replies[request.url.absoluteString] ?? fallback
        let chunks = stride(from: 0, to: reply.body.count, by: max(1, reply.chunkSize)).map {
            Array(reply.body[$0..<min(reply.body.count, $0 + reply.chunkSize)])
        }
        let body = AsyncThrowingStream<[UInt8], any Error> { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish()
        }
        return DataResponse(head: DataResponseHead(statusCode: reply.status), body: body)
    }
}

extension FakeListLoader.Reply {
    /// A 200 with a JSON text body.
    static func json(_ text: String) -> Self { Self(body: Array(text.utf8)) }

    /// A page of `count` well-formed entries starting at id `first`.
    static func page(ids: Range<Int>) -> Self {
        let entries = ids.map {
            #"{"id":"\#($0)","author":"Author \#($0)","width":\#(400 + $0),"height":300,"url":"u","download_url":"d"}"#
        }
        return json("[" + entries.joined(separator: ",") + "]")
    }
}
