import AsyncHTTPClient
import Foundation
import Testing
import TestSupport
@testable import PicsumServer

/// Issue 40 §1: HTTP by the book for clients no one here wrote — connection persistence
/// (RFC 9112 §9.3) for HTTP/1.0 and 1.1, pipelining, slow readers — over real loopback sockets,
/// with ab, curl and Python's http.client started by the tests.
@Suite("Live server: any HTTP client", .tags(.realTime), .timeLimit(.minutes(3)))
struct ServerHTTPClientsTests {
    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The value of header `name` in a raw response head (case-insensitive name), or nil.
    private static func header(_ name: String, in response: String) -> String? {
        let head = response.components(separatedBy: "\r\n\r\n").first ?? response
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    @Test func anHTTP10RequestWithoutKeepAliveIsAnsweredAndClosed() async throws {
        try await withServer { server, _ in
            // Given a raw HTTP/1.0 request, no Connection header
            let connection = try RawConnection.open(server.baseURL)
            defer { connection.close() }
            connection.send("GET /v2/list?limit=1 HTTP/1.0\r\nHost: localhost\r\n\r\n")

            // When it reads, Then it gets a 1.0 answer saying close, and the server closes at once
            let (bytes, closed) = await connection.readUntilClosed()
            let response = Self.text(bytes)
            #expect(response.hasPrefix("HTTP/1.0 200"), "\(response.prefix(120))")
            #expect(Self.header("Connection", in: response) == "close")
            #expect(closed, "the server kept an HTTP/1.0 connection open")
        }
    }

    @Test func anHTTP10RequestAskingKeepAliveKeepsTheConnection() async throws {
        try await withServer { server, _ in
            // Given an HTTP/1.0 client that asks to keep the connection
            let connection = try RawConnection.open(server.baseURL)
            defer { connection.close() }
            connection.send("GET /v2/list?limit=1 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")

            // When it reads one response, Then it says keep-alive and has a length
            let first = Self.text(await connection.readResponse())
            #expect(first.hasPrefix("HTTP/1.0 200"), "\(first.prefix(120))")
            #expect(Self.header("Connection", in: first) == "keep-alive")
            #expect(Self.header("Content-Length", in: first) != nil)

            // And a second request on it, without keep-alive, is answered, then the server closes
            connection.send("GET /id/1/info HTTP/1.0\r\n\r\n")
            let (bytes, closed) = await connection.readUntilClosed()
            #expect(Self.text(bytes).hasPrefix("HTTP/1.0 200"))
            #expect(Self.header("Connection", in: Self.text(bytes)) == "close")
            #expect(closed)
        }
    }

    @Test(arguments: ["close", "Close", "keep-alive, close"])
    func anHTTP11RequestSayingCloseIsAnsweredAndClosed(connectionHeader: String) async throws {
        try await withServer { server, _ in
            // Given an HTTP/1.1 request saying Connection: close (in any spelling)
            let connection = try RawConnection.open(server.baseURL)
            defer { connection.close() }
            connection.send("GET /id/1/40/40 HTTP/1.1\r\nHost: localhost\r\nConnection: \(connectionHeader)\r\n\r\n")

            // When it reads, Then the answer says close and the server closes
            let (bytes, closed) = await connection.readUntilClosed()
            let response = Self.text(bytes)
            #expect(response.hasPrefix("HTTP/1.1 200"), "\(response.prefix(120))")
            #expect(Self.header("Connection", in: response) == "close")
            #expect(closed)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrderAndACloseEndsThem() async throws {
        try await withServer { server, _ in
            // Given four requests sent in one write: a render, the list, an info, a render that
            // closes, and a fifth after the close
            let connection = try RawConnection.open(server.baseURL)
            defer { connection.close() }
            connection.send(
                "GET /id/3/64/48 HTTP/1.1\r\nHost: a\r\n\r\n" + "GET /v2/list?limit=2 HTTP/1.1\r\nHost: a\r\n\r\n"
                    + "GET /id/5/info HTTP/1.1\r\nHost: a\r\n\r\n"
                    + "GET /id/7/32/32 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"
                    + "GET /id/9/info HTTP/1.1\r\nHost: a\r\n\r\n")

            // When it reads everything, Then the answers come in the order asked and the fifth
            // is never answered
            let (bytes, closed) = await connection.readUntilClosed()
            let responses = Self.responses(in: bytes)
            #expect(responses.map { $0.head.prefix(15) } == Array(repeating: "HTTP/1.1 200 OK", count: 4), "\(responses.map(\.head))")
            #expect(responses.map { Self.header("Picsum-ID", in: $0.head) } == ["3", nil, nil, "7"])
            let bodies = responses.map { Self.text($0.body) } + ["", "", ""]
            #expect(bodies[1].hasPrefix("[{") && bodies[1].contains("\"id\":\"0\""))
            #expect(bodies[2].hasPrefix("{") && bodies[2].contains("\"id\":\"5\""))
            #expect(closed)
        }
    }

    /// The responses in `bytes`, one after another, each framed by its `Content-Length`.
    private static func responses(in bytes: [UInt8]) -> [(head: String, body: [UInt8])] {
        var responses: [(head: String, body: [UInt8])] = []
        var rest = bytes[...]
        let separator = Array("\r\n\r\n".utf8)
        while let end = rest.indices.first(where: { rest[$0...].starts(with: separator) }) {
            let head = text(Array(rest[..<end]))
            let length = header("Content-Length", in: head).flatMap(Int.init) ?? 0
            let bodyStart = end + separator.count
            let body = Array(rest[bodyStart..<min(rest.endIndex, bodyStart + length)])
            responses.append((head, body))
            rest = rest[min(rest.endIndex, bodyStart + length)...]
        }
        return responses
    }

    @Test func slowReadersDoNotHoldRenderSlots() async throws {
        try await withServer { server, client in
            // Given three times as many clients as render slots, each asking a different large
            // render and then reading nothing
            let slots = ProcessInfo.processInfo.activeProcessorCount
            let slow = try (0..<(3 * slots)).map { index in
                let connection = try RawConnection.open(server.baseURL, receiveBufferBytes: 1024)
                connection.send("GET /id/\(20 + index)/1000/1000 HTTP/1.1\r\nHost: a\r\n\r\n")
                return connection
            }
            defer { for connection in slow { connection.close() } }

            // When their renders are done (their bodies still unread)
            func answered(_ statistics: RenderStatistics) -> Int {
                statistics.encodes + statistics.cacheHits + statistics.coalesced
            }
            var statistics = await server.renderStatistics
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(120)
            while answered(statistics) < slow.count, clock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                statistics = await server.renderStatistics
            }
            #expect(answered(statistics) == slow.count, "renders stuck behind unread responses")

            // Then a new client's render is answered while they still read nothing
            let fresh = try await client.get("/id/90/120/80")
            #expect(fresh.status == 200)
            #expect(answered(await server.renderStatistics) == slow.count + 1)
        }
    }

    @Test(arguments: [1, 50])
    func apacheBenchCompletesEveryRequest(concurrency: Int) async throws {
        let ab = try #require(ExternalTool.find("ab"), "ab not found: run scripts/ensure-deps.sh test (apache2-utils)")
        try await withServer { server, _ in
            // Given ab (HTTP/1.0, a new connection per request) at this concurrency
            let url = server.baseURL.absoluteString + "/v2/list?page=3&limit=30"

            // When it makes 2,000 requests
            let outcome = try await ab.run(["-n", "2000", "-c", "\(concurrency)", "-s", "10", url], timeout: .seconds(150))

            // Then all complete, none failed
            #expect(outcome.finishedInTime && outcome.status == 0, "\(outcome.error)")
            #expect(outcome.output.contains("Complete requests:      2000"), "\(outcome.output)")
            #expect(outcome.output.contains("Failed requests:        0"), "\(outcome.output)")
        }
    }

    @Test func apacheBenchWithKeepAliveCompletesEveryRequest() async throws {
        let ab = try #require(ExternalTool.find("ab"), "ab not found: run scripts/ensure-deps.sh test (apache2-utils)")
        try await withServer { server, _ in
            // Given ab -k (HTTP/1.0 with Connection: keep-alive) on one cached rendition
            let url = server.baseURL.absoluteString + "/id/1/200/150"

            // When it makes 2,000 requests over 8 connections
            let outcome = try await ab.run(["-k", "-n", "2000", "-c", "8", "-s", "10", url], timeout: .seconds(150))

            // Then all complete on kept-alive connections
            #expect(outcome.output.contains("Complete requests:      2000"), "\(outcome.output)")
            #expect(outcome.output.contains("Failed requests:        0"), "\(outcome.output)")
            #expect(outcome.output.contains("Keep-Alive requests:    2000"), "\(outcome.output)")
        }
    }

    @Test(arguments: ["--http1.0", "--http1.1"])
    func curlReusesOrClosesTheConnectionAsItsVersionSays(version: String) async throws {
        let curl = try #require(ExternalTool.find("curl"), "curl not found: run scripts/ensure-deps.sh test")
        try await withServer { server, _ in
            // Given curl fetching two URLs in one run
            let base = server.baseURL.absoluteString

            // When it runs
            let outcome = try await curl.run(
                [
                    version, "-sS", "--max-time", "10", "-o", "/dev/null", "-o", "/dev/null",
                    "-w", "%{http_version} %{http_code} %{num_connects}\\n", base + "/id/1/40/40", base + "/v2/list?limit=3",
                ], timeout: .seconds(30))

            // Then both are 200; HTTP/1.0 needs a new connection for the second, 1.1 reuses the first
            #expect(outcome.status == 0, "\(outcome.error)")
            let lines = outcome.output.split(separator: "\n").map(String.init)
            // (curl writes an HTTP/1.0 answer's version as "1".)
            let expectedVersion = version == "--http1.0" ? "1" : "1.1"
            let expectedConnects = version == "--http1.0" ? "1" : "0"
            #expect(lines == ["\(expectedVersion) 200 1", "\(expectedVersion) 200 \(expectedConnects)"], "\(lines)")
        }
    }

    @Test func pythonsHTTPClientKeepsOrClosesAsAsked() async throws {
        let python = try #require(ExternalTool.find("python3"), "python3 not found")
        try await withServer { server, _ in
            // Given Python's http.client: three HTTP/1.1 requests on one connection, then an
            // HTTP/1.0 one asking keep-alive followed by a second on the same socket
            let script = """
                sys, http = __import__("sys"), __import__("http.client")
                port = int(sys.argv[1])
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                socks = set()
                for path in ["/v2/list?limit=2", "/id/1/40/40", "/id/1/info"]:
                    c.request("GET", path)
                    r = c.getresponse(); body = r.read(); socks.add(id(c.sock))
                    print(r.status, r.version, len(body) > 0, r.will_close)
                print("sockets", len(socks))
                class C10(http.client.HTTPConnection):
                    _http_vsn = 10
                    _http_vsn_str = "HTTP/1.0"
                d = C10("127.0.0.1", port, timeout=10)
                d.request("GET", "/id/2/info", headers={"Connection": "keep-alive"})
                r = d.getresponse(); r.read(); first = id(d.sock)
                print(r.status, r.version, r.getheader("Connection"), r.will_close)
                d.request("GET", "/id/3/info")
                r = d.getresponse(); r.read()
                print(r.status, r.version, r.getheader("Connection"), r.will_close, d.sock is None)
                """

            // When it runs
            let outcome = try await python.run(["-c", script, String(server.baseURL.port ?? 0)], timeout: .seconds(30))

            // Then the 1.1 requests share one socket, the 1.0 keep-alive one is kept, the last closed
            #expect(outcome.status == 0, "\(outcome.error)")
            #expect(
                outcome.output.split(separator: "\n").map(String.init) == [
                    "200 11 True False", "200 11 True False", "200 11 True False", "sockets 1",
                    "200 10 keep-alive False", "200 10 close True True",
                ], "\(outcome.output)")
        }
    }

