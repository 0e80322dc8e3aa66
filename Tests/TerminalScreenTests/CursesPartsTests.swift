import Testing
#if canImport(Glibc)
import Glibc
#endif
import TerminalKit
@testable import TerminalScreen

@Suite("Curses pure parts")
struct CursesPartsTests {
    @Test func nearest256PicksCubeOrGray() {
        #expect(XtermPalette.nearest256(red: 255, green: 0, blue: 0) == 196)
        #expect(XtermPalette.nearest256(red: 0, green: 0, blue: 0) == 16)
        #expect(XtermPalette.nearest256(red: 255, green: 255, blue: 255) == 231)
        #expect(XtermPalette.nearest256(red: 48, green: 48, blue: 48) == 236)
        #expect(XtermPalette.nearest256(red: 128, green: 128, blue: 128) == 244)
        // Every cube entry maps back to itself.
        for index in UInt8(16)...UInt8(231) {
            let rgb = XtermPalette.rgb(of: index)
            #expect(XtermPalette.nearest256(red: rgb.red, green: rgb.green, blue: rgb.blue) == index)
        }
    }

    @Test func nearestANSI() {
        #expect(XtermPalette.nearestANSI(red: 250, green: 10, blue: 10) == 9)
        #expect(XtermPalette.nearestANSI(red: 190, green: 0, blue: 0, count: 8) == 1)
    }

    @Test func colorNumbersPerCapability() {
        #expect(CursesScreen.colorNumber(.default, capability: .truecolor) == -1)
        #expect(CursesScreen.colorNumber(.rgb(255, 0, 0), capability: .truecolor) == 0xFF0000)
        #expect(CursesScreen.colorNumber(.rgb(0, 0, 1), capability: .truecolor) == 8)
        #expect(CursesScreen.colorNumber(.indexed(3), capability: .truecolor) == 3)
        #expect(CursesScreen.colorNumber(.indexed(196), capability: .truecolor) == 0xFF0000)
        #expect(CursesScreen.colorNumber(.rgb(255, 0, 0), capability: .palette256) == 196)
        #expect(CursesScreen.colorNumber(.indexed(196), capability: .ansi16) == 9)
        #expect(CursesScreen.colorNumber(.rgb(255, 0, 0), capability: .none) == -1)
    }

    @Test func pairsAreReusedAndEvictedLeastRecentlyUsedFirst() {
        var pairs = ColorPairAllocator(capacity: 3)
        #expect(pairs.pair(foreground: -1, background: -1) == (0, false))
        #expect(pairs.pair(foreground: 1, background: 2) == (1, true))
        #expect(pairs.pair(foreground: 3, background: 4) == (2, true))
        #expect(pairs.pair(foreground: 1, background: 2) == (1, false))
        #expect(pairs.pair(foreground: 5, background: 6) == (3, true))
        // Full: (3, 4) on pair 2 is the least recently used.
        #expect(pairs.pair(foreground: 7, background: 8) == (2, true))
        #expect(pairs.evictions == 1)
        #expect(pairs.count == 3)
        // The evicted combination needs a pair again.
        #expect(pairs.pair(foreground: 3, background: 4).isNew)
    }

    @Test func screenInputTurnsBytesIntoEventsAndRepliesIntoReplies() {
        // Given: keys, a mouse wheel, Ctrl-C and Ctrl-Z, and a late reply among them
        var input = ScreenInput(escapeDelay: .milliseconds(50))
        input.feed(Array("j\u{1B}[<65;2;3M\u{1B}P>|XTerm(379)\u{1B}\\\u{03}\u{1A}\u{1B}[A".utf8), at: .now)
        var events: [InputEvent] = []
        while let event = input.next() { events.append(event) }
        // Then: each is what it means; the reply is never a key
        #expect(events == [
            .key(.character("j")), .mouseWheel(.down), .terminalReply(.version("XTerm(379)")), .interrupt(.interrupt),
            .suspend, .key(.up),
        ])
    }

    @Test func aLoneEscapeWaitsLongerWhileTheStartUpQuestionsAreUnanswered() {
        let start = ContinuousClock.now
        // Given: the probe gave up before the fence
        var input = ScreenInput(escapeDelay: .milliseconds(50), outstandingSince: start)
        // Then: a lone ESC may begin a late reply: it waits 250 ms, not 50
        #expect(input.escapeDelay(at: start + .milliseconds(10)) == .milliseconds(250))
        // When: the fence arrives
        input.feed(Array("\u{1B}[?62;4c".utf8), at: start + .milliseconds(300))
        // Then: the usual delay again
        #expect(input.escapeDelay(at: start + .milliseconds(310)) == .milliseconds(50))
        #expect(input.next() == .terminalReply(.primaryDeviceAttributes([62, 4])))
        // And: with no fence, the longer wait ends 5 s after the start
        let silent = ScreenInput(escapeDelay: .milliseconds(50), outstandingSince: start)
        #expect(silent.escapeDelay(at: start + .seconds(6)) == .milliseconds(50))
    }

    @Test func aReplyCutByTheProbeDeadlineIsFinishedNotTypedAndAStaleOneIsDropped() {
        let start = ContinuousClock.now
        // Given: the probe read half of a version reply before its deadline
        var probe = TerminalReplies()
        probe.feed(Array("\u{1B}P>|qq".utf8))
        var input = ScreenInput(escapeDelay: .milliseconds(50), parser: probe.inputParser, outstandingSince: start)
        // When: the rest arrives in the viewer
        input.feed(Array("(1)\u{1B}\\".utf8), at: start + .milliseconds(400))
        // Then: one reply, no q (quit) key
        #expect(input.next() == .terminalReply(.version("qq(1)")))
        #expect(input.next() == nil)
        // And: a broken reply left unfinished for a second does not swallow the next key
        input.feed(Array("\u{1B}P>|broken".utf8), at: start + .seconds(1))
        input.expireStale(at: start + .seconds(3))
        input.feed(Array("j".utf8), at: start + .seconds(3))
        #expect(input.next() == .key(.character("j")))
    }

    @Test func notATerminalIsAClearError() {
        // Given descriptors that are not terminals (a pipe)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        // When a curses screen is started on them
        #expect(throws: ScreenError.notATerminal) {
            _ = try CursesScreen(configuration: CursesScreenConfiguration(
                inputDescriptor: fds[0], outputDescriptor: fds[1], handlesSignals: false))
        }
        #expect(ScreenError.notATerminal.description.contains("snapshot"))
    }
}
