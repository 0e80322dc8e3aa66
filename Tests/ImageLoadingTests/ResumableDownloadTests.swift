@testable import ImageLoading
import Testing

@Suite struct ResumableDownloadTests {
    private func head(_ status: Int, _ headers: [String: String]) -> DataResponseHead {
        DataResponseHead(statusCode: status, headers: headers)
    }

    @Test func withoutPartialBytesTheRequestIsAPlainGet() {
        let machine = ResumableDownload(partial: nil)
        #expect(machine.requestHeaders.isEmpty)
    }

    @Test func partialBytesSendRangeAndIfRange() throws {
        // Given 100 bytes kept with a strong ETag
        let kept = try #require(
            ResumableData(bytes: Array(repeating: 1, count: 100), head: head(200, ["ETag": "\"v1\"", "Content-Length": "300"])))
        let machine = ResumableDownload(partial: kept)
        // Then the request asks for the rest, conditional on the ETag
        #expect(machine.requestHeaders.map(\.name) == ["Range", "If-Range"])
        #expect(machine.requestHeaders.map(\.value) == ["bytes=100-", "\"v1\""])
    }

    @Test func strongETagIsPreferredWeakETagFallsBackToLastModified() {
        let date = "Wed, 21 Oct 2026 07:28:00 GMT"
        #expect(ResumableData.validator(of: head(200, ["ETag": "\"x\"", "Last-Modified": date])) == "\"x\"")
        #expect(ResumableData.validator(of: head(200, ["ETag": "W/\"x\"", "Last-Modified": date])) == date)
        #expect(ResumableData.validator(of: head(200, ["ETag": "W/\"x\""])) == nil)
    }

    @Test func partialWithoutValidatorIsNotKept() {
        #expect(ResumableData(bytes: [1, 2, 3], head: head(200, ["Content-Length": "10"])) == nil)
        #expect(ResumableDownload.keep([1, 2, 3], head: head(200, ["Content-Length": "10"]), status: 200) == nil)
    }

    @Test func completeOrEmptyBodiesAreNotKept() {
        let headers = ["ETag": "\"e\"", "Content-Length": "3"]
        #expect(ResumableData(bytes: [1, 2, 3], head: head(200, headers)) == nil)
        #expect(ResumableData(bytes: [], head: head(200, headers)) == nil)
    }

    @Test func matching206Appends() throws {
        // Given 4 kept bytes
        let kept = try #require(ResumableData(bytes: [1, 2, 3, 4], head: head(200, ["ETag": "\"e\"", "Content-Length": "10"])))
        var machine = ResumableDownload(partial: kept)
        // When the server answers 206 from byte 4
        let action = machine.receive(head(206, ["Content-Range": "bytes 4-9/10"]))
        // Then the body is appended to the kept bytes
        #expect(action == .append(to: [1, 2, 3, 4]))
    }

    @Test func a200DiscardsThePartialAndStartsOver() throws {
        let kept = try #require(ResumableData(bytes: [1, 2, 3, 4], head: head(200, ["ETag": "\"e\"", "Content-Length": "10"])))
        var machine = ResumableDownload(partial: kept)
        #expect(machine.receive(head(200, ["Content-Length": "12"])) == .startFresh)
        #expect(machine.partial == nil)
    }

    @Test func a206ForAnotherRangeOr416AsksAgainWithoutRange() throws {
        let kept = try #require(ResumableData(bytes: [1, 2, 3, 4], head: head(200, ["ETag": "\"e\"", "Content-Length": "10"])))
        var mismatched = ResumableDownload(partial: kept)
        #expect(mismatched.receive(head(206, ["Content-Range": "bytes 0-9/10"])) == .retryWithoutRange)
        #expect(mismatched.requestHeaders.isEmpty)
        var unsatisfiable = ResumableDownload(partial: kept)
        #expect(unsatisfiable.receive(head(416, [:])) == .retryWithoutRange)
    }

    @Test func errorStatusKeepsThePartialForLater() throws {
        let kept = try #require(ResumableData(bytes: [1, 2], head: head(200, ["ETag": "\"e\"", "Content-Length": "10"])))
        var machine = ResumableDownload(partial: kept)
        #expect(machine.receive(head(503, [:])) == .failure(status: 503))
        #expect(machine.partial == kept)
    }

    @Test func contentRangeParsing() {
        #expect(ContentRange("bytes 10-19/100") == nil ? false : true)
        #expect(ContentRange("bytes 10-19/100")?.total == 100)
        #expect(ContentRange("bytes 10-19/*")?.total == nil)
        #expect(ContentRange("bytes 10-19/*")?.first == 10)
        #expect(ContentRange("bytes 19-10/100") == nil)
        #expect(ContentRange("items 1-2/3") == nil)
        #expect(ContentRange("bytes x-y/z") == nil)
    }

    @Test func storeIsBoundedByBytesAndCount() throws {
        // Given a store of at most 10 bytes and 2 entries
        let store = ResumableDataStore(byteLimit: 10, countLimit: 2)
        let head = head(200, ["ETag": "\"e\"", "Content-Length": "100"])
        let four = try #require(ResumableData(bytes: Array(repeating: 0, count: 4), head: head))
        // When three entries are stored
        store.store(four, for: "a")
        store.store(four, for: "b")
        store.store(four, for: "c")
        // Then the oldest was dropped
        #expect(store.peek("a") == nil)
        #expect(store.usage.count == 2)
        #expect(store.take("b") == four)
        #expect(store.peek("b") == nil)
    }
}

