import AsyncHTTPClient
import FoundationEssentials
import FoundationExtras
import Glibc
import NIOCore
import NIOHTTP1
import Synchronization

/// Loads http and https URLs with one shared AsyncHTTPClient, streaming the body.
///
/// Redirects are followed here, not by the client (at most `maxRedirects`, see ``RedirectState``),
/// so each hop gets its own headers: `headers` (the user's, for one origin) go to that origin
/// only, and an error's text never holds their values. A connection that takes longer than
/// `connectTimeout`, or goes `idleTimeout` without a byte, fails with `timedOut`. Cancelling the
/// task that reads the body closes the connection. Call `shutdown()` once when done.
///
/// ```swift
/// var configuration = HTTPDataLoader.Configuration()
/// configuration.headers = try RequestHeaders(origin: feedURL, fields: [("Authorization", "Bearer s3cret")])
/// let loader = HTTPDataLoader(configuration: configuration)
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
        /// Header fields for one origin, added to every request to it (and to no other).
        public var headers: RequestHeaders

        public init(
            connectTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(30),
            totalTimeout: Duration = .seconds(300),
            maxRedirects: Int = 5,
            headers: RequestHeaders = .none
        ) {
            self.connectTimeout = connectTimeout
            self.idleTimeout = idleTimeout
            self.totalTimeout = totalTimeout
            self.maxRedirects = maxRedirects
            self.headers = headers
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
        // The loader follows redirects itself (`RedirectState`): the client would carry every
        // header but credentials to whatever host a redirect names.
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
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
        let extra = configuration.headers
        var redirects = RedirectState(start: request.url, limit: configuration.maxRedirects)
        do {
            while true {
                var httpRequest = HTTPClientRequest(url: redirects.current.absoluteString)
                httpRequest.method = .GET
                for (name, value) in redirects.headers(adding: extra, to: request.headers)
                where HTTPDataLoader.isSafeHeader(name: name, value: value) {
                    httpRequest.headers.add(name: name, value: value)
                }
                let response = try await runningClient().execute(httpRequest, timeout: TimeAmount(configuration.totalTimeout))
                let status = Int(response.status.code)
                switch try redirects.next(status: status, location: response.headers.first(name: "Location")) {
                case .follow:
                    // The redirect's own body is not wanted: dropping it closes its connection.
                    continue
                case .done:
                    return DataResponse(
                        head: DataResponseHead(statusCode: status, headers: Self.fields(of: response.headers)),
                        body: HTTPBody(base: response.body, redacting: extra))
                }
            }
        } catch let failure as RedirectState.Failure {
            switch failure {
            case .tooMany(let limit): throw ImageLoadError.transport("too many redirects (more than \(limit))")
            case .cycle: throw ImageLoadError.transport("too many redirects (a redirect cycle)")
            }
        } catch {
            throw HTTPDataLoader.map(error, redacting: extra)
        }
    }

    /// Response header fields by name, repeated fields joined with commas.
    static func fields(of headers: HTTPHeaders) -> [String: String] {
        var fields: [String: String] = [:]
        for header in headers {
            if let existing = fields[header.name] {
                fields[header.name] = existing + ", " + header.value
            } else {
                fields[header.name] = header.value
            }
        }
        return fields
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

    /// Maps client errors to `ImageLoadError` with no value of `headers` in its text.
    static func map(_ error: any Error, redacting headers: RequestHeaders) -> any Error {
        let mapped = map(error)
        guard !headers.isEmpty, let loadError = mapped as? ImageLoadError else { return mapped }
        return loadError.redacting(headers.redact)
    }

    /// Maps client errors to `ImageLoadError`; cancellation stays `CancellationError`.
    static func map(_ error: any Error) -> any Error {
        if error is CancellationError || error is ImageLoadError { return error }
        if let ioError = error as? IOError {
            return ImageLoadError.transport(String(cString: strerror(ioError.errnoCode)).lowercased())
        }
        guard let httpError = error as? HTTPClientError else {
            return ImageLoadError.transport(ErrorText.describe(error))
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
        default: return ImageLoadError.transport(ErrorText.describe(httpError))
        }
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds.multipliedReportingOverflow(by: 1_000_000_000).partialValue + attoseconds / 1_000_000_000)
    }
}
