import AsyncHTTPClient
import NIOCore

/// The response body as `[UInt8]` chunks, with client errors mapped.
struct HTTPBody: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let base: HTTPClientResponse.Body
    /// Whose values an error's text must not hold.
    var redacting: RequestHeaders = .none

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: HTTPClientResponse.Body.AsyncIterator
        let redacting: RequestHeaders

        mutating func next() async throws -> [UInt8]? {
            do {
                guard let buffer = try await base.next() else { return nil }
                return Array(buffer.readableBytesView)
            } catch {
                throw HTTPDataLoader.map(error, redacting: redacting)
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), redacting: redacting) }
}
