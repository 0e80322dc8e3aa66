import PicsumServer
import Testing

/// The server's log lines carry what clients sent: none of it reaches a terminal raw.
@Suite("Request log lines (no socket)")
struct RequestLogLineTests {
    @Test func aHostileTargetAndRangeAreSanitised() {
        // Given a request whose target and range hold a title change, a screen clear and a bell
        let entry = RequestLogEntry(
            method: "GET", target: "/id/1/\u{1B}]2;owned\u{07}\u{1B}[2J/9", range: "bytes=0-\u{1B}c9", status: 404, bytesSent: 0,
            expectedBytes: nil, outcome: .completed, shaping: nil, duration: .milliseconds(3))

        // Then the log line keeps the readable text and no control character
        let line = entry.description
        #expect(line.hasPrefix("GET /id/1//9 range=bytes=0-9 -> 404"))
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
}
