import Foundation
@testable import ImageLoading
import Testing

/// Header parsing and freshness arithmetic (RFC 9111 §4.2) with a fixed clock.
@Suite struct CacheFreshnessTests {
    /// A fixed "now": Sun, 06 Nov 1994 08:49:37 GMT.
    let now = Date(timeIntervalSince1970: 784_111_777)
    let nowText = "Sun, 06 Nov 1994 08:49:37 GMT"

    func freshness(_ headers: [String: String], receivedAt: Date? = nil) -> CacheFreshness {
        CacheFreshness(head: DataResponseHead(statusCode: 200, headers: headers), receivedAt: receivedAt ?? now)
    }

    @Test func httpDatesInAllThreeFormsAndNothingElse() {
        // Given the three forms RFC 9110 §5.6.7 names for one instant / Then each parses to it
        #expect(HTTPDateParser.date(from: "Sun, 06 Nov 1994 08:49:37 GMT") == now)
        #expect(HTTPDateParser.date(from: "Sunday, 06-Nov-94 08:49:37 GMT") == now)
        #expect(HTTPDateParser.date(from: "Sun Nov  6 08:49:37 1994") == now)
        #expect(HTTPDateParser.date(from: "Thu, 01 Jan 1970 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
        #expect(HTTPDateParser.date(from: "Tue, 29 Feb 2028 23:59:59 GMT") == Date(timeIntervalSince1970: 1_835_481_599))
        // And junk is nil
        for junk in ["0", "", "-1", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 32 Nov 1994 08:49:37 GMT",
            "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT", "Sun, 06 Nov 94 08:49:37 GMT"]
        {
            #expect(HTTPDateParser.date(from: junk) == nil, "\(junk)")
        }
    }

    @Test func directivesAndValidatorsAreParsed() {
        // Given a response with every field the cache keeps
        let parsed = freshness([
            "cache-control": "public, max-age=\"600\", must-revalidate, IMMUTABLE, s-maxage=5",
            "ETag": "\"abc\"", "Last-Modified": nowText, "Date": nowText, "Age": "12",
            "Expires": "Sun, 06 Nov 1994 09:49:37 GMT",
        ])
        // Then each is read; s-maxage (shared caches only) is not max-age
        #expect(parsed.maxAge == 600)
        #expect(parsed.mustRevalidate && parsed.immutable)
        #expect(!parsed.noCache && !parsed.noStore)
        #expect(parsed.etag == "\"abc\"" && parsed.lastModified == nowText)
        #expect(parsed.date == now && parsed.ageHeader == 12)
        #expect(parsed.expires == now.addingTimeInterval(3_600))
        #expect(parsed.conditionalHeaders.map(\.name) == ["If-None-Match", "If-Modified-Since"])
        #expect(parsed.conditionalHeaders.map(\.value) == ["\"abc\"", nowText])
        #expect(freshness(["Cache-Control": "no-store"]).noStore)
        #expect(freshness(["Cache-Control": "no-cache=\"Set-Cookie\""]).noCache)
        #expect(freshness(["Pragma": "no-cache"]).noCache)
        #expect(!freshness(["Pragma": "no-cache", "Cache-Control": "max-age=5"]).noCache)
    }

    @Test func maxAgeBeatsExpiresAndAgesFromArrival() {
        // Given max-age 60 and an Expires an hour away
        let entry = freshness(["Cache-Control": "max-age=60", "Expires": "Sun, 06 Nov 1994 09:49:37 GMT", "Date": nowText])
        // Then max-age decides: fresh for 60 s from arrival, not an hour
        #expect(entry.freshnessLifetime() == 60)
        #expect(entry.isFresh(at: now.addingTimeInterval(59)))
        #expect(!entry.isFresh(at: now.addingTimeInterval(60)))
    }

