import FeedSources
import Foundation
import ImageLoading
import Testing
import Vocabulary

@Suite struct PicsumFeedTests {
    let base = URL(string: "http://feed.test:8080")!

    func listURL(_ page: Int, limit: Int = 3) -> String { "http://feed.test:8080/v2/list?page=\(page)&limit=\(limit)" }

    @Test func pagesUntilAnEmptyPage() async throws {
        // Given a server with two full pages, then nothing
        let loader = FakeListLoader([listURL(1): .page(ids: 0..<3), listURL(2): .page(ids: 3..<6)])
        let feed = PicsumFeed(baseURL: base, dataLoader: loader, pageSize: 3)
        // When the feed is paged three times
        let first = try await feed.loadNextPage()
        let second = try await feed.loadNextPage()
        #expect(await feed.hasMore)
        let third = try await feed.loadNextPage()
        // Then the photos arrive in order, and the empty page ends the feed
        #expect(first.map(\.id) == ["0", "1", "2"])
        #expect(second.map(\.id) == ["3", "4", "5"])
        #expect(second.first?.author == "Author 3")
        #expect(second.first?.size == PixelSize(width: 403, height: 300))
        #expect(third.isEmpty)
        #expect(await feed.hasMore == false)
        #expect(try await feed.loadNextPage().isEmpty)
        #expect(loader.requestedURLs.map(\.absoluteString) == [listURL(1), listURL(2), listURL(3)])
        #expect(await feed.summary == "feed.test:8080")
        #expect(await feed.totalCount == nil)
    }

    @Test func aShortPageEndsTheFeed() async throws {
        // Given a first page shorter than the page size
        let loader = FakeListLoader([listURL(1): .page(ids: 0..<2)])
        let feed = PicsumFeed(baseURL: base, dataLoader: loader, pageSize: 3)
        // When it is loaded
        let first = try await feed.loadNextPage()
        // Then the feed knows it has ended without asking again
        #expect(first.count == 2)
        #expect(await feed.hasMore == false)
        #expect(loader.requestedURLs.count == 1)
    }

