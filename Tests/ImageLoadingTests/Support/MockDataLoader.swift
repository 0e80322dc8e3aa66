import Foundation
@testable import ImageLoading
import Synchronization

/// An in-memory `DataLoading` keyed by URL: scripted responses delivered in chunks, with gates
/// to hold a load before its head or after a number of body bytes, and a record of every request.
final class MockDataLoader: DataLoading {
    struct Response: Sendable {
        var status = 200
        var headers: [String: String] = [:]
        var body: [UInt8] = []
        var chunkSize = 1_024
        /// Adds `Content-Length: body.count` unless headers set one or this is false.
        var sendsContentLength = true
        /// Held before the head is returned.
        var headGate: Gate?
        /// Held once this many body bytes have been delivered.
        var bodyGate: (afterBytes: Int, gate: Gate)?
        /// The body stops with a transport error after this many bytes.
        var failAfterBytes: Int?
        /// `load` throws this instead of answering.
        var error: ImageLoadError?
    }

    typealias Responder = @Sendable (DataRequest, _ attempt: Int) -> Response

    private struct State {
        var responders: [String: Responder] = [:]
        var requests: [DataRequest] = []
        var cancelledBodies = 0
    }

    private let state = Mutex(State())

    /// Answers every load of `url` with `response`.
    func set(_ url: String, _ response: Response) {
        state.withLock { $0.responders[url] = { _, _ in response } }
    }

    /// Answers the n-th load of `url` (from 1) with `responder(request, n)`.
    func set(_ url: String, responder: @escaping Responder) {
        state.withLock { $0.responders[url] = responder }
    }

    /// Every request received, in order.
    var requests: [DataRequest] { state.withLock { $0.requests } }

    func loadCount(_ url: String) -> Int { requests.filter { $0.url.absoluteString == url }.count }

    /// Bodies whose reader was cancelled before the end.
    var cancelledBodies: Int { state.withLock { $0.cancelledBodies } }

    func load(_ request: DataRequest) async throws -> DataResponse {
        let key = request.url.absoluteString
        let (responder, attempt) = state.withLock { state -> (Responder?, Int) in
            state.requests.append(request)
            return (state.responders[key], state.requests.filter { $0.url == request.url }.count)
        }
        guard let responder else { throw ImageLoadError.httpStatus(404) }
        let response = responder(request, attempt)
        if let gate = response.headGate { try await gate.wait() }
        if let error = response.error { throw error }
        var headers = response.headers
        if response.sendsContentLength, !headers.keys.contains(where: { $0.lowercased() == "content-length" }) {
            headers["Content-Length"] = String(response.body.count)
        }
        let body = MockBody(response: response) { [weak self] in
            self?.state.withLock { $0.cancelledBodies += 1 }
        }
        return DataResponse(head: DataResponseHead(statusCode: response.status, headers: headers), body: body)
    }
}

/// A scripted body.
struct MockBody: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let response: MockDataLoader.Response
    let onCancel: @Sendable () -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        let response: MockDataLoader.Response
        let onCancel: @Sendable () -> Void
        var offset = 0
        var gatePassed = false

        mutating func next() async throws -> [UInt8]? {
            if let (afterBytes, gate) = response.bodyGate, !gatePassed, offset >= afterBytes {
                gatePassed = true
                do { try await gate.wait() } catch {
                    onCancel()
                    throw error
                }
            }
            if Task.isCancelled {
                onCancel()
                throw CancellationError()
            }
            if let failAfter = response.failAfterBytes, offset >= failAfter {
                throw ImageLoadError.transport("connection reset by fake peer")
            }
            guard offset < response.body.count else { return nil }
            var end = Swift.min(response.body.count, offset + Swift.max(1, response.chunkSize))
            if let (afterBytes, _) = response.bodyGate, !gatePassed, offset < afterBytes { end = Swift.min(end, afterBytes) }
            if let failAfter = response.failAfterBytes { end = Swift.min(end, Swift.max(failAfter, offset + 1)) }
            defer { offset = end }
            return Array(response.body[offset..<end])
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(response: response, onCancel: onCancel) }
}
