import FoundationExtras
import Testing
import TestSupport

@Suite(.tags(.realTime)) struct ChildProcessTests {
    @Test func capturesTheOutputAndTheStatus() throws {
        // Given a program that prints its arguments
        // When it is run with its output captured
        let result = try ChildProcess.run("/bin/sh", ["-c", "printf '%s|' \"$@\"; exit 3", "sh", "a b", "c"], capturesOutput: true)
        // Then its output and exit status come back
        #expect(String(decoding: result.output, as: UTF8.self) == "a b|c|")
        #expect(result.status == 3)
        #expect(!result.succeeded)
    }

    @Test func anArgumentThatIsNotUTF8ReachesTheProgramAsItsBytes() throws {
        // Given a path whose name holds the byte 0xFF (as `o` hands a file to xdg-open)
        let path = Array("/photos/e".utf8) + [0xFF] + Array(".jpg".utf8)
        // When a program that prints its one argument is given it as bytes
        let result = try ChildProcess.run(
            "/bin/sh", byteArguments: [Array("-c".utf8), Array("printf '%s' \"$1\"".utf8), Array("sh".utf8), path],
            capturesOutput: true)
        // Then it gets exactly those bytes (not U+FFFD's)
        #expect(result.output == path)
    }

    @Test func feedsTheInputAndSucceeds() throws {
        let result = try ChildProcess.run("/bin/cat", [], input: Array("héllo\n".utf8), capturesOutput: true)
        #expect(result.output == Array("héllo\n".utf8))
        #expect(result.succeeded)
    }

    @Test func standardInputIsEmptyWithoutInput() throws {
        let result = try ChildProcess.run("/usr/bin/wc", ["-c"], capturesOutput: true)
        #expect(String(decoding: result.output, as: UTF8.self).filter { !$0.isWhitespace } == "0")
    }

    @Test func passesTheEnvironmentGiven() throws {
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", "printf %s \"$PF_PROBE\""], environment: ["PF_PROBE": "x=y"], capturesOutput: true)
        #expect(result.output == Array("x=y".utf8))
    }

    @Test func reportsASignalAsOneHundredTwentyEightPlusIt() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "kill -9 $$"])
        #expect(result.status == 128 + 9)
    }

    @Test func killsAProgramPastItsDeadline() throws {
        // Given a program that outlives the deadline
        let result = try ChildProcess.run("/bin/sleep", ["5"], timeout: .milliseconds(50))
        // Then it is ended and reported as late
        #expect(!result.finishedInTime)
        #expect(result.status == 128 + 15)
    }

    @Test func aMissingProgramIsASystemError() {
        #expect(throws: SystemError("spawn /nonexistent/program", code: 2)) {
            try ChildProcess.run("/nonexistent/program", [])
        }
    }

    @Test func startDoesNotWait() throws {
        try ChildProcess.start("/bin/true", [])
    }
}
