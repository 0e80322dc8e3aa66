import Foundation
import Testing
import TestSupport
@testable import PicsumServer

@Suite("Live server: /v2/list and /id/N/info", .tags(.realTime), .timeLimit(.minutes(1)))
struct ServerListTests {
    private func decodeList(_ bytes: [UInt8]) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
    }

    @Test func pagesFollowEachOtherWithPicsumSchema() async throws {
        try await withServer { server, client in
            // Given a feed of 1000 ids / When the first two pages of 5 are fetched
            let first = try await client.get("/v2/list?page=1&limit=5")
            let second = try await client.get("/v2/list?page=2&limit=5")

            // Then each holds 5 entries with picsum's keys, ids as strings, and the pages continue.
            #expect(first.status == 200)
            #expect(first.header("Content-Type")?.hasPrefix("application/json") == true)
            let page1 = try decodeList(first.body)
            let page2 = try decodeList(second.body)
            #expect(page1.compactMap { $0["id"] as? String } == ["0", "1", "2", "3", "4"])
            #expect(page2.compactMap { $0["id"] as? String } == ["5", "6", "7", "8", "9"])
            for entry in page1 {
                #expect(Set(entry.keys) == ["id", "author", "width", "height", "url", "download_url"])
                let width = try #require(entry["width"] as? Int)
                let height = try #require(entry["height"] as? Int)
                #expect(width > 0 && height > 0)
                #expect((entry["download_url"] as? String) == "\(server.baseURL.absoluteString)/id/\(entry["id"]!)/\(width)/\(height)")
                #expect((entry["author"] as? String)?.isEmpty == false)
            }
            // A Link header points on like picsum's.
            #expect(first.header("Link")?.contains("page=2&limit=5>; rel=\"next\"") == true)
            #expect(second.header("Link")?.contains("page=1&limit=5>; rel=\"prev\"") == true)
        }
    }

    @Test func limitDefaultsToThirtyCapsAtHundredAndEndsEmpty() async throws {
        try await withServer({ $0.count = 250 }) { _, client in
            #expect(try decodeList(try await client.get("/v2/list").body).count == 30)
            #expect(try decodeList(try await client.get("/v2/list?limit=1000").body).count == 100)
            let last = try await client.get("/v2/list?page=3&limit=100")
            #expect(try decodeList(last.body).count == 50)
            #expect(last.header("Link")?.contains("rel=\"next\"") == false)
            #expect(try decodeList(try await client.get("/v2/list?page=4&limit=100").body).isEmpty)
            #expect(try await client.get("/v2/list?page=abc").status == 400)
        }
    }

    @Test func infoMatchesTheListAndNamesAreNotAllASCII() async throws {
        try await withServer { _, client in
            let list = try decodeList(try await client.get("/v2/list?limit=100").body)
            let info = try #require(try JSONSerialization.jsonObject(with: Data(try await client.get("/id/7/info").body)) as? [String: Any])
            #expect(info["width"] as? Int == list[7]["width"] as? Int)
            #expect(info["author"] as? String == list[7]["author"] as? String)
            let authors = list.compactMap { $0["author"] as? String }
            #expect(authors.contains { $0.unicodeScalars.contains { !$0.isASCII } })
            #expect(try await client.get("/id/1000/info").status == 404)
        }
    }

    @Test func seedInfoIsTheInfoOfTheIdTheSeedMapsTo() async throws {
        try await withServer { server, client in
            // Given a seed and the photo its image route serves
            let image = try await client.get("/seed/picsum/60/40")
            let id = try #require(image.header("Picsum-ID"))
            #expect(id == String(server.feed.id(forSeed: "picsum")))

            // When its info is asked for
            let seedInfo = try await client.get("/seed/picsum/info")

            // Then it is that id's info, byte for byte (as picsum.photos serves it)
            #expect(seedInfo.status == 200)
            #expect(seedInfo.header("Content-Type") == "application/json; charset=utf-8")
            #expect(seedInfo.body == (try await client.get("/id/\(id)/info")).body)
        }
    }
}
