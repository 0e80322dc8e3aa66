import AsyncHTTPClient
import Foundation
import Testing
import TestSupport
@testable import PicsumServer
@testable import PicsumServerTests

/// Issue 40 §2: several instances over the same photos answer alike — bytes, ETag and
/// Last-Modified (the photo file's time, not the process's start) — so any of them can answer
/// a conditional request, behind a load balancer or a cache. Over real loopback sockets.
@Suite("Live server: several instances agree", .tags(.realTime), .timeLimit(.minutes(2)))
struct ServerInstancesTests {
    /// 2024-01-02 03:04:05 GMT, the photos' file time in these tests.
    static let fileTime = Date(timeIntervalSince1970: 1_704_164_645)
    static let fileTimeText = "Tue, 02 Jan 2024 03:04:05 GMT"

    /// A library of three photos whose files were last modified at ``fileTime``.
    static func library() throws -> URL {
        let directory = try Fixtures.temporaryLibrary(copying: ["brick.jpg", "camera.jpg", "cell.jpg"])
        for name in ["brick.jpg", "camera.jpg", "cell.jpg"] {
            try FileManager.default.setAttributes(
                [.modificationDate: fileTime], ofItemAtPath: directory.appendingPathComponent(name).path)
        }
        return directory
    }

    @Test func twoInstancesAgreeOnBytesETagAndLastModifiedAndEitherAnswers304() async throws {
        let photos = try Self.library()
        defer { try? FileManager.default.removeItem(at: photos) }
        try await withServer({ $0.photosDirectory = photos; $0.count = 50 }) { first, client in
            try await withServer({ $0.photosDirectory = photos; $0.count = 50 }) { second, _ in
                // Given the same rendition from two instances
                let path = "/id/7/300/200"
                let fromFirst = try await client.get(path)
                let fromSecond = try await TestClient(http: client.http, baseURL: second.baseURL).get(path)

                // Then bytes, ETag and Last-Modified agree, and the date is the file's
                #expect(fromFirst.status == 200 && fromSecond.status == 200)
                #expect(fromFirst.body == fromSecond.body)
                #expect(fromFirst.header("ETag") == fromSecond.header("ETag"))
                #expect(fromFirst.header("Last-Modified") == Self.fileTimeText)
                #expect(fromSecond.header("Last-Modified") == Self.fileTimeText)

                // And a conditional request with the first's validators gets 304 from the second
                let byDate = try await TestClient(http: client.http, baseURL: second.baseURL)
                    .get(path, headers: [("If-Modified-Since", try #require(fromFirst.header("Last-Modified")))])
                #expect(byDate.status == 304)
                let byTag = try await TestClient(http: client.http, baseURL: second.baseURL)
                    .get(path, headers: [("If-None-Match", try #require(fromFirst.header("ETag")))])
                #expect(byTag.status == 304)
                _ = first
            }
        }
    }

    @Test func nginxInFrontOfTwoInstancesCachesAndRevalidatesAlike() async throws {
        let nginx = try #require(ExternalTool.find("nginx"), "nginx not found: run scripts/ensure-deps.sh test")
        let photos = try Self.library()
        defer { try? FileManager.default.removeItem(at: photos) }
        try await withServer({ $0.photosDirectory = photos; $0.count = 50 }) { first, client in
            // Given two instances started a second apart (a scenario, not a wait for anything)
            try await Task.sleep(for: .seconds(1))
            try await withServer({ $0.photosDirectory = photos; $0.count = 50 }) { second, _ in
                // and nginx in front of them: round-robin, proxy_cache on
                let started = try await NginxFront.start(nginx, upstreams: [first.baseURL, second.baseURL])
                let front = try #require(started, "nginx did not start")
                defer { front.stop() }
                let viaNginx = TestClient(http: client.http, baseURL: front.baseURL)

                // When the list (never cached) is asked twice, Then each instance answers once
                let lists = [try await viaNginx.get("/v2/list?limit=2"), try await viaNginx.get("/v2/list?limit=2")]
                #expect(lists.map(\.status) == [200, 200], "\(front.errorLog)")
                #expect(Set(lists.compactMap { $0.header("X-Upstream") }).count == 2, "\(lists.map { $0.header("X-Upstream") })")

                // When an image is asked twice through nginx
                let path = "/id/7/300/200"
                let miss = try await viaNginx.get(path)
                let hit = try await viaNginx.get(path)

                // Then the first is a MISS, the second a HIT with the same bytes and validators,
                // which both instances also give directly
                #expect(miss.header("X-Cache-Status") == "MISS")
                #expect(hit.header("X-Cache-Status") == "HIT")
                #expect(hit.body == miss.body && !hit.body.isEmpty)
                for direct in [try await client.get(path), try await TestClient(http: client.http, baseURL: second.baseURL).get(path)] {
                    #expect(direct.body == hit.body)
                    #expect(direct.header("ETag") == hit.header("ETag"))
                    #expect(direct.header("Last-Modified") == hit.header("Last-Modified"))
                }
                #expect(hit.header("Last-Modified") == Self.fileTimeText)

                // And a conditional request gets 304, through nginx and from either instance
                let etag = try #require(hit.header("ETag"))
                for base in [front.baseURL, first.baseURL, second.baseURL] {
                    let instance = TestClient(http: client.http, baseURL: base)
                    #expect(try await instance.get(path, headers: [("If-None-Match", etag)]).status == 304, "\(base)")
                    #expect(
                        try await instance.get(path, headers: [("If-Modified-Since", Self.fileTimeText)]).status == 304, "\(base)")
                }
            }
        }
    }
}
