import Foundation
import Testing
@testable import PicsumServer

@Suite struct HTTPDateTests {
    @Test func writesIMFFixdateInGMT() {
        // Given 6 November 1994, 08:49:37 UTC
        let date = Date(timeIntervalSince1970: 784_111_777)
        // Then it is written as RFC 9110's example
        #expect(HTTPDate.string(from: date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }

    @Test func readsBackWhatItWrites() {
        let date = Date(timeIntervalSince1970: 1_700_000_123)
        #expect(HTTPDate.date(from: HTTPDate.string(from: date)) == date)
        #expect(HTTPDate.date(from: " Sun, 06 Nov 1994 08:49:37 GMT ") == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test func refusesTheObsoleteFormsAndNonsense() {
        for text in [
            "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 6 Nov 1994 08:49:37 GMT", "",
        ] {
            #expect(HTTPDate.date(from: text) == nil, "\(text)")
        }
    }
}
