import Testing
@testable import PicsumServer

@Suite("Byte ranges and validators (no socket)")
struct HTTPValidatorTests {
    @Test func rangeForms() {
        // Given a 1000-byte representation / When each Range form is read / Then the bytes selected follow RFC 9110.
        #expect(ByteRangeSelection("bytes=0-99", length: 1000) == .partial(0...99))
        #expect(ByteRangeSelection("bytes=900-", length: 1000) == .partial(900...999))
        #expect(ByteRangeSelection("bytes=-10", length: 1000) == .partial(990...999))
        #expect(ByteRangeSelection("bytes=-5000", length: 1000) == .partial(0...999))
        #expect(ByteRangeSelection("bytes=990-5000", length: 1000) == .partial(990...999))
        #expect(ByteRangeSelection(nil, length: 1000) == .full)
    }

    @Test func unsatisfiableAndIgnoredRanges() {
        #expect(ByteRangeSelection("bytes=1000-", length: 1000) == .unsatisfiable)
        #expect(ByteRangeSelection("bytes=5000-6000", length: 1000) == .unsatisfiable)
        #expect(ByteRangeSelection("bytes=-0", length: 1000) == .unsatisfiable)
        // Malformed, other units and multi-range requests get the whole representation.
        #expect(ByteRangeSelection("bytes=5-1", length: 1000) == .full)
        #expect(ByteRangeSelection("items=0-1", length: 1000) == .full)
        #expect(ByteRangeSelection("bytes=0-1,5-6", length: 1000) == .full)
        #expect(ByteRangeSelection("bytes=abc", length: 1000) == .full)
    }

    @Test func ifNoneMatch() {
        let etag = "\"abc\""
        #expect(ConditionalRequest(ifNoneMatch: "\"abc\"").isNotModified(etag: etag))
        #expect(ConditionalRequest(ifNoneMatch: "\"x\", W/\"abc\"").isNotModified(etag: etag))
        #expect(ConditionalRequest(ifNoneMatch: "*").isNotModified(etag: etag))
        #expect(!ConditionalRequest(ifNoneMatch: "\"abd\"").isNotModified(etag: etag))
        #expect(!ConditionalRequest().isNotModified(etag: etag))
    }

    @Test func ifRange() {
        let etag = "\"abc\""
        let date = "Sun, 22 Nov 2026 10:00:00 GMT"
        #expect(ConditionalRequest().allowsRange(etag: etag, lastModified: date))
        #expect(ConditionalRequest(ifRange: etag).allowsRange(etag: etag, lastModified: date))
        #expect(ConditionalRequest(ifRange: date).allowsRange(etag: etag, lastModified: date))
        // A weak tag never matches If-Range; neither does another tag or date.
        #expect(!ConditionalRequest(ifRange: "W/\"abc\"").allowsRange(etag: etag, lastModified: date))
        #expect(!ConditionalRequest(ifRange: "\"old\"").allowsRange(etag: etag, lastModified: date))
        #expect(!ConditionalRequest(ifRange: "Sat, 21 Nov 2026 10:00:00 GMT").allowsRange(etag: etag, lastModified: date))
    }

    @Test func ifModifiedSinceAnswers304UnlessIfNoneMatchIsThere() {
        // Given a representation last modified at `date`
        let etag = "\"abc\""
        let date = "Sat, 21 Nov 2026 10:00:00 GMT"
        // Then a copy from that time or later is current; an older one or a malformed date is not
        #expect(ConditionalRequest(ifModifiedSince: date).isNotModified(etag: etag, lastModified: date))
        #expect(ConditionalRequest(ifModifiedSince: "Sun, 22 Nov 2026 10:00:00 GMT").isNotModified(etag: etag, lastModified: date))
        #expect(!ConditionalRequest(ifModifiedSince: "Fri, 20 Nov 2026 10:00:00 GMT").isNotModified(etag: etag, lastModified: date))
        #expect(!ConditionalRequest(ifModifiedSince: "yesterday").isNotModified(etag: etag, lastModified: date))
        #expect(!ConditionalRequest().isNotModified(etag: etag, lastModified: date))
        // And If-None-Match, when present, decides alone (RFC 9110 §13.2.2)
        #expect(!ConditionalRequest(ifNoneMatch: "\"old\"", ifModifiedSince: date).isNotModified(etag: etag, lastModified: date))
        #expect(ConditionalRequest(ifNoneMatch: etag, ifModifiedSince: "Fri, 20 Nov 2026 10:00:00 GMT")
            .isNotModified(etag: etag, lastModified: date))
    }

    @Test func imageCacheControl() {
        #expect(ImageCacheControl(maxAge: 86_400).value(immutable: true) == "public, max-age=86400, immutable")
        #expect(ImageCacheControl(maxAge: 86_400).value(immutable: false) == "public, max-age=86400")
        #expect(ImageCacheControl(maxAge: 0).value(immutable: true) == "public, max-age=0")
        #expect(ImageCacheControl(maxAge: 60, noStore: true).value(immutable: true) == "no-store")
    }
}