    @Test(arguments: [
        ("<html>oops</html>", "not JSON"),
        (#"{"id": 1}"#, "expected a JSON array"),
        (#""just a string""#, "expected a JSON array"),
        (#"[{"author": "no id"}, 3, null, [1]]"#, "usable id"),
    ])
    func garbageIsAMalformedListError(body: String, reason: String) async throws {
        // Given a server that answers the list with garbage
        let loader = FakeListLoader([listURL(1): .json(body)])
        let feed = PicsumFeed(baseURL: base, dataLoader: loader, pageSize: 3)
        // When the first page is loaded
        let error = await #expect(throws: FeedError.self) { try await feed.loadNextPage() }
        // Then the error says what is wrong, and the same page is tried again next time
        #expect(error?.kind == .malformedList)
        #expect(error?.description.contains(reason) == true)
        #expect(await feed.hasMore)
        _ = try? await feed.loadNextPage()
        #expect(loader.requestedURLs.map(\.absoluteString) == [listURL(1), listURL(1)])
    }

    @Test func wrongTypesAndHostileTextAreKeptSafely() async throws {
        // Given entries with numeric ids, wrong-typed sizes, missing authors and control characters
        let body = #"""
            [{"id": 7, "author": "\u001b[2J\u001b]0;owned\u0007Eve", "width": "wide", "height": 10},
             {"id": "8", "width": 99999999, "height": -1},
             {"id": "", "author": "skipped: empty id"},
             {"id": "../9?x", "author": true, "width": 640, "height": 480}]
            """#
        let loader = FakeListLoader([listURL(1): .json(body)])
        let feed = PicsumFeed(baseURL: base, dataLoader: loader, pageSize: 3)
        // When the page is decoded
        let photos = try await feed.loadNextPage()
        // Then usable entries are kept, text untouched, unknown sizes nil
        #expect(photos.map(\.id) == ["7", "8", "../9?x"])
        #expect(photos[0].author == "\u{1B}[2J\u{1B}]0;owned\u{07}Eve")
        #expect(photos[0].size == nil)
        #expect(photos[1].size == nil)
        #expect(photos[1].author == "unknown")
        #expect(photos[2].size == PixelSize(width: 640, height: 480))
        // And a hostile id stays one escaped path segment of the thumbnail URL
        let location = photos[2].location(for: PixelSize(width: 64, height: 32))
        #expect(location.url?.absoluteString == "http://feed.test:8080/id/..%2F9%3Fx/64/32")
        #expect(location.isResizedBySource)
    }

    @Test func dotSegmentIdsAreEscapedSoTheyStayAnId() {
        // Given photos whose ids are the dot-segments "." and "..", and one that only starts with dots
        let photos = [".", "..", "..."].map {
            FeedPhoto(id: $0, author: "x", size: nil, origin: .picsum(base: base, cacheNamespace: nil))
        }
        // When their thumbnail URLs are made
        let urls = photos.map { $0.location(for: PixelSize(width: 400, height: 300)).url?.absoluteString }
        // Then the dot-segments are percent-encoded (a client would remove "/id/.." and ask for /400/300)
        #expect(urls == [
            "http://feed.test:8080/id/%2E/400/300", "http://feed.test:8080/id/%2E%2E/400/300",
            "http://feed.test:8080/id/.../400/300",
        ])
    }

    @Test func httpErrorsAndOversizedListsAreClearErrors() async throws {
        // Given a list answering 503, one larger than the byte limit, and a healthy one
        let failing = FakeListLoader([listURL(1): .init(status: 503, body: [])])
        let healthy = FakeListLoader([listURL(1): .page(ids: 0..<3)], fallback: .json("[]"))
        let hugeBody = FakeListLoader([listURL(1, limit: 3): .init(body: Array(repeating: 0x20, count: 5000))])
        // When their first pages are loaded
        let status = await #expect(throws: FeedError.self) {
            try await PicsumFeed(baseURL: base, dataLoader: failing, pageSize: 3).loadNextPage()
        }
        let tooLarge = await #expect(throws: FeedError.self) {
            try await PicsumFeed(baseURL: base, dataLoader: hugeBody, pageSize: 3, byteLimit: 1024).loadNextPage()
        }
        // Then each names its cause
        #expect(status?.kind == .httpStatus)
        #expect(status?.statusCode == 503)
        #expect(tooLarge?.kind == .tooLarge)
        #expect(try await PicsumFeed(baseURL: base, dataLoader: healthy, pageSize: 3).loadNextPage().count == 3)
    }

    @Test func concurrentCallsNeverFetchAPageTwice() async throws {
        // Given a feed with three pages
        let loader = FakeListLoader([
            listURL(1): .page(ids: 0..<3), listURL(2): .page(ids: 3..<6), listURL(3): .page(ids: 6..<9),
        ])
        let feed = PicsumFeed(baseURL: base, dataLoader: loader, pageSize: 3)
        // When three callers ask at once
        async let a = feed.loadNextPage()
        async let b = feed.loadNextPage()
        async let c = feed.loadNextPage()
        let all = try await [a, b, c].flatMap { $0 }
        // Then every photo arrives once and every page was fetched once
        #expect(Set(all.map(\.id)) == Set((0..<9).map(String.init)))
        #expect(all.count == 9)
        #expect(Set(loader.requestedURLs).count == loader.requestedURLs.count)
    }

    @Test func embeddedFeedUsesStableCacheKeysAndAServerSideResize() async throws {
        // Given the embedded feed on an ephemeral port
        let url = URL(string: "http://127.0.0.1:41893/")!
        let loader = FakeListLoader([
            "http://127.0.0.1:41893/v2/list?page=1&limit=30": .page(ids: 12..<13)
        ])
        let feed = PicsumFeed.embedded(baseURL: url, photoSet: "0123456789abcdef", dataLoader: loader)
        // When a photo's thumbnail request is built
        let photo = try #require(try await feed.loadNextPage().first)
        let request = photo.imageRequest(for: PixelSize(width: 64, height: 48), priority: .high)
        // Then the server resizes by path and the cache key does not mention the port
        #expect(await feed.summary == "embedded · 127.0.0.1:41893")
        #expect(request.url?.absoluteString == "http://127.0.0.1:41893/id/12/64/48")
        #expect(request.imageID == "photofeed-embedded:0123456789abcdef:/id/12/64/48")
        #expect(request.processors.isEmpty)
        #expect(request.priority == .high)
    }
}

@Suite("Picsum list: the photo's page")
struct PicsumPageURLTests {
    @Test func anHTTPPageIsKeptAndAnythingElseIsNone() async throws {
        let body = #"[{"id":"1","author":"A","width":10,"height":10,"url":"https://unsplash.com/photos/abc"},"#
            + #"{"id":"2","author":"B","width":10,"height":10,"url":"javascript:alert(1)"},"#
            + #"{"id":"3","author":"C","width":10,"height":10,"url":42}]"#
        let loader = FakeListLoader(["http://feed.test:8080/v2/list?page=1&limit=3": .json(body)])
        let feed = PicsumFeed(baseURL: URL(string: "http://feed.test:8080")!, dataLoader: loader, pageSize: 3)
        let photos = try await feed.loadNextPage()
        #expect(photos.map { $0.page?.absoluteString } == ["https://unsplash.com/photos/abc", nil, nil])
    }
}
