import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
@testable import PicsumServer
@testable import PicsumServerTests

/// One HTTP exchange, fully read.
struct HTTPResult: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    func header(_ name: String) -> String? { headers.first(name: name) }
}

/// A loopback HTTP client (AsyncHTTPClient, redirects not followed) aimed at one server.
struct TestClient: Sendable {
    let http: HTTPClient
    let baseURL: URL

    func request(
        _ path: String, method: HTTPMethod = .GET, headers: [(String, String)] = [], body: String? = nil
    ) async throws -> HTTPResult {
        var request = HTTPClientRequest(url: baseURL.absoluteString + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await http.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 64 << 20)
        return HTTPResult(status: Int(response.status.code), headers: response.headers, body: Array(buffer: bytes))
    }

    func get(_ path: String, headers: [(String, String)] = []) async throws -> HTTPResult {
        try await request(path, headers: headers)
    }

    /// Starts a request and returns once the response head has arrived (the body may still be coming).
    func head(of path: String, timeout: TimeAmount) async throws -> HTTPClientResponse {
        try await http.execute(HTTPClientRequest(url: baseURL.absoluteString + path), timeout: timeout)
    }
}

/// Starts a server (on the package's photos unless configured otherwise) and a client, runs
/// `body`, then stops both, whether `body` threw or not.
func withServer<R: Sendable>(
    _ configure: (inout PicsumServer.Configuration) -> Void = { _ in },
    _ body: (PicsumServer, TestClient) async throws -> R
) async throws -> R {
    var configuration = PicsumServer.Configuration(photosDirectory: Fixtures.assets, count: 1000, logger: Fixtures.quietLogger)
    configure(&configuration)
    let server = try await PicsumServer.start(configuration)
    var clientConfiguration = HTTPClient.Configuration(redirectConfiguration: .disallow)
    clientConfiguration.connectionPool.idleTimeout = .seconds(5)
    let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
    let client = TestClient(http: http, baseURL: server.baseURL)
    do {
        let result = try await body(server, client)
        try await http.shutdown()
        await server.stop()
        return result
    } catch {
        try? await http.shutdown()
        await server.stop()
        throw error
    }
}

/// Runs `body` with a fresh client and shuts the client down whether `body` threw or not
/// (an `HTTPClient` dropped without `shutdown()` traps in debug builds, ending the whole run).
func withHTTPClient<R: Sendable>(
    _ configuration: HTTPClient.Configuration = HTTPClient.Configuration(),
    _ body: (HTTPClient) async throws -> R
) async throws -> R {
    let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    do {
        let result = try await body(http)
        try await http.shutdown()
        return result
    } catch {
        try? await http.shutdown()
        throw error
    }
}

extension AsyncStream where Element == RequestLogEntry {
    /// The first logged entry matching `predicate` (waits for it; never polls).
    func first(matching predicate: (RequestLogEntry) -> Bool) async -> RequestLogEntry? {
        for await entry in self where predicate(entry) { return entry }
        return nil
    }
}
