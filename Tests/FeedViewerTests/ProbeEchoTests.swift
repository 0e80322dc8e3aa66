import Testing
import TestSupport
import TerminalGraphics

#if canImport(Glibc)
import Glibc
#endif

/// While replies are still on their way after the probe's deadline, the terminal's echo stays
/// off until the probe is restored: a reply byte arriving while `show` prints would otherwise be
/// echoed onto the screen as `^[`.
@Suite("Probe: echo off while replies are on their way")
struct ProbeEchoTests {
    private func echoes(_ descriptor: Int32) -> Bool {
        var mode = termios()
        tcgetattr(descriptor, &mode)
        return mode.c_lflag & tcflag_t(ECHO) != 0
    }

    @Test func aTerminalThatHasNotAnsweredKeepsEchoOffUntilRestore() throws {
        // Given a pseudo-terminal with echo on that never answers
        let pty = try #require(PseudoTerminal(rows: 24, columns: 80))
        #expect(echoes(pty.follower))

        // When the probe asks it, with a short deadline
        let probe = GraphicsProbe.run(
            .auto, input: pty.follower, output: pty.follower, environment: ["TERM": "xterm-256color"], deadline: .milliseconds(30))

        // Then no reply is complete, and echo is off until the probe is restored
        #expect(probe.replies?.isComplete == false)
        #expect(!echoes(pty.follower))
        probe.restore()
        #expect(echoes(pty.follower))
    }

    @Test func aTerminalThatAnsweredGetsItsModeBackAtOnce() throws {
        // Given a pseudo-terminal whose answers (the DA1 fences of both writes: the
        // identification, then the rest) are already waiting
        let pty = try #require(PseudoTerminal(rows: 24, columns: 80))
        pty.type("\u{1B}[?62;c\u{1B}[?62;c")
        // When the probe asks it
        let probe = GraphicsProbe.run(
            .auto, input: pty.follower, output: pty.follower, environment: ["TERM": "xterm-256color"], deadline: .milliseconds(500))
        // Then the replies are complete and echo is already back
        #expect(probe.replies?.isComplete == true)
        #expect(echoes(pty.follower))
        probe.restore()
        #expect(echoes(pty.follower))
    }
}
