import Foundation
@testable import ImageLoading
import Testing

/// The user's headers go to their origin only, hop by hop, and never show in an error.
@Suite("Request headers: origin, redirects and redaction")
struct RequestHeadersTests {
    private let feed = URL(string: "http://127.0.0.1:8080")!
    private let other = URL(string: "http://127.0.0.1:8081/id/1/64/48")!

    @Test func headersAreForTheOriginOnly() throws {
        // Given headers for a feed's origin
        let headers = try RequestHeaders(origin: feed, fields: [("X-Api-Key", "k-123")])
        // Then a URL of that origin gets them (default port, host case and path aside)
        #expect(headers.headers(for: URL(string: "http://127.0.0.1:8080/v2/list?page=1")!).map(\.name) == ["X-Api-Key"])
        #expect(try RequestHeaders(origin: URL(string: "https://Photos.Example")!, fields: [("A", "1")])
            .headers(for: URL(string: "https://photos.example:443/x")!).count == 1)
        // And another port, host or scheme gets none
        for url in [other, URL(string: "http://localhost:8080/")!, URL(string: "https://127.0.0.1:8080/")!] {
            #expect(headers.headers(for: url).isEmpty, "\(url)")
        }
        // And none are given for a non-http origin
        #expect(throws: RequestHeaders.Invalid.self) { try RequestHeaders(origin: URL(fileURLWithPath: "/tmp"), fields: [("A", "1")]) }
    }

    @Test func namesAndValuesAreChecked() {
        for (name, value) in [("", "x"), ("Bad Name", "x"), ("X:Y", "x"), ("Ünï", "x"), ("X", "a\r\nB: c"), ("X", "a\nb"), ("X", "a\u{0}")] {
            #expect(throws: RequestHeaders.Invalid.self, "\(name)") { try RequestHeaders.validate(name: name, value: value) }
        }
        #expect(throws: Never.self) { try RequestHeaders.validate(name: "X-Api_Key.1~", value: "Bearer a\tb") }
    }

    @Test func valuesAreRedacted() throws {
        // Given two fields, one value inside the other
        let headers = try RequestHeaders(origin: feed, fields: [("Authorization", "Bearer abc"), ("X-Short", "abc")])
        // Then the description hides both, and a text holding them shows ***
        #expect(headers.description == "Authorization: ***, X-Short: ***")
        #expect(headers.redact("sent Bearer abc and abc") == "sent *** and ***")
        // And an error's detail is redacted, its kind kept
        let error = ImageLoadError.transport("connection reset after Authorization: Bearer abc").redacting(headers.redact)
        #expect(error.kind == .transport)
        #expect(!error.description.contains("abc"))
        let mapped = HTTPDataLoader.map(ImageLoadError.timedOut("abc"), redacting: headers)
        #expect("\(mapped)" == "timed out: ***")
    }

    @Test func redirectsCarryTheHeadersOnlyWithinTheOrigin() throws {
        // Given a request to the feed's origin with the user's header and the pipeline's own
        let extra = try RequestHeaders(origin: feed, fields: [("X-Api-Key", "k"), ("Accept", "image/*")])
        let start = URL(string: "http://127.0.0.1:8080/id/1/64/48")!
        var state = RedirectState(start: start, limit: 3)
        let own: [(name: String, value: String)] = [("Range", "bytes=10-"), ("Accept", "application/json"), ("Cookie", "c")]
        // Then the first hop has the user's (replacing the request's Accept) and the request's own
        #expect(state.headers(adding: extra, to: own).map(\.name) == ["Range", "Cookie", "X-Api-Key", "Accept"])
        // When a 302 sends it to another origin
        #expect(try state.next(status: 302, location: other.absoluteString) == .follow(other))
        // Then neither the user's headers nor credentials go there; the request's others do
        #expect(state.headers(adding: extra, to: own).map(\.name) == ["Range", "Accept"])
        // When it comes back to the origin by a relative location on the other host, none either
        #expect(try state.next(status: 307, location: "/id/2") == .follow(URL(string: "http://127.0.0.1:8081/id/2")!))
        #expect(state.headers(adding: extra, to: own).allSatisfy { $0.name != "X-Api-Key" })
    }

    @Test func redirectsEndAtAnAnswerALimitOrACycle() throws {
        var state = RedirectState(start: feed, limit: 2)
        #expect(try state.next(status: 200, location: "http://elsewhere/") == .done)
        #expect(try state.next(status: 302, location: nil) == .done)
        #expect(try state.next(status: 302, location: "file:///etc/passwd") == .done)
        #expect(try state.next(status: 301, location: "/a") != .done)
        #expect(throws: RedirectState.Failure.cycle) { try state.next(status: 302, location: "/a") }
        #expect(try state.next(status: 308, location: "/b") != .done)
        #expect(throws: RedirectState.Failure.tooMany(2)) { try state.next(status: 302, location: "/c") }
    }
}
