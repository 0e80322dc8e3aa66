import Foundation
import Testing
import TestSupport
@testable import PicsumServer

/// Issue 12 §4: the server closes what it should — silent and slow clients, oversized bodies —
/// and caps concurrent connections. Over real loopback sockets.
@Suite("Live server: connection limits", .tags(.realTime), .timeLimit(.minutes(1)))
struct ServerConnectionLimitsTests {
    static func shortIdle(_ configuration: inout PicsumServer.Configuration) {
        configuration.limits.idleTimeout = .milliseconds(300)
    }

    @Test func silentSlowAndHalfSentConnectionsAreClosed() async throws {
        try await withServer(Self.shortIdle) { server, _ in
            // Given a silent connection, one that sent half a request head, and ten slowloris
            // clients that keep adding header lines
            let silent = try RawConnection.open(server.baseURL)
            let half = try RawConnection.open(server.baseURL)
            half.send("GET /v2/list HTTP/1.1\r\nHost: localhost\r\n")
            let slow = try (0..<10).map { _ in try RawConnection.open(server.baseURL) }
            for connection in slow { connection.send("GET /id/1/40/40 HTTP/1.1\r\nX-a: 1\r\n") }
            defer { for connection in [silent, half] + slow { connection.close() } }

            // When the idle (request-head) timeout passes, Then the server closes every one of
            // them without answering
            for connection in [half] + slow { connection.send("X-b: 2\r\n") }
            for connection in [silent, half] + slow {
                let (bytes, closed) = await connection.readUntilClosed()
                #expect(closed, "still open after the safety timeout")
                #expect(bytes.isEmpty)
            }
        }
    }

    @Test func aKeptAliveConnectionIsClosedOnceIdle() async throws {
        try await withServer(Self.shortIdle) { server, _ in
            // Given a connection that made one complete request and kept the connection alive
            let connection = try RawConnection.open(server.baseURL)
            defer { connection.close() }
            connection.send("GET /v2/list?limit=1 HTTP/1.1\r\nHost: localhost\r\n\r\n")

            // When it then says nothing, Then it got its answer and the connection is closed
            let (bytes, closed) = await connection.readUntilClosed()
            #expect(String(decoding: bytes.prefix(12), as: UTF8.self) == "HTTP/1.1 200")
            #expect(closed)
        }
    }

    @Test(arguments: [false, true])
    func anOversizedBodyIsRefusedAtOnceAndNotRead(chunked: Bool) async throws {
        // (With the control endpoint on, the one route that reads a body.)
        try await withServer({ $0.control = ControlAccess(token: ControlEndpointTests.token) }) { server, _ in
            // Given a client that announces (or streams, chunked) a 20 MB PUT body and sends 128 KB of it
            let connection = try RawConnection.open(server.baseURL)
            defer { connection.close() }
            let framing = chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: 20971520\r\n"
            connection.send(
                "PUT /control/shaping HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Authorization: Bearer \(ControlEndpointTests.token)\r\n\(framing)\r\n")
            let slice = [UInt8](repeating: 0x20, count: 128 * 1024)
            connection.send(chunked ? Array("20000\r\n".utf8) + slice + Array("\r\n".utf8) : slice)

            // When it reads, Then the answer is 413 and the connection is closed (the rest is never read)
            let (bytes, closed) = await connection.readUntilClosed()
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 413"), "\(text.prefix(200))")
            #expect(text.contains("over the limit of 65536 bytes"))
            #expect(closed)
        }
    }

    @Test func connectionsOverTheCapWaitForAFreeSlot() async throws {
        try await withServer({
            Self.shortIdle(&$0)
            $0.limits.maxConnections = 2
        }) { server, _ in
            // Given two connections holding both slots: each was answered once and is now silent
            let holders = try (0..<2).map { _ in
                let holder = try RawConnection.open(server.baseURL)
                holder.send("GET /v2/list?limit=1 HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return holder
            }
            defer { for holder in holders { holder.close() } }
            for holder in holders {
                let answer = await holder.readResponse()
                #expect(String(decoding: answer.prefix(12), as: UTF8.self) == "HTTP/1.1 200")
            }

            // When a third client asks for the list
            let third = try RawConnection.open(server.baseURL)
            defer { third.close() }
            third.send("GET /v2/list?limit=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            let (bytes, _) = await third.readUntilClosed()

            // Then it is answered, but only once the idle timeout had closed a holder
            #expect(String(decoding: bytes.prefix(12), as: UTF8.self) == "HTTP/1.1 200")
            #expect(holders.contains { $0.isClosedByPeer })
        }
    }

    @Test func limitsAreValidated() {
        var limits = ConnectionLimits()
        limits.maxConnections = 0
        #expect(throws: PicsumServerError.self) { try limits.validate() }
        limits = ConnectionLimits(idleTimeout: .zero)
        #expect(throws: PicsumServerError.self) { try limits.validate() }
        #expect(throws: Never.self) { try ConnectionLimits().validate() }
    }
}
