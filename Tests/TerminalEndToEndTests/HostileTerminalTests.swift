import Foundation
import LoadSemantics
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// photofeed against terminals that answer late, in pieces, with garbage or not at all, and
/// signals in the middle of the start-up questions: the real binary on a pseudo-terminal whose
/// far end the test plays (``PlayedTerminal``). Whatever the terminal does: no reply becomes a
/// key, the terminal's modes come back as they were, no temporary file is left, and the
/// backend, colour depth and cell size are the right ones.
@Suite("Hostile terminals", .tags(.realTime))
struct HostileTerminalTests {
    /// A scratch home (cache, thumbnails, private terminfo) and the environment the child gets.
    private static func environment() throws -> [String: String] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache",
            "TERM": "xterm-256color", "LANG": "C.UTF-8",
        ]
    }

    /// `photofeed show --probe` on a terminal that answers `answer`; its report.
    private func probe(_ answer: PlayedTerminal.Answer?) throws -> (report: String, status: Int32?, terminal: PlayedTerminal) {
        let terminal = try PlayedTerminal(BuiltBinary.photofeed, ["show", "--probe"], environment: try Self.environment())
        if let answer { #expect(terminal.answer(answer), "the probe asked nothing") }
        let status = terminal.exitStatus(within: .seconds(10))
        return (terminal.text, status, terminal)
    }

    /// The value of one line of the report (`colours     24-bit (…)` → `24-bit (…)`).
    private func line(_ name: String, of report: String) -> String? {
        for line in report.split(whereSeparator: \.isNewline) where line.hasPrefix(name + " ") {
            return line.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    @Test func aKittyAnsweringOnTimeIsHeardWhole() throws {
        let (report, status, terminal) = try probe(.text(PlayedTerminal.Answer.kitty))
        #expect(status == 0)
        #expect(line("pictures", of: report) == "kitty placeholders (terminal answered)")
        #expect(line("colours", of: report) == "24-bit (terminal: XTGETTCAP RGB)")
        #expect(line("cell", of: report) == "10×20 px")
        #expect(terminal.modesRestored)
        #expect(PlayedTerminal.leftoverFiles(of: terminal.process.processIdentifier).isEmpty)
    }

    @Test func debiansStockXtermGets24BitColourFromItsAnswer() throws {
        // Given: XTerm 379 with TERM=xterm-256color and no COLORTERM, no sixel in its attributes
        let (report, status, _) = try probe(
            .text("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[>41;379;0c\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c"))
        #expect(status == 0)
        #expect(line("colours", of: report) == "24-bit (terminal: XTerm(379))")
        #expect(line("pictures", of: report) == "blocks (no graphics reply)")
    }

    @Test(arguments: ["\u{1B}[6;0;0t\u{1B}[4;0;0t", "\u{1B}[6;65535;65535t\u{1B}[4;65535;65535t"])
    func cellSizesOutOfBoundsAreIgnored(geometry: String) throws {
        // Given: kitty, but with a 0-pixel or a 65535-pixel cell
        let answer = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.47.1)\u{1B}\\" + geometry + "\u{1B}[?62;c"
        let (report, status, terminal) = try probe(.text(answer))
        // Then: the default cell, the reason, and kitty still
        #expect(status == 0)
        #expect(line("cell", of: report) == "not reported: 10×20 px assumed")
        #expect(report.contains("out of bounds"))
        #expect(line("pictures", of: report) == "kitty placeholders (terminal answered)")
        #expect(terminal.modesRestored)
    }

    @Test func aLateAnswerIsReadNotLeftToTheShell() throws {
        // Given: kitty answering 300 ms late, after the probe's deadline
        let (report, status, terminal) = try probe(.text(PlayedTerminal.Answer.kitty, delay: .milliseconds(300)))
        // Then: show decided without it, but read it before exiting: nothing echoes
        #expect(status == 0)
        #expect(line("answers", of: report) == "no DA1 fence yet (slow or silent terminal)")
        terminal.drain(for: .milliseconds(300))
        #expect(!terminal.text.contains(">|") && !terminal.text.contains("kitty(0.47.1)") && !terminal.text.contains("^["), "\(terminal.text)")
        #expect(terminal.modesRestored)
        #expect(PlayedTerminal.leftoverFiles(of: terminal.process.processIdentifier).isEmpty)
    }

    @Test func anAnswerInSingleBytesIsStillHeard() throws {
        // Given: the answer a byte at a time, past the probe's deadline
        var answer = PlayedTerminal.Answer.text(PlayedTerminal.Answer.kitty, piece: 1)
        answer.pause = .milliseconds(2)
        let (report, status, terminal) = try probe(answer)
        #expect(status == 0)
        terminal.drain(for: .milliseconds(200))
        // Then: no reply was echoed back as typed text (`^[P>|…`)
        #expect(!terminal.text.contains(">|") && !terminal.text.contains("^["), "\(terminal.text)")
        #expect(report.contains("terminal    ") && terminal.modesRestored)
    }

    @Test(arguments: ["", "\u{1B}P>|kitty(0.4", "\u{1B}_Gi=31;O", "garbage\u{03}\u{1A}\u{13}\u{1B}[?"])
    func silentGarbledOrUnterminatedAnswersCostAtMostTheWait(answer: String) throws {
        // Given: a terminal that says nothing, garbage, or a reply it never finishes
        let started = ContinuousClock.now
        let (report, status, terminal) = try probe(.text(answer))
        // Then: block art, within the probe's wait and the late-reply wait, modes back
        #expect(status == 0)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(line("pictures", of: report)?.hasPrefix("blocks") == true, "\(report)")
        #expect(terminal.modesRestored)
    }

    @Test func aMegabyteOfNoiseIsSurvived() throws {
        // Given: 1 MB of random bytes instead of an answer (no XOFF: once the probe is over the
        // terminal is cooked again, and an XOFF would stop its output as Ctrl-S does, by design)
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }.map { $0 == 0x13 ? 0x20 : $0 }
        let terminal = try PlayedTerminal(BuiltBinary.photofeed, ["show", "--probe"], environment: try Self.environment())
        #expect(terminal.answer(PlayedTerminal.Answer(bytes: noise, piece: 4096, pause: .zero)))
        // Then: it ends on its own, normally, with the terminal's modes back
        #expect(terminal.exitStatus(within: .seconds(15)) == 0)
        #expect(terminal.modesRestored)
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalDuringTheProbeLeavesTheTerminalAndNoFiles(signal: Int32) throws {
        // Given: the viewer asking a terminal that has not answered yet
        let terminal = try PlayedTerminal(BuiltBinary.photofeed, ["--feed", BuiltBinary.assetsDirectory.path], environment: try Self.environment())
        #expect(terminal.read(within: .seconds(10), until: PlayedTerminal.askedEverything))
        // When: the signal comes mid-probe
        kill(terminal.process.processIdentifier, signal)
        // Then: the process ends by it, with the terminal's modes and files as they were
        #expect(terminal.exitStatus(within: .seconds(10)) == 128 + signal)
        #expect(terminal.modesRestored)
        #expect(PlayedTerminal.leftoverFiles(of: terminal.process.processIdentifier).isEmpty)
    }

    @Test func lateRepliesInSingleBytesBecomeNoKeysAndUpgradeTheViewerToPixels() throws {
        // Given: the viewer on a folder, tracing its run, and a kitty that answers 300 ms late,
        // a byte at a time 20 ms apart (its replies hold q, G and C among their bytes)
        let environment = try Self.environment()
        let trace = environment["HOME"]! + "/trace.json"
        let terminal = try PlayedTerminal(
            BuiltBinary.photofeed, ["--feed", BuiltBinary.assetsDirectory.path, "--trace", trace], environment: environment)
        var answer = PlayedTerminal.Answer.text("\u{1B}P>|qGC(1)\u{1B}\\" + PlayedTerminal.Answer.kitty, delay: .milliseconds(300), piece: 1)
        answer.pause = .milliseconds(20)
        #expect(terminal.answer(answer))
        terminal.drain(for: .milliseconds(500))
        // Then: still running (no q), and pictures now go out as kitty graphics (the late OK)
        #expect(terminal.process.isRunning, "the viewer quit on a reply: \(terminal.text.suffix(400))")
        #expect(terminal.text.contains("\u{1B}_Ga=T"), "no kitty transmission after the late answer")
        // When: the user quits
        terminal.write(Array("q".utf8))
        #expect(terminal.exitStatus(within: .seconds(10)) == 0)
        // Then: the terminal is as it was, and no photo beyond the first screen ever appeared (no G)
        #expect(terminal.modesRestored)
        let check = try ChromeTraceCheck(contentsOf: URL(fileURLWithPath: trace))
        let appeared = Set(check.events(named: "appear").map(\.track))
        #expect(!appeared.isEmpty && appeared.count < 12, "\(appeared.count) photos appeared")
    }

    @Test func showGridInsideTmuxSendsItsPixelsThroughPassthrough() throws {
        // Given: a real tmux server, and show --grid running "in" its pane on a kitty outside
        let session = try TmuxSession(command: "sleep 60", columns: 80, rows: 24)
        var environment = try Self.environment()
        environment["TMUX"] = "/tmp/tmux-\(getuid())/\(session.socket),0,0"
        environment["TMUX_PANE"] = "%0"
        let photos = ["chelsea.jpg", "coffee.jpg"].map { BuiltBinary.assetsDirectory.appendingPathComponent($0).path }
        let terminal = try PlayedTerminal(
            BuiltBinary.photofeed, ["show", "--grid", "2x1", "--width", "40", "--graphics", "kitty"] + photos, environment: environment)
        #expect(terminal.answer(.text(PlayedTerminal.Answer.kitty)))
        // Then: every kitty escape went out wrapped in tmux passthrough
        #expect(terminal.exitStatus(within: .seconds(20)) == 0)
        let text = terminal.text
        #expect(text.contains("\u{1B}Ptmux;\u{1B}\u{1B}_G"), "no passthrough")
        #expect(!text.replacingOccurrences(of: "\u{1B}\u{1B}_G", with: "").contains("\u{1B}_Ga="), "a kitty escape outside passthrough")
        #expect(terminal.modesRestored)
    }

    @Test func ctrlZGivesTheTerminalBackAndFgTakesItAgain() throws {
        // Given: the viewer running on a terminal that answered
        let terminal = try PlayedTerminal(BuiltBinary.photofeed, ["--feed", BuiltBinary.assetsDirectory.path], environment: try Self.environment())
        #expect(terminal.answer(.text(PlayedTerminal.Answer.kitty)))
        terminal.drain(for: .milliseconds(800))
        let pid = terminal.process.processIdentifier
        // When: Ctrl-Z is typed
        terminal.write([0x1A])
        let stopped = terminal.read(within: .seconds(10)) { _ in Self.isStopped(pid) }
        // Then: the process stops with the terminal given back (line modes, main screen, mouse off)
        #expect(stopped, "the viewer did not stop")
        terminal.drain(for: .milliseconds(200))  // what it wrote before stopping
        #expect(terminal.modesRestored)
        #expect(terminal.text.contains("\u{1B}[?1049l") && terminal.text.contains("\u{1B}[?1002l"))
        // When: the shell continues it
        let before = terminal.output.count
        kill(pid, SIGCONT)
        let redrawn = terminal.read(within: .seconds(10)) { $0.count > before + 200 }
        // Then: it takes the terminal again and redraws; q still quits cleanly
        #expect(redrawn, "no redraw after SIGCONT")
        #expect(!terminal.modesRestored, "the viewer runs in raw mode again")
        terminal.write(Array("q".utf8))
        #expect(terminal.exitStatus(within: .seconds(10)) == 0)
        #expect(terminal.modesRestored)
    }

    /// Whether process `pid` is stopped (state `T` in /proc).
    private static func isStopped(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = status.lastIndex(of: ")")
        else { return false }
        return status[status.index(close, offsetBy: 2)] == "T"
    }

    @Test func ctrlCWhileShowWaitsForLateRepliesEndsItWithTheTerminalBack() throws {
        // Given: show on a terminal that does not answer: after printing it waits (in raw mode)
        // for replies still on their way
        let terminal = try PlayedTerminal(BuiltBinary.photofeed, ["show", "--probe"], environment: try Self.environment())
        #expect(terminal.read(within: .seconds(10)) { String(decoding: $0, as: UTF8.self).contains("pictures") })
        // When: SIGINT arrives during that wait
        kill(terminal.process.processIdentifier, SIGINT)
        // Then: it ends by the signal, the terminal's modes as they were
        #expect(terminal.exitStatus(within: .seconds(10)) == 130)
        #expect(terminal.modesRestored)
    }

    @Test func sigtstpDuringTheProbeStopsWithTheTerminalBackAndGoesOnAfterFg() throws {
        // Given: the viewer asking a terminal that has not answered yet
        let terminal = try PlayedTerminal(BuiltBinary.photofeed, ["--feed", BuiltBinary.assetsDirectory.path], environment: try Self.environment())
        #expect(terminal.read(within: .seconds(10), until: PlayedTerminal.askedEverything))
        let pid = terminal.process.processIdentifier
        // When: SIGTSTP comes mid-probe
        kill(pid, SIGTSTP)
        // Then: it stops once the terminal's modes and the probe's file are back
        #expect(terminal.read(within: .seconds(10)) { _ in Self.isStopped(pid) }, "the viewer did not stop")
        #expect(terminal.modesRestored)
        #expect(PlayedTerminal.leftoverFiles(of: pid).isEmpty)
        // When: continued, it starts the viewer; q quits it cleanly
        kill(pid, SIGCONT)
        terminal.drain(for: .milliseconds(800))
        terminal.write(Array("q".utf8))
        #expect(terminal.exitStatus(within: .seconds(10)) == 0)
        #expect(terminal.modesRestored)
    }
}