    @Test func expiresCountsFromDateOrElseFromArrival() {
        // Given Expires 100 s after the response's Date
        let withDate = freshness(["Expires": "Sun, 06 Nov 1994 08:51:17 GMT", "Date": nowText])
        #expect(withDate.freshnessLifetime() == 100)
        // When the Date is missing / Then the arrival time stands for it
        let withoutDate = freshness(["Expires": "Sun, 06 Nov 1994 08:51:17 GMT"], receivedAt: now.addingTimeInterval(40))
        #expect(withoutDate.freshnessLifetime() == 60)
        #expect(withoutDate.isFresh(at: now.addingTimeInterval(99)))
        #expect(!withoutDate.isFresh(at: now.addingTimeInterval(100)))
        // An invalid Expires (e.g. "0") is already expired; a malformed max-age is stale too
        #expect(!freshness(["Expires": "0"]).isFresh(at: now))
        #expect(!freshness(["Cache-Control": "max-age=soon"]).isFresh(at: now))
        #expect(!freshness(["Cache-Control": "max-age=60, max-age=600"]).isFresh(at: now))
    }

    @Test func ageIncludesTheAgeHeaderAndClockSkew() {
        // Given a response that was 50 s old on arrival (Age), max-age 60
        let aged = freshness(["Cache-Control": "max-age=60", "Age": "50"])
        // Then it stays fresh 10 s more, not 60
        #expect(aged.currentAge(at: now.addingTimeInterval(5)) == 55)
        #expect(aged.isFresh(at: now.addingTimeInterval(9)))
        #expect(!aged.isFresh(at: now.addingTimeInterval(10)))
        // Given a Date 30 s before arrival (a slow path or a skewed clock) / Then the apparent age counts
        let late = freshness(["Cache-Control": "max-age=60", "Date": nowText], receivedAt: now.addingTimeInterval(30))
        #expect(late.currentAge(at: now.addingTimeInterval(30)) == 30)
        // A Date in the future never makes the age negative
        let early = freshness(["Cache-Control": "max-age=60", "Date": nowText], receivedAt: now.addingTimeInterval(-30))
        #expect(early.currentAge(at: now.addingTimeInterval(-30)) == 0)
    }

    @Test func heuristicFreshnessFromLastModifiedIsATenthCapped() {
        // Given Last-Modified 10 days before the Date and no explicit freshness
        let tenDaysOld = freshness(["Last-Modified": "Sat, 27 Oct 1994 08:49:37 GMT", "Date": nowText])
        // Then it is fresh for a tenth of that: one day
        #expect(tenDaysOld.freshnessLifetime() == 86_400)
        #expect(tenDaysOld.isFresh(at: now.addingTimeInterval(86_399)))
        #expect(!tenDaysOld.isFresh(at: now.addingTimeInterval(86_400)))
        // Given one modified a year ago / Then the heuristic stops at a week
        let yearOld = freshness(["Last-Modified": "Sat, 06 Nov 1993 08:49:37 GMT", "Date": nowText])
        #expect(yearOld.freshnessLifetime() == 7 * 86_400)
        // Given one modified just now / Then it is stale at once (and revalidated)
        #expect(!freshness(["Last-Modified": nowText, "Date": nowText, "ETag": "\"x\""]).isFresh(at: now))
    }

    @Test func noInformationGetsTheDefaultLifetimeAndNoCacheIsAlwaysStale() {
        // Given a response with neither freshness nor Last-Modified
        let bare = freshness([:])
        // Then the default heuristic (a week) applies; it has nothing to revalidate with
        #expect(bare.freshnessLifetime() == 7 * 86_400)
        #expect(bare.isFresh(at: now.addingTimeInterval(6 * 86_400)))
        #expect(!bare.hasValidators && bare.conditionalHeaders.isEmpty)
        var shorter = CacheFreshness.Heuristics()
        shorter.defaultLifetime = 10
        #expect(!bare.isFresh(at: now.addingTimeInterval(10), heuristics: shorter))
        // Given no-cache with a long max-age / Then it is never fresh
        #expect(!freshness(["Cache-Control": "no-cache, max-age=3600", "ETag": "\"a\""]).isFresh(at: now))
    }

