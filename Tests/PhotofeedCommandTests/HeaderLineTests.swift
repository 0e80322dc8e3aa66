import ArgumentParser
import Foundation
import ImageLoading
import Testing

@testable import photofeed

/// `--header 'Name: value'` and `--header-file` lines: `${VAR}` from the environment, checked
/// names and values, errors that name the header and never its value.
@Suite("Header lines")
struct HeaderLineTests {
    @Test func aLineIsANameAndAnExpandedValue() throws {
        // Given a line with a variable, When parsed, Then the value holds the variable's value
        let parsed = try HeaderLine.parse("Authorization:  Bearer ${TOKEN} ", environment: ["TOKEN": "abc"])
        #expect(parsed.name == "Authorization")
        #expect(parsed.value == "Bearer abc")
        // And $$ is a dollar sign, a lone $ stays
        #expect(try HeaderLine.parse("X-Price: $$5 and $x", environment: [:]).value == "$5 and $x")
        // And a value may be empty
        #expect(try HeaderLine.parse("X-Empty:", environment: [:]).value == "")
    }

    @Test func badLinesAreRefusedNamingTheHeaderNotTheValue() {
        let secret = "hunter2-secret"
        let cases: [(String, [String: String], String)] = [
            ("no colon \(secret)", [:], "has no colon"),
            (": \(secret)", [:], "needs a name"),
            ("Bad Name: \(secret)", [:], "may hold only letters, digits and !#$%&'*+-.^_`|~, and this one holds a space"),
            // A value written without the colon after the name: the secret is before the first colon
            ("Authorization Bearer \(secret):x", [:], "and this one holds a space: write it 'Name: value'"),
            ("X/\(secret): 1", [:], "and this one holds '/'"),
            ("X-Key: ${MISSING}", [:], "MISSING is not set"),
            ("X-Key: ${1BAD}", [:], "'${1BAD}' is not a variable name"),
            ("X-Key: ${OPEN", [:], "without its '}'"),
            ("X-Key: ${CRLF}", ["CRLF": "\(secret)\r\nEvil: 1"], "header X-Key: its value may not hold line breaks"),
            ("X-Key: a\u{7}b\(secret)", [:], "control characters"),
        ]
        for (line, environment, message) in cases {
            do {
                _ = try HeaderLine.parse(line, environment: environment)
                Issue.record("\(line) was accepted")
            } catch {
                #expect(error.description.contains(message), "\(line): \(error.description)")
                #expect(!error.description.contains(secret), "\(line): \(error.description)")
            }
        }
    }

    @Test func headerOptionsReadTheFileThenTheFlagsForTheFeedsOrigin() throws {
        // Given a header file with comments, blank lines and CRLF endings, and a flag (HOME:
        // parsing checks the file against the process's own environment)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-headers-\(UUID().uuidString)")
        try "# comment\n\nAccept: image/*\r\nX-Key: ${HOME}\n".write(to: file, atomically: true, encoding: .utf8)
        let options = try RequestHeaderOptions.parse(["--header-file", file.path, "--header", "X-Other: 2"])
        // When read for an https feed
        let headers = try options.requestHeaders(feed: "https://photos.example/v2/list", environment: ["HOME": "k1"])
        // Then the fields are in order, and go to that origin only
        #expect(headers.fields.map(\.name) == ["Accept", "X-Key", "X-Other"])
        #expect(headers.headers(for: URL(string: "https://photos.example:443/id/1/2/3")!).map(\.value) == ["image/*", "k1", "2"])
        #expect(headers.headers(for: URL(string: "https://other.example/id/1/2/3")!).isEmpty)
        // And a bad line names the file and line
        try "Good: 1\nBad Name: 2\n".write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try RequestHeaderOptions.parse(["--header-file", file.path])
            Issue.record("a bad header file was accepted")
        } catch {
            let message = RequestHeaderOptions.message(for: error)
            #expect(message.contains("\(file.path) line 2: a header's name (before its first colon)"), "\(message)")
            #expect(!message.contains("Bad Name"), "\(message)")
        }
        // And without an http(s) feed there is no origin to send them to
        #expect(throws: ValidationError.self) { try options.requestHeaders(feed: "/home/me/photos", environment: ["HOME": "k1"]) }
        #expect(try RequestHeaderOptions.parse([]).requestHeaders(feed: nil).isEmpty)
    }
}
