import Testing
import TestSupport
@testable import PicsumServer

@Suite("Live server: ranges, validators, HEAD, render cache", .tags(.realTime), .timeLimit(.minutes(1)))
struct ServerHTTPSemanticsTests {
    /// An id drawn from a colour photograph (so `?grayscale` is another representation).
    let path = "/id/0/160/120"

    @Test func rangesAnswer206WithExactlyThoseBytes() async throws {
        try await withServer { _, client in
            // Given the full representation
            let full = try await client.get(path)
            let length = full.body.count
            #expect(full.header("Accept-Ranges") == "bytes")

            // When three range forms are asked / Then 206 with exactly those bytes and Content-Range.
            let head = try await client.get(path, headers: [("Range", "bytes=0-99")])
            #expect(head.status == 206)
            #expect(head.body == Array(full.body[0...99]))
            #expect(head.header("Content-Range") == "bytes 0-99/\(length)")

            let tail = try await client.get(path, headers: [("Range", "bytes=-10")])
            #expect(tail.status == 206)
            #expect(tail.body == Array(full.body[(length - 10)...]))

            let rest = try await client.get(path, headers: [("Range", "bytes=100-")])
            #expect(rest.body == Array(full.body[100...]))
            #expect(rest.header("Content-Length") == String(length - 100))

            // Multi-range is answered with the full body.
            let multi = try await client.get(path, headers: [("Range", "bytes=0-1,5-6")])
            #expect(multi.status == 200 && multi.body == full.body)
        }
    }

    @Test func unsatisfiableRangeIs416() async throws {
        try await withServer { _, client in
            let length = try await client.get(path).body.count
            let result = try await client.get(path, headers: [("Range", "bytes=\(length)-")])
            #expect(result.status == 416)
            #expect(result.header("Content-Range") == "bytes */\(length)")
        }
    }

    @Test func etagAndIfNoneMatchGive304() async throws {
        try await withServer { _, client in
            let full = try await client.get(path)
            let etag = try #require(full.header("ETag"))
            #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
            #expect(full.header("Last-Modified")?.hasSuffix("GMT") == true)
            #expect(full.header("Cache-Control")?.contains("max-age") == true)

            let notModified = try await client.get(path, headers: [("If-None-Match", etag)])
            #expect(notModified.status == 304)
            #expect(notModified.body.isEmpty)
            #expect(notModified.header("ETag") == etag)

            let changed = try await client.get(path, headers: [("If-None-Match", "\"something-else\"")])
            #expect(changed.status == 200 && changed.body == full.body)
            // Another representation has another strong tag.
            #expect(try await client.get(path + "?grayscale").header("ETag") != etag)
        }
    }

    @Test func ifModifiedSinceGives304WithNoBody() async throws {
        try await withServer { server, client in
            // Given the image's Last-Modified
            let log = server.requests
            let full = try await client.get(path)
            let lastModified = try #require(full.header("Last-Modified"))
            _ = await log.first(matching: { $0.target == path })
            // When asked if modified since then / Then 304, and the server wrote no body
            let notModified = try await client.get(path, headers: [("If-Modified-Since", lastModified)])
            #expect(notModified.status == 304 && notModified.body.isEmpty)
            #expect(notModified.header("ETag") == full.header("ETag"))
            let entry = try #require(await log.first(matching: { $0.target == path }))
            #expect(entry.status == 304 && entry.bytesSent == 0)
            // When asked about an older copy / Then the whole image
            let old = try await client.get(path, headers: [("If-Modified-Since", "Mon, 01 Jan 2001 00:00:00 GMT")])
            #expect(old.status == 200 && old.body == full.body)
            // When If-None-Match does not match / Then it decides: 200, whatever the date says
            let both = try await client.get(path, headers: [("If-None-Match", "\"other\""), ("If-Modified-Since", lastModified)])
            #expect(both.status == 200)
        }
    }

    @Test func idImagesAreImmutableAndTheMaxAgeIsConfigurable() async throws {
        try await withServer { _, client in
            // Given the defaults / Then /id/ images are immutable for a day; seeded ones only last a day
            let byID = try await client.get(path)
            let bySeed = try await client.get("/seed/abc/40/30")
            #expect(byID.header("Cache-Control") == "public, max-age=86400, immutable")
            #expect(bySeed.header("Cache-Control") == "public, max-age=86400")
        }
        try await withServer({ $0.cacheMaxAge = 0 }) { _, client in
            // Given max-age 0 / Then nothing is immutable, and a 304 says the same
            let full = try await client.get(path)
            #expect(full.header("Cache-Control") == "public, max-age=0")
            let etag = try #require(full.header("ETag"))
            let notModified = try await client.get(path, headers: [("If-None-Match", etag)])
            #expect(notModified.status == 304 && notModified.header("Cache-Control") == "public, max-age=0")
        }
        try await withServer({ $0.cacheNoStore = true }) { _, client in
            let full = try await client.get(path)
            #expect(full.header("Cache-Control") == "no-store")
            #expect(full.header("ETag") != nil)
        }
    }

    @Test func ifRangeResumesOnlyTheSameRepresentation() async throws {
        try await withServer { _, client in
            let full = try await client.get(path)
            let etag = try #require(full.header("ETag"))
            let lastModified = try #require(full.header("Last-Modified"))

            // Given a matching validator / Then the range is honoured.
            let byTag = try await client.get(path, headers: [("Range", "bytes=50-"), ("If-Range", etag)])
            #expect(byTag.status == 206 && byTag.body == Array(full.body[50...]))
            let byDate = try await client.get(path, headers: [("Range", "bytes=50-"), ("If-Range", lastModified)])
            #expect(byDate.status == 206)

            // Given a stale validator / Then the whole new representation comes with 200.
            let stale = try await client.get(path, headers: [("Range", "bytes=50-"), ("If-Range", "\"stale\"")])
            #expect(stale.status == 200 && stale.body == full.body)
            let oldDate = try await client.get(
                path, headers: [("Range", "bytes=50-"), ("If-Range", "Mon, 01 Jan 2001 00:00:00 GMT")])
            #expect(oldDate.status == 200)
        }
    }

    @Test func headHasTheHeadersAndNoBody() async throws {
        try await withServer { _, client in
            let full = try await client.get(path)
            let head = try await client.request(path, method: .HEAD)
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == String(full.body.count))
            #expect(head.header("ETag") == full.header("ETag"))
        }
    }

    @Test func aSecondRequestCostsNoEncodeAndConcurrentOnesShareOne() async throws {
        try await withServer { server, client in
            // Given one representation fetched once
            let first = try await client.get("/id/20/90/90")
            let before = await server.renderStatistics
            // When it is fetched again / Then nothing is encoded, the cache answers.
            let second = try await client.get("/id/20/90/90")
            let after = await server.renderStatistics
            #expect(second.body == first.body)
            #expect(after.encodes == before.encodes)
            #expect(after.cacheHits == before.cacheHits + 1)

            // When eight clients ask at once for a new one / Then it is encoded once.
            let bodies = try await withThrowingTaskGroup(of: [UInt8].self) { group in
                for _ in 0..<8 { group.addTask { try await client.get("/id/21/90/90").body } }
                return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
            }
            #expect(Set(bodies).count == 1)
            #expect(await server.renderStatistics.encodes == after.encodes + 1)
        }
    }
}
