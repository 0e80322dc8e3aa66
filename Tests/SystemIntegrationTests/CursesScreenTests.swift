#if canImport(Glibc)
import Glibc
#endif
import ImageCodecs
import Testing
@testable import TerminalScreen
import TestSupport
import TerminalGraphics
import Vocabulary
import TerminalText

/// Smoke tests of the real ncurses screen on a pseudo-terminal (xterm-256color terminfo).
///
/// One serialized suite: ncurses has process-wide state, and the signal test
/// changes signal dispositions while it runs.
@Suite("CursesScreen on a pty", .serialized, .tags(.realTime))
struct CursesScreenTests {
    private func makeScreen(_ pty: PseudoTerminal, signals: Bool = false) throws -> CursesScreen {
        try CursesScreen(configuration: CursesScreenConfiguration(
            terminalType: "xterm-256color", inputDescriptor: pty.follower, outputDescriptor: pty.follower,
            handlesSignals: signals))
    }

    @Test func drawsWideTextInColourOnTheAlternateScreenAndRestoresIt() throws {
        // Given a screen on a 10×40 pty
        let pty = try #require(PseudoTerminal(rows: 10, columns: 40))
        let screen = try makeScreen(pty)
        #expect(screen.size == CellSize(columns: 40, rows: 10))
        #expect(screen.colorCapability == .palette256)
        // When a hostile author and a wide name are drawn in red and flushed
        var block = CellBlock(size: CellSize(columns: 30, rows: 1))
        block.write(TextSanitizer.sanitize("\u{1B}]0;owned\u{07}Eve 日本"), at: .zero,
                    style: CellStyle(foreground: .rgb(255, 0, 0), attributes: .bold))
        screen.draw(block, at: CellPoint(row: 2, column: 3))
        screen.flush()
        // Then the terminal entered the alternate screen and received the text with a 256-colour red
        let drawn = pty.read { $0.contains("日本") }
        #expect(drawn.contains("\u{1B}[?1049h"))
        #expect(drawn.contains("Eve 日本"))
        #expect(drawn.contains("196m"))
        #expect(!drawn.contains("owned"))
        // When the screen closes, the alternate screen is left
        screen.close()
        #expect(pty.read { $0.contains("\u{1B}[?1049l") }.contains("\u{1B}[?1049l"))
    }

