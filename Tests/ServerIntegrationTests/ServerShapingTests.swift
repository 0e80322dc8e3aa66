import AsyncHTTPClient
import Foundation
import Testing
import TestSupport
@testable import PicsumServer
@testable import PicsumServerTests

@Suite("Live server: network shaping", .tags(.realTime), .timeLimit(.minutes(2)))
struct ServerShapingTests {
    @Test func failureRateOneFailsEveryImageButNotTheList() async throws {
        try await withServer({ $0.shaping = NetworkShaping(failureRate: 1, seed: 3) }) { _, client in
            for id in 0..<5 {
                let result = try await client.get("/id/\(id)/40/40")
                #expect(result.status == 503)
            }
            let list = try await client.get("/v2/list?limit=2")
            #expect(list.status == 200)
        }
    }

    @Test func theSameSeedGivesTheSameFatesAndRetriesCanSucceed() async throws {
        // Given a sequence of requests, each path asked three times, against servers with rate 0.5
        let paths = (0..<12).flatMap { id in Array(repeating: "/id/\(id)/30/30", count: 3) }
        func statuses(seed: UInt64) async throws -> [Int] {
            try await withServer({ $0.shaping = NetworkShaping(failureRate: 0.5, seed: seed) }) { _, client in
                var statuses: [Int] = []
                for path in paths { statuses.append(try await client.get(path).status) }
                return statuses
            }
        }
        // When run twice with one seed and once with another
        let first = try await statuses(seed: 7)
        let second = try await statuses(seed: 7)
        let other = try await statuses(seed: 8)

        // Then one seed repeats exactly, another differs, and both outcomes occur.
        #expect(first == second)
        #expect(first != other)
        #expect(first.contains(200) && first.contains(503))
        // A path whose first try failed succeeds on some retry.
        let retried = stride(from: 0, to: paths.count, by: 3).contains { i in
            first[i] == 503 && (first[i + 1] == 200 || first[i + 2] == 200)
        }
        #expect(retried)
    }

    @Test func truncationClosesTheConnectionMidBody() async throws {
        try await withServer({ $0.shaping = NetworkShaping(truncateRate: 1, seed: 1) }) { server, client in
            let log = server.requests
            // When an image is fetched / Then the client sees an incomplete body (an error), and the log says truncated.
            await #expect(throws: (any Error).self) { try await client.get("/id/2/200/200") }
            let entry = try #require(await log.first { $0.target == "/id/2/200/200" })
            #expect(entry.outcome == .truncated)
            let expected = try #require(entry.expectedBytes)
            #expect(entry.bytesSent < expected)
            #expect(entry.status == 200)
        }
    }

    @Test func stallSendsTheHeadThenNothingUntilTheClientLeaves() async throws {
        try await withServer({ $0.shaping = NetworkShaping(stallRate: 1, seed: 1) }) { server, _ in
            let log = server.requests
            // Given a stalled image response whose head has arrived
            try await withHTTPClient { http in
                let client = TestClient(http: http, baseURL: server.baseURL)
                let response = try await client.head(of: "/id/3/100/100", timeout: .seconds(60))
                #expect(response.status.code == 200)
                #expect(response.headers.first(name: "Content-Length").flatMap(Int.init).map { $0 > 0 } == true)
                // When the client goes away (shutting the client down closes its connection)
            }
            // Then the server logs a stall that sent no body byte and that the client left.
            let entry = try #require(await log.first { $0.target == "/id/3/100/100" })
            #expect(entry.outcome == .clientWentAway)
            #expect(entry.bytesSent == 0)
            #expect(entry.shaping == "stall")
        }
    }

    @Test func stopCutsAStalledResponse() async throws {
        // Given a stalled response in flight
        var configuration = PicsumServer.Configuration(photosDirectory: Fixtures.assets, logger: Fixtures.quietLogger)
        configuration.shaping.stallRate = 1
        let server = try await PicsumServer.start(configuration)
        let log = server.requests
        try await withHTTPClient { http in
            let client = TestClient(http: http, baseURL: server.baseURL)
            let response = try await client.head(of: "/id/1/50/50", timeout: .seconds(30))
            #expect(response.status.code == 200)

            // When the server stops / Then stop returns, the client's body fails, the log says so and ends.
            await server.stop()
            await #expect(throws: (any Error).self) { _ = try await response.body.collect(upTo: 1 << 20) }
        }
        await server.stop()
        var entries: [RequestLogEntry] = []
        for await entry in log { entries.append(entry) }
        #expect(entries.map(\.outcome) == [.serverStopped])
    }

