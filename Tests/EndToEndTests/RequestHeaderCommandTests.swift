import Foundation
import TestSupport
import Testing

/// `--header` and `--header-file` end to end: the fields reach the feed's origin, for the list
/// and the images, never another origin (not after a redirect either), and never the output
/// or the trace.
@Suite("Request headers end to end", .timeLimit(.minutes(2)), .tags(.realTime))
struct RequestHeaderCommandTests {
    static let secret = "s3cret-from-the-environment"
    static let fileSecret = "s3cret-from-the-file"

    private static func scratch(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-headers-\(name)-" + UUID().uuidString)
    }

    @Test func headersGoToTheFeedsOriginOnly() async throws {
        // Given a photo, a second origin that serves it, and a feed origin whose photo 1
        // redirects there, photo 2 is its own and photo 3 is missing
        let photo = try #require(FileManager.default.contents(atPath: BuiltBinary.assetsDirectory.appendingPathComponent("clock.jpg").path))
        let other = try LoopbackHTTPServer { _ in .ok([UInt8](photo), type: "image/jpeg") }
        let list = #"[{"id":"1","author":"Ann","width":64,"height":48},{"id":"2","author":"Bo","width":64,"height":48},{"id":"3","author":"Cy","width":64,"height":48}]"#
        let otherPort = other.port
        let feed = try LoopbackHTTPServer { target in
            if target.hasPrefix("/v2/list") { return .ok(Array(list.utf8), type: "application/json") }
            if target.hasPrefix("/id/1/") { return .redirect("http://127.0.0.1:\(otherPort)\(target)") }
            if target.hasPrefix("/id/2/") { return .ok([UInt8](photo), type: "image/jpeg") }
            return .notFound
        }
        // And a header file with a comment, and a header from the environment
        let folder = Self.scratch("run")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let headerFile = folder.appendingPathComponent("headers")
        try "# the photo server's key\nAuthorization: Bearer \(Self.fileSecret)\n\n".write(to: headerFile, atomically: true, encoding: .utf8)
        let trace = folder.appendingPathComponent("trace.json").path

        // When a snapshot of the feed is taken with them
        let output = try await BuiltBinary.run(
            [
                "snapshot", "--feed", "http://127.0.0.1:\(feed.port)", "--width", "100", "--height", "30", "--colors", "none",
                "--no-disk-cache", "--header", "X-Api-Key: ${PHOTOFEED_TEST_KEY}", "--header-file", headerFile.path,
                "--trace", trace, "--wait-ms", "20000",
            ],
            environment: ["PHOTOFEED_TEST_KEY": Self.secret])

        // Then it settles, photo 3 failing
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stdout.contains("404"), "\(output.stdout)")
        // And the feed's origin got both fields with the list and with each image
        let heads = feed.heads
        let listHead = try #require(heads.first { $0.hasPrefix("GET /v2/list") })
        for head in [listHead] + heads.filter({ $0.hasPrefix("GET /id/") }) {
            #expect(head.lowercased().contains("x-api-key: \(Self.secret)"), "\(head)")
            #expect(head.lowercased().contains("authorization: bearer \(Self.fileSecret)"), "\(head)")
        }
        #expect(heads.contains { $0.hasPrefix("GET /id/1/") } && heads.contains { $0.hasPrefix("GET /id/2/") })
        // And the other origin got the redirected request, without either field
        let redirected = other.heads
        #expect(redirected.contains { $0.hasPrefix("GET /id/1/") }, "\(redirected)")
        for head in redirected {
            #expect(!head.contains(Self.secret) && !head.contains(Self.fileSecret), "\(head)")
            #expect(!head.lowercased().contains("x-api-key") && !head.lowercased().contains("authorization"), "\(head)")
        }
        // And neither value is in the output or the trace
        let traced = try String(contentsOfFile: trace, encoding: .utf8)
        for text in [output.stdout, output.stderr, traced] {
            #expect(!text.contains(Self.secret) && !text.contains(Self.fileSecret))
        }
    }

    @Test func aBadHeaderIsAUsageErrorNamingIt() async throws {
        // Given headers that cannot be sent
        let cases: [([String], [String: String], String)] = [
            (["--header", "Bad Name: x"], [:], "and this one holds a space"),
            (["--header", "Authorization Bearer \(Self.secret):x"], [:], "write it 'Name: value'"),
            (["--header", "X-Key: ${PHOTOFEED_UNSET_VARIABLE}"], [:], "PHOTOFEED_UNSET_VARIABLE is not set"),
            (["--header", "X-Key: a${PHOTOFEED_TEST_CRLF}"], ["PHOTOFEED_TEST_CRLF": "b\r\nEvil: 1"], "header X-Key: its value may not hold line breaks"),
            (["--header", "just-a-token-\(Self.secret)"], [:], "has no colon"),
        ]
        for (flags, environment, message) in cases {
            // When the viewer is asked to use it
            let output = try await BuiltBinary.run(
                ["snapshot", "--feed", "http://127.0.0.1:9", "--no-disk-cache"] + flags, environment: environment)
            // Then it exits 64 naming it, and shows no value
            #expect(output.status == 64, "\(flags): \(output.stderr)")
            #expect(output.stderr.contains(message), "\(flags): \(output.stderr)")
            #expect(!output.stderr.contains(Self.secret) && !output.stderr.contains("Evil"), "\(output.stderr)")
        }
        // And a header with no http(s) feed to go to is one too
        let folder = try await BuiltBinary.run(["snapshot", "--feed", "/tmp", "--header", "X-Key: 1", "--no-disk-cache"])
        #expect(folder.status == 64, "\(folder.stderr)")
        #expect(folder.stderr.contains("origin of an http(s) --feed"), "\(folder.stderr)")
    }
}
