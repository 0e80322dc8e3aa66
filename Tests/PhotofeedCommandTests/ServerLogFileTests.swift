import LoadSemantics
import Synchronization
import Testing

@testable import photofeed

/// `--server-log`: every request a line, and a failed write said once, without stopping the run.
@Suite("Server log file")
struct ServerLogFileTests {
    /// Lines kept in memory; fails from the `failAt`-th write on.
    final class FakeOutput: OutputWriting {
        let lines = Mutex<[String]>([])
        let closed = Mutex(false)
        let failAt: Int?
        init(failAt: Int? = nil) { self.failAt = failAt }
        func write(_ bytes: [UInt8]) throws(OutputFileError) {
            try lines.withLock { lines throws(OutputFileError) in
                if let failAt, lines.count + 1 >= failAt {
                    throw OutputFileError(description: "requests.log: write failed: Input/output error", code: 5)
                }
                lines.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        func close() { closed.withLock { $0 = true } }
    }

    @Test func everyEntryIsALineUntilTheEntriesEnd() async {
        // Given a log and three requests
        let output = FakeOutput()
        let log = ServerLogFile(file: output)
        let (entries, continuation) = AsyncStream.makeStream(of: String.self)
        log.start(entries)
        for entry in ["GET /v2/list 200", "GET /id/1/64/48 200", "GET /id/2/64/48 206"] { continuation.yield(entry) }
        // When the requests end (the server stopped) and the log is finished
        continuation.finish()
        await log.finish()
        // Then each is one line, the file is closed, and nothing failed
        #expect(output.lines.withLock { $0 } == ["GET /v2/list 200\n", "GET /id/1/64/48 200\n", "GET /id/2/64/48 206\n"])
        #expect(output.closed.withLock { $0 })
        #expect(log.failure == nil)
    }

    @Test func aFailedWriteIsKeptAndSentOnceAndTheLogStops() async {
        // Given a log whose second write fails with EIO (before: `try?` dropped it silently)
        let output = FakeOutput(failAt: 2)
        let log = ServerLogFile(file: output)
        let (entries, continuation) = AsyncStream.makeStream(of: String.self)
        log.start(entries)
        // When four requests arrive
        for entry in ["one", "two", "three", "four"] { continuation.yield(entry) }
        continuation.finish()
        await log.finish()
        // Then the first line is written, the failure is kept for the exit report and sent on
        // the failures stream exactly once, and nothing is written after it
        let expected = "server log requests.log: write failed: Input/output error; it stops there"
        #expect(log.failure == expected)
        var sent: [String] = []
        for await failure in log.failures { sent.append(failure) }
        #expect(sent == [expected])
        #expect(output.lines.withLock { $0 } == ["one\n"])
        #expect(output.closed.withLock { $0 })
    }
}