    @Test func latencyDelaysTheResponse() async throws {
        try await withServer({ $0.shaping = NetworkShaping(latency: .milliseconds(150)) }) { server, client in
            let log = server.requests
            #expect(try await client.get("/id/1/20/20").status == 200)
            let entry = try #require(await log.first { _ in true })
            // A lower bound only: the sleep guarantees it, whatever the machine's speed.
            #expect(entry.duration >= .milliseconds(150))
        }
    }

    @Test func knobsChangeLiveThroughTheAPIAndTheControlEndpoint() async throws {
        try await withServer({ $0.control = ControlAccess(token: ControlEndpointTests.token) }) { server, client in
            let auth = ControlEndpointTests.headers
            #expect(try await client.get("/id/5/20/20").status == 200)

            // When the Swift API turns failures on / Then the next request fails.
            server.shaping.settings.failureRate = 1
            #expect(try await client.get("/id/5/20/20").status == 503)

            // When the control endpoint turns them off and sets a latency / Then it answers the new knobs.
            let put = try await client.request(
                "/control/shaping", method: .PUT, headers: auth, body: #"{"failure_rate": 0, "latency_ms": 5, "bandwidth": 100000}"#)
            #expect(put.status == 200)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(put.body)) as? [String: Any])
            #expect(json["failure_rate"] as? Double == 0)
            #expect(json["latency_ms"] as? Int == 5)
            #expect(server.shaping.settings.bandwidth == 100_000)
            #expect(try await client.get("/id/5/20/20").status == 200)

            // An out-of-range value is refused, changing nothing.
            let bad = try await client.request("/control/shaping", method: .PUT, headers: auth, body: #"{"failure_rate": 2}"#)
            #expect(bad.status == 400)
            #expect(String(decoding: bad.body, as: UTF8.self).contains("failure rate"))
            #expect(try await client.request("/control/shaping", method: .PUT, headers: auth, body: "nonsense").status == 400)
            let get = try await client.get("/control/shaping", headers: auth)
            let current = try #require(try JSONSerialization.jsonObject(with: Data(get.body)) as? [String: Any])
            #expect(current["failure_rate"] as? Double == 0)
            #expect(current["latency_ms"] as? Int == 5)
            #expect(current["bandwidth"] as? Int == 100_000)
        }
    }

    @Test func aClientThatLeavesMidBodyIsLoggedAndTheServerKeepsServing() async throws {
        // Given a bandwidth so low the body takes seconds
        try await withServer({ $0.shaping = NetworkShaping(bandwidth: 4000) }) { server, client in
            let log = server.requests
            let path = "/id/6/300/300"
            let (firstChunk, gotFirstChunk) = AsyncStream.makeStream(of: Void.self)
            // When the client reads one chunk and then cancels
            let download = Task {
                let response = try await client.head(of: path, timeout: .seconds(60))
                for try await _ in response.body {
                    gotFirstChunk.yield()
                    try await Task.sleep(for: .seconds(60))  // cancelled below, never elapses
                }
            }
            for await _ in firstChunk { break }
            download.cancel()
            _ = await download.result

            // Then the server logs that the client went away before the body was complete
            let entry = try #require(await log.first { $0.target == path })
            #expect(entry.clientWentAway)
            #expect(entry.bytesSent > 0)
            #expect(entry.bytesSent < entry.expectedBytes ?? 0)
            #expect(entry.description.contains("client went away"))

            // And it serves the next request in full.
            server.shaping.settings.bandwidth = nil
            let next = try await client.get(path)
            #expect(next.status == 200)
            #expect(next.header("Content-Length") == String(next.body.count))
        }
    }
}
