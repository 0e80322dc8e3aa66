import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// Loads http and https URLs with one shared AsyncHTTPClient, streaming the body.
///
/// Redirects are followed (at most `maxRedirects`); a connection that takes longer than
/// `connectTimeout`, or goes `idleTimeout` without a byte, fails with `timedOut`. Cancelling the
/// task that reads the body closes the connection. Call `shutdown()` once when done.
///
/// ```swift
/// let loader = HTTPDataLoader()
/// defer { Task { await loader.shutdown() } }
/// ```
public final class HTTPDataLoader: DataLoading {
    /// Timeouts and redirect limits.
    public struct Configuration: Sendable, Hashable {
        /// Time allowed to open a connection.
        public var connectTimeout: Duration
        /// Time allowed between two reads before the load fails with `timedOut`.
        public var idleTimeout: Duration
        /// Time allowed for a whole response, however lively.
        public var totalTimeout: Duration
        /// Redirects followed before failing.
        public var maxRedirects: Int

        public init(
            connectTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(30),
            totalTimeout: Duration = .seconds(300),
            maxRedirects: Int = 5
        ) {
            self.connectTimeout = connectTimeout
            self.idleTimeout = idleTimeout
            self.totalTimeout = totalTimeout
            self.maxRedirects = maxRedirects
        }
    }

    private enum ClientState {
        case idle
        case running(HTTPClient)
        case shutDown
    }

    private let configuration: Configuration
    /// The client is made on first use, so a loader that never loads holds no threads or sockets.
    private let client = Mutex(ClientState.idle)

    /// A loader with its own HTTP client (made on first use; stop it with `shutdown()`).
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    deinit {
        // A loader dropped without `shutdown()` still closes its client.
        if case .running(let client) = client.withLock({ $0 }) {
            Task { try? await client.shutdown() }
        }
    }

    private func runningClient() throws -> HTTPClient {
        try client.withLock { state in
            switch state {
            case .running(let client):
                return client
            case .shutDown:
                throw ImageLoadError.transport("the HTTP loader was shut down")
            case .idle:
                let made = HTTPClient(eventLoopGroupProvider: .singleton, configuration: makeClientConfiguration())
                state = .running(made)
                return made
            }
        }
    }

    private func makeClientConfiguration() -> HTTPClient.Configuration {
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: configuration.maxRedirects > 0
                ? .follow(max: configuration.maxRedirects, allowCycles: false) : .disallow,
            timeout: .init(
                connect: TimeAmount(configuration.connectTimeout), read: TimeAmount(configuration.idleTimeout)),
            decompression: .disabled)
        clientConfiguration.httpVersion = .http1Only
        // The pipeline's retry policy owns retries: a refused connection fails this attempt now
        // instead of being retried inside the client until the connect timeout.
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        return clientConfiguration
    }

    public func load(_ request: DataRequest) async throws -> DataResponse {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            request.url.host != nil
        else { throw ImageLoadError.invalidURL("\(request.url.absoluteString) is not an http(s) URL") }
        var httpRequest = HTTPClientRequest(url: request.url.absoluteString)
        httpRequest.method = .GET
        for (name, value) in request.headers where HTTPDataLoader.isSafeHeader(name: name, value: value) {
            httpRequest.headers.add(name: name, value: value)
        }
        do {
            let response = try await runningClient().execute(httpRequest, timeout: TimeAmount(configuration.totalTimeout))
            var headers: [String: String] = [:]
            for header in response.headers {
                if let existing = headers[header.name] {
                    headers[header.name] = existing + ", " + header.value
                } else {
                    headers[header.name] = header.value
                }
            }
            return DataResponse(
                head: DataResponseHead(statusCode: Int(response.status.code), headers: headers),
                body: HTTPBody(base: response.body))
        } catch {
            throw HTTPDataLoader.map(error)
        }
    }

    /// Closes every connection and stops the client. Later loads fail.
    public func shutdown() async {
        let state = client.withLock { state -> ClientState in
            defer { state = .shutDown }
            return state
        }
        if case .running(let client) = state { try? await client.shutdown() }
    }

    /// Header names and values that cannot smuggle a second header or request.
    static func isSafeHeader(name: String, value: String) -> Bool {
        !name.isEmpty && !name.contains(where: { $0 == ":" || $0.isNewline || $0.isWhitespace })
            && !value.contains(where: \.isNewline)
    }

    /// Maps client errors to `ImageLoadError`; cancellation stays `CancellationError`.
    static func map(_ error: any Error) -> any Error {
        if error is CancellationError || error is ImageLoadError { return error }
        if let ioError = error as? IOError {
            return ImageLoadError.transport(String(cString: strerror(ioError.errnoCode)).lowercased())
        }
        guard let httpError = error as? HTTPClientError else {
            return ImageLoadError.transport(String(describing: error))
        }
        switch httpError {
        case .cancelled: return CancellationError()
        case .connectTimeout: return ImageLoadError.timedOut("no connection within the connect timeout")
        case .readTimeout: return ImageLoadError.timedOut("no bytes received within the idle timeout")
        case .deadlineExceeded: return ImageLoadError.timedOut("the response took longer than the total timeout")
        case .redirectLimitReached, .redirectCycleDetected:
            return ImageLoadError.transport("too many redirects (\(httpError))")
        case .invalidURL, .emptyHost, .emptyScheme:
            return ImageLoadError.invalidURL(String(describing: httpError))
        default: return ImageLoadError.transport(String(describing: httpError))
        }
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds.multipliedReportingOverflow(by: 1_000_000_000).partialValue + attoseconds / 1_000_000_000)
    }
}