    @Test func aTerminalThatCannotMoveItsCursorOrGiveKeysIsRefusedByName() throws {
        // Given a pty
        let pty = try #require(PseudoTerminal(rows: 8, columns: 30))
        // When the screen is started with TERM=dumb, it is refused, naming the type and what to do
        #expect(throws: ScreenError.cannotAddressCursor("dumb")) {
            _ = try CursesScreen(configuration: CursesScreenConfiguration(
                terminalType: "dumb", inputDescriptor: pty.follower, outputDescriptor: pty.follower, handlesSignals: false))
        }
        #expect(ScreenError.cannotAddressCursor("dumb").description.contains("TERM"))
        // And nothing was drawn: no alternate screen entered
        #expect(!pty.read(until: { _ in false }, timeoutMilliseconds: 50).contains("\u{1B}[?1049h"))
        // When keys would come from a pipe, the error names stdin
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(throws: ScreenError.inputNotATerminal) {
            _ = try CursesScreen(configuration: CursesScreenConfiguration(
                terminalType: "xterm-256color", inputDescriptor: fds[0], outputDescriptor: pty.follower, handlesSignals: false))
        }
        #expect(ScreenError.inputNotATerminal.description.contains("stdin"))
        #expect(ScreenError.notATerminal.description.contains("stdout"))
    }

    @Test func aMovedITermImageCostsAWholeRepaintSoNoneIsLeftBehind() throws {
        // Given a screen showing two iTerm2 pictures
        let pty = try #require(PseudoTerminal(rows: 12, columns: 40))
        let screen = try makeScreen(pty)
        func image(_ shade: UInt8) -> TerminalImage {
            TerminalImage(bitmap: Bitmap(width: 20, height: 40, fill: RGBA(shade, 0, 0)), cells: CellSize(columns: 2, rows: 2), graphics: .iterm)
        }
        var first = Frame(size: screen.size)
        first.place(Picture(cells: CellBlock(size: image(1).cells), image: image(1)), for: "a", at: CellPoint(row: 1, column: 1))
        first.place(Picture(cells: CellBlock(size: image(2).cells), image: image(2)), for: "b", at: CellPoint(row: 6, column: 1))
        screen.apply(FrameChanges(from: nil, to: first))
        #expect(pty.read { $0.components(separatedBy: "1337;File=").count == 3 }.components(separatedBy: "1337;File=").count == 3)

        // When one picture moves down a line
        var second = Frame(size: screen.size)
        second.place(Picture(cells: CellBlock(size: image(1).cells), image: image(1)), for: "a", at: CellPoint(row: 2, column: 1))
        second.place(Picture(cells: CellBlock(size: image(2).cells), image: image(2)), for: "b", at: CellPoint(row: 6, column: 1))
        let before = pty.text.count
        screen.apply(FrameChanges(from: first, to: second))

        // Then the screen is cleared (the only erase some terminals honour for these images)
        // and both pictures are drawn again
        let after = pty.read { String($0.dropFirst(before)).components(separatedBy: "1337;File=").count == 3 }
        let written = String(after.dropFirst(before))
        #expect(written.contains("\u{1B}[H\u{1B}[2J"))
        #expect(written.components(separatedBy: "1337;File=").count == 3)
        screen.close()
    }

    @Test func aSixelIsDrawnAgainWhenTextOnItsLinesChanges() throws {
        // Given a screen showing a sixel picture at rows 1–2 with a caption beside it
        let pty = try #require(PseudoTerminal(rows: 12, columns: 40))
        let screen = try makeScreen(pty)
        let image = TerminalImage(
            bitmap: Bitmap(width: 20, height: 40, fill: RGBA(200, 0, 0)), cells: CellSize(columns: 2, rows: 2), graphics: .sixel)
        func frame(focusBar: Bool) -> Frame {
            var frame = Frame(size: screen.size)
            frame.place(Picture(cells: CellBlock(size: image.cells), image: image), for: "a", at: CellPoint(row: 1, column: 2))
            var caption = CellBlock(size: CellSize(columns: 10, rows: 1))
            caption.write("caption", at: .zero, style: focusBar ? CellStyle(attributes: .reverse) : CellStyle())
            frame.draw(caption, at: CellPoint(row: 1, column: 8))
            if focusBar { frame.draw(CellBlock(size: CellSize(columns: 1, rows: 1), fill: ScreenCell("▌")), at: CellPoint(row: 2, column: 0)) }
            return frame
        }
        let first = frame(focusBar: true)
        screen.apply(FrameChanges(from: nil, to: first))
        #expect(pty.read { $0.contains("\u{1B}P0;1;0q") }.components(separatedBy: "\u{1B}P0;1;0q").count == 2)

        // When only the text on its lines changes (the focus leaves the row: ncurses may erase
        // those lines with EL/EL1, which takes the pixels with them)
        let before = pty.text.count
        screen.apply(FrameChanges(from: first, to: frame(focusBar: false)))

        // Then the sixel is drawn again after the text
        let after = pty.read { String($0.dropFirst(before)).contains("\u{1B}P0;1;0q") }
        let written = String(after.dropFirst(before))
        #expect(written.contains("caption"))
        #expect(written.contains("\u{1B}P0;1;0q"))
        screen.close()
    }

    @Test func runRestoresTheTerminalWhenTheLoopThrows() async throws {
        struct LoopFailed: Error {}
        // Given a pty
        let pty = try #require(PseudoTerminal(rows: 8, columns: 30))
        let configuration = CursesScreenConfiguration(
            terminalType: "xterm-256color", inputDescriptor: pty.follower, outputDescriptor: pty.follower,
            handlesSignals: false)
        // When the body draws and then throws
        await #expect(throws: LoopFailed.self) {
            try await CursesScreen.run(configuration: configuration) { screen in
                screen.put("hi".map { ScreenCell($0) }, at: .zero)
                screen.flush()
                throw LoopFailed()
            }
        }
        // Then the alternate screen was entered and left again
        let output = pty.read { $0.contains("\u{1B}[?1049l") }
        #expect(output.contains("\u{1B}[?1049h"))
        #expect(output.contains("\u{1B}[?1049l"))
    }

    @Test func typedKeysWakeTheLoopAndDecode() async throws {
        // Given a screen and a waiting loop
        let pty = try #require(PseudoTerminal(rows: 10, columns: 40))
        let screen = try makeScreen(pty)
        defer { screen.close() }
        var wakeups = screen.wakeups.makeAsyncIterator()
        #expect(screen.readInput(timeout: .zero) == nil)
        // When keys are typed (j, arrow down in keypad mode, a wide character)
        pty.type("j\u{1B}OB日")
        // Then the loop is woken and drains them in order
        #expect(await wakeups.next() != nil)
        var events: [InputEvent] = []
        while events.count < 3, let event = screen.readInput(timeout: .seconds(2)) {
            events.append(event)
        }
        #expect(events == [.key(.character("j")), .key(.down), .key(.character("日"))])
        #expect(screen.readInput(timeout: .zero) == nil)
    }

    @Test func sequencesTerminfoLacksAreReadWholeAndALoneEscapeIsEscape() async throws {
        // Given a screen on xterm-256color, whose terminfo has no ESC [ 1 ~ (tmux's Home)
        let pty = try #require(PseudoTerminal(rows: 10, columns: 40))
        let screen = try makeScreen(pty)
        defer { screen.close() }
        // When tmux's Home and End, a bracketed paste of bound keys, an unknown sequence and j are typed
        pty.type("\u{1B}[1~\u{1B}[4~\u{1B}[200~qq\u{1B}[201~\u{1B}[99~j")
        var events: [InputEvent] = []
        while events.count < 3, let event = screen.readInput(timeout: .seconds(2)) {
            events.append(event)
        }
        // Then they are Home, End and j: nothing of the paste or the unknown sequence leaks out
        #expect(events == [.key(.home), .key(.end), .key(.character("j"))])
        #expect(screen.readInput(timeout: .zero) == nil)
        // When a lone ESC is typed, it is the Escape key once the escape delay passes
        pty.type("\u{1B}")
        #expect(screen.readInput(timeout: .seconds(2)) == .key(.escape))
    }

    @Test func windowChangeAndTerminationSignalsBecomeEvents() async throws {
        // Given a screen that handles signals
        let pty = try #require(PseudoTerminal(rows: 10, columns: 40))
        let screen = try makeScreen(pty, signals: true)
        defer { screen.close() }
        var wakeups = screen.wakeups.makeAsyncIterator()
        // When the terminal is resized and SIGWINCH arrives
        pty.setSize(rows: 12, columns: 50)
        await signalUntilWoken(SIGWINCH, &wakeups)
        // Then the next event is the resize, with the new size applied
        #expect(screen.readInput(timeout: .zero) == .resize(CellSize(columns: 50, rows: 12)))
        #expect(screen.size == CellSize(columns: 50, rows: 12))
        // And the KEY_RESIZE ncurses queues after resizing is not reported again
        #expect(screen.readInput(timeout: .zero) == nil)
        // When SIGTERM arrives, it is an event, not the end of the process
        await signalUntilWoken(SIGTERM, &wakeups)
        #expect(screen.readInput(timeout: .zero) == .interrupt(.terminate))
    }

    /// Sends `signal` to this process until the screen wakes up.
    ///
    /// libdispatch registers a signal source asynchronously after `resume()`, so a signal
    /// sent at once could be missed (it is ignored at the process level meanwhile); the
    /// sender repeats it until the wake-up is seen. Synchronisation is on the wake-up.
    private func signalUntilWoken(_ signal: Int32, _ wakeups: inout AsyncStream<Void>.Iterator) async {
        let woken = Flag()
        let sender = Task.detached {
            while !woken.isSet, !Task.isCancelled {
                kill(getpid(), signal)
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        _ = await wakeups.next()
        woken.set()
        sender.cancel()
        // No signal may arrive after the screen restored the default dispositions.
        await sender.value
    }
}