    @Test func a304RefreshesTheAgeAndReplacesOnlyTheFieldsItCarries() {
        // Given an entry stored with max-age 60, an ETag and a Last-Modified, now 2 minutes old
        let stored = freshness(["Cache-Control": "max-age=60", "ETag": "\"a\"", "Last-Modified": nowText])
        let later = now.addingTimeInterval(120)
        #expect(!stored.isFresh(at: later))
        // When a 304 with no freshness fields arrives / Then the age restarts, the rest is kept
        let bare304 = DataResponseHead(statusCode: 304, headers: ["ETag": "\"a\""])
        let refreshed = stored.refreshed(by: bare304, receivedAt: later)
        #expect(refreshed.isFresh(at: later.addingTimeInterval(59)))
        #expect(refreshed.maxAge == 60 && refreshed.lastModified == nowText && refreshed.etag == "\"a\"")
        // When a 304 carries new directives / Then they replace the stored ones
        let new304 = DataResponseHead(statusCode: 304, headers: ["Cache-Control": "max-age=5, immutable", "ETag": "\"a\""])
        #expect(stored.isSelected(by: new304))
        let replaced = stored.refreshed(by: new304, receivedAt: later)
        #expect(replaced.maxAge == 5 && replaced.immutable && replaced.etag == "\"a\"")
        #expect(!replaced.isFresh(at: later.addingTimeInterval(5)))
    }

    @Test func aPartialsValidatorIdentifiesTheEntryOnlyByAStrongTagOrItsDate() {
        let tagged = freshness(["ETag": "\"a\"", "Last-Modified": nowText])
        #expect(tagged.identifies(validator: "\"a\""))
        #expect(!tagged.identifies(validator: nowText))  // the ETag decides when there is one
        #expect(freshness(["Last-Modified": nowText]).identifies(validator: nowText))
        #expect(!freshness(["ETag": "W/\"a\""]).identifies(validator: "W/\"a\""))
    }

    @Test func a304SelectsTheEntryOnlyWhenItsValidatorsMatch() {
        // Given entries stored with a strong ETag, a weak one, and only a Last-Modified (RFC 9111 §4.3.4)
        let strong = freshness(["ETag": "\"v1\"", "Last-Modified": nowText])
        let weak = freshness(["ETag": "W/\"v1\""])
        let dated = freshness(["Last-Modified": nowText])
        func head(_ headers: [String: String]) -> DataResponseHead { DataResponseHead(statusCode: 304, headers: headers) }

        // Then a 304 with the same strong tag selects the strong entry, another strong tag does not
        #expect(strong.isSelected(by: head(["ETag": "\"v1\""])))
        #expect(!strong.isSelected(by: head(["ETag": "\"v2\""])))
        // A strong tag never matches a stored weak one; a weak tag matches by weak comparison
        #expect(!weak.isSelected(by: head(["ETag": "\"v1\""])))
        #expect(weak.isSelected(by: head(["ETag": "W/\"v1\""])))
        #expect(strong.isSelected(by: head(["ETag": "W/\"v1\""])))
        #expect(!weak.isSelected(by: head(["ETag": "W/\"v2\""])))
        // A tag for an entry that has none does not select it
        #expect(!dated.isSelected(by: head(["ETag": "\"v1\""])))
        // Without a tag, Last-Modified decides; with no validator at all the single entry is taken
        #expect(dated.isSelected(by: head(["Last-Modified": nowText])))
        #expect(!dated.isSelected(by: head(["Last-Modified": "Mon, 07 Nov 1994 08:49:37 GMT"])))
        #expect(strong.isSelected(by: head([:])))
    }

    @Test func anOverflowingDeltaSecondsIsTwoToTheThirtyFirst() {
        // Given max-age and Age values too large for any integer, and one just over 2³¹ (RFC 9111 §1.2.2)
        let huge = "99999999999999999999"
        let overflowing = freshness(["Cache-Control": "max-age=\(huge)"])
        let large = freshness(["Cache-Control": "max-age=2147483649"])

        // Then each max-age is 2³¹ seconds: fresh for 68 years, not stale at once
        #expect(overflowing.maxAge == 2_147_483_648)
        #expect(large.maxAge == 2_147_483_648)
        #expect(overflowing.isFresh(at: now.addingTimeInterval(365 * 86_400)))
        #expect(freshness(["Cache-Control": "max-age=2147483647"]).maxAge == 2_147_483_647)

        // And an overflowing Age is 2³¹ seconds old: stale whatever its max-age
        let old = freshness(["Cache-Control": "max-age=86400", "Age": huge])
        #expect(old.ageHeader == 2_147_483_648)
        #expect(!old.isFresh(at: now))

        // And what is not delta-seconds (a sign, a fraction, empty) is still malformed: stale
        for junk in ["+60", "-1", "6.5", "", "1e3"] {
            #expect(freshness(["Cache-Control": "max-age=\(junk)"]).maxAge == 0, "\(junk)")
        }
    }
}
