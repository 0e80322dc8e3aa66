import Foundation
import Testing
import TestSupport
@testable import PicsumServer

/// Issue 12 §3: the shaping control endpoint is not an open door.
@Suite("Live server: the control endpoint", .tags(.realTime), .timeLimit(.minutes(1)))
struct ControlEndpointTests {
    static let token = "test-token-0123456789abcdef"
    static let headers = [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")]

    static func withControl(_ configuration: inout PicsumServer.Configuration) {
        configuration.control = ControlAccess(token: token)
    }

    @Test func theEndpointDoesNotExistUnlessConfigured() async throws {
        // Given a server started as the viewer starts it (no control access)
        try await withServer { server, client in
            // When a client reads or writes the knobs over HTTP
            let get = try await client.get("/control/shaping")
            let put = try await client.request(
                "/control/shaping", method: .PUT, headers: Self.headers, body: #"{"failure_rate": 1}"#)

            // Then the route is not found and nothing changed
            #expect(get.status == 404)
            #expect(put.status == 404)
            #expect(server.shaping.settings.failureRate == 0)
        }
    }

    @Test func everyRequestNeedsTheBearerToken() async throws {
        try await withServer(Self.withControl) { server, client in
            // When a change comes without a token, with a wrong one, or with the right one
            let body = #"{"failure_rate": 1}"#
            let none = try await client.request(
                "/control/shaping", method: .PUT, headers: [("Content-Type", "application/json")], body: body)
            let wrong = try await client.request(
                "/control/shaping", method: .PUT,
                headers: [("Authorization", "Bearer test-token-0123456789abcdeX"), ("Content-Type", "application/json")],
                body: body)
            let readWithout = try await client.get("/control/shaping")

            // Then only the right one is let in
            #expect(none.status == 401)
            #expect(none.header("WWW-Authenticate") == "Bearer")
            #expect(wrong.status == 401)
            #expect(readWithout.status == 401)
            #expect(server.shaping.settings.failureRate == 0)
            let right = try await client.request("/control/shaping", method: .PUT, headers: Self.headers, body: body)
            #expect(right.status == 200)
            #expect(server.shaping.settings.failureRate == 1)
        }
    }

    @Test func changesAreAcceptedOnlyAsJSON() async throws {
        try await withServer(Self.withControl) { server, client in
            // When the body comes as a form or plain text (what a cross-site form can send)
            for contentType in ["text/plain", "application/x-www-form-urlencoded", "application/jsonx"] {
                let reply = try await client.request(
                    "/control/shaping", method: .PUT,
                    headers: [("Authorization", "Bearer \(Self.token)"), ("Content-Type", contentType)],
                    body: #"{"latency_ms": 10}"#)
                // Then it is refused as an unsupported media type
                #expect(reply.status == 415, "\(contentType)")
            }
            #expect(server.shaping.settings.latency == .zero)
            let charset = try await client.request(
                "/control/shaping", method: .PUT,
                headers: [("Authorization", "Bearer \(Self.token)"), ("Content-Type", "application/json; charset=utf-8")],
                body: #"{"latency_ms": 10}"#)
            #expect(charset.status == 200)
        }
    }

    @Test(arguments: [
        (#"{"latency_ms": 60001}"#, "latency_ms"),
        (#"{"latency_ms": -1}"#, "latency_ms"),
        (#"{"latency_ms": 9223372036854775807}"#, "latency_ms"),
        (#"{"bandwidth": 1}"#, "bandwidth"),
        (#"{"bandwidth": -5}"#, "bandwidth"),
        (#"{"failure_rate": 1.5}"#, "failure rate"),
        (#"{"stall_rate": -0.1}"#, "stall rate"),
        (#"{"truncate_rate": 2}"#, "truncate rate"),
    ])
    func valuesOutOfRangeAreRefused(body: String, named: String) async throws {
        try await withServer(Self.withControl) { server, client in
            // When an out-of-range value is sent
            let reply = try await client.request("/control/shaping", method: .PUT, headers: Self.headers, body: body)

            // Then it is refused naming the key, and nothing changed
            #expect(reply.status == 400)
            #expect(String(decoding: reply.body, as: UTF8.self).contains(named))
            #expect(server.shaping.settings == NetworkShaping())
        }
    }

    @Test func valuesAtTheBoundsAreAccepted() async throws {
        try await withServer(Self.withControl) { server, client in
            let body = #"{"latency_ms": 60000, "bandwidth": 1024, "failure_rate": 1, "stall_rate": 0, "truncate_rate": 0}"#
            let reply = try await client.request("/control/shaping", method: .PUT, headers: Self.headers, body: body)
            #expect(reply.status == 200)
            #expect(server.shaping.settings.latency == .seconds(60))
            #expect(server.shaping.settings.bandwidth == 1024)
        }
    }

    @Test func aStallCannotHoldAConnectionForever() async throws {
        try await withServer({
            $0.shaping = NetworkShaping(stallRate: 1, seed: 1)
            $0.limits.maxStall = .milliseconds(300)
        }) { server, _ in
            // Given a client that asks for a stalled image and never gives up
            let log = server.requests
            let connection = try RawConnection.open(server.baseURL)
            defer { connection.close() }
            connection.send("GET /id/3/40/40 HTTP/1.1\r\nHost: localhost\r\n\r\n")

            // When it reads, Then it gets the head, and the server closes the connection
            let (bytes, closed) = await connection.readUntilClosed()
            #expect(String(decoding: bytes.prefix(12), as: UTF8.self) == "HTTP/1.1 200")
            #expect(closed)
            var iterator = log.makeAsyncIterator()
            let entry = await iterator.next()
            #expect(entry?.outcome == .stallTimedOut)
        }
    }

    @Test func tokensAreRandomAndValidated() {
        #expect(ControlAccess().token != ControlAccess().token)
        #expect(ControlAccess().token.count == 32)
        var configuration = PicsumServer.Configuration()
        configuration.control = ControlAccess(token: "short")
        #expect(throws: PicsumServerError.self) { try configuration.validate() }
    }
}