/// How a download uses a stale disk-cache entry's validators beside kept partial bytes.
@Suite struct RevalidatingDownloadTests {
    private func head(_ status: Int, _ headers: [String: String]) -> DataResponseHead {
        DataResponseHead(statusCode: status, headers: headers)
    }

    private let date = "Wed, 21 Oct 2026 07:28:00 GMT"
    private var stale: CacheFreshness {
        CacheFreshness(head: head(200, ["ETag": "\"v1\"", "Last-Modified": date]), receivedAt: .distantPast)
    }

    @Test func aStaleEntrySendsConditionalHeadersAndA304MeansUseIt() {
        // Given a stale entry with both validators and no partial bytes
        var machine = ResumableDownload(partial: nil, revalidating: stale)
        // Then the request is conditional, with no Range
        #expect(machine.requestHeaders.map(\.name) == ["If-None-Match", "If-Modified-Since"])
        #expect(machine.requestHeaders.map(\.value) == ["\"v1\"", date])
        // When the server answers 304 / Then the entry is used
        #expect(machine.receive(head(304, ["ETag": "\"v1\""])) == .notModified)
    }

    @Test func a200ToARevalidationStartsFreshAndA304NobodyAskedForFails() {
        var revalidating = ResumableDownload(partial: nil, revalidating: stale)
        #expect(revalidating.receive(head(200, ["ETag": "\"v2\""])) == .startFresh)
        // Given no stale entry / When a 304 comes anyway / Then it is an HTTP status, not a hit
        var plain = ResumableDownload(partial: nil)
        #expect(plain.receive(head(304, [:])) == .failure(status: 304))
        // Given an entry without validators / Then nothing conditional is sent
        let bare = CacheFreshness(head: head(200, [:]), receivedAt: .distantPast)
        #expect(ResumableDownload(partial: nil, revalidating: bare).requestHeaders.isEmpty)
    }

    @Test func partialBytesOfTheEntrysOwnRepresentationAreDroppedForARevalidation() throws {
        // Given partial bytes whose validator is the stale entry's ETag (a piece of what it holds whole)
        let kept = try #require(ResumableData(bytes: [1, 2, 3], head: head(200, ["ETag": "\"v1\"", "Content-Length": "10"])))
        let machine = ResumableDownload(partial: kept, revalidating: stale)
        // Then the request is a revalidation, with no Range
        #expect(machine.partial == nil)
        #expect(machine.requestHeaders.map(\.name) == ["If-None-Match", "If-Modified-Since"])
    }

    @Test func partialBytesOfANewerRepresentationResumeWithoutConditionalHeaders() throws {
        // Given partial bytes of another representation (a replacement cut off mid-body)
        let kept = try #require(ResumableData(bytes: [1, 2, 3], head: head(200, ["ETag": "\"v2\"", "Content-Length": "10"])))
        var machine = ResumableDownload(partial: kept, revalidating: stale)
        // Then the resume goes first: Range + If-Range, never mixed with If-None-Match
        #expect(machine.requestHeaders.map(\.name) == ["Range", "If-Range"])
        #expect(machine.requestHeaders.map(\.value) == ["bytes=3-", "\"v2\""])
        // And a 304 (which it did not ask for) is not taken as one
        #expect(machine.receive(head(304, [:])) == .failure(status: 304))
    }
}