    @Test func aThousandIdleConnectionsAndManyActiveOnesDoNotStarveANewClient() async throws {
        try await withServer { server, _ in
            // Given 1,000 connections, each answered once and then left idle (kept alive)
            let idle = try (0..<1000).map { _ in try RawConnection.open(server.baseURL) }
            defer { for connection in idle { connection.close() } }
            for connection in idle { connection.send("GET /v2/list?limit=1 HTTP/1.1\r\nHost: a\r\n\r\n") }
            var answered = 0
            for connection in idle where Self.text(await connection.readResponse()).hasPrefix("HTTP/1.1 200") { answered += 1 }
            #expect(answered == 1000)

            // and 256 connections making requests all the while
            var configuration = HTTPClient.Configuration()
            configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 256
            try await withHTTPClient(configuration) { http in
                let active = TestClient(http: http, baseURL: server.baseURL)
                let load = Task {
                    try await withThrowingTaskGroup(of: Int.self) { group in
                        for index in 0..<256 {
                            group.addTask {
                                var ok = 0
                                for round in 0..<4 where try await active.get("/id/\((index + round) % 40)/64/48").status == 200 { ok += 1 }
                                return ok
                            }
                        }
                        return try await group.reduce(0, +)
                    }
                }

                // When a new client connects meanwhile, Then it is answered
                let fresh = try RawConnection.open(server.baseURL)
                defer { fresh.close() }
                fresh.send("GET /id/3/info HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(Self.text(await fresh.readResponse()).hasPrefix("HTTP/1.1 200"))

                // And every active request was answered too
                #expect(try await load.value == 1024)
            }
        }
    }
}
