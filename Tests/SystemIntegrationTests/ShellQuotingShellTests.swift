import FoundationExtras
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The words read back by a real shell are the bytes they were made from, and running the
/// pasted list runs nothing.
@Suite(.tags(.realTime)) struct ShellQuotingShellTests {
    @Test func bashReadsEveryWordBackByteForByte() throws {
        // Given: hostile names, a list of them as they would be pasted (space-separated words)
        let names: [[UInt8]] = [
            Array("/p/a.jpg".utf8), Array("/p/a b.jpg".utf8), Array("/p/it's \"q\".jpg".utf8),
            Array("/p/x\nline; touch PWNED\n.jpg".utf8), Array("/p/\u{1B}[2J\u{1B}[H".utf8), Array("/p/$(id)`id`*?{a,b}".utf8),
            [0x2F, 0x65, 0xFF, 0x9B, 0x01, 0x37], Array("/p/a\u{9B}\u{202E}b\\".utf8), Array("~x".utf8), Array("#x".utf8), [],
            Array("/p/été.jpg".utf8), Array((1...0x7F).map { UInt8($0) }),
        ]
        let candidates: [String] = ["/bin/bash", "/usr/bin/bash"]
        guard let bash = candidates.first(where: { access($0, X_OK) == 0 }) else {
            Issue.record("no bash on this machine to read the words back")
            return
        }
        let line = "printf '%s\\0' " + names.map { ShellQuoting.quoted($0) }.joined(separator: " ") + "\n"
        // When: bash runs printf with them
        let result = try ChildProcess.run(bash, ["--norc", "--noprofile"], input: Array(line.utf8), capturesOutput: true)
        // Then: each argument is exactly one name's bytes
        #expect(result.succeeded)
        let read = result.output.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { Array($0) }
        #expect(read == names)
    }
}
