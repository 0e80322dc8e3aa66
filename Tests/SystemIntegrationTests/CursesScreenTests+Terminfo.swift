#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TerminalGraphics
import TerminalKit
import TerminalScreen
import TestSupport
import Vocabulary

/// What the screen does with what a terminfo entry lacks: no alternate screen (the Linux
/// console; GNU screen, which ignores its entry's by default), and eight colours where sixteen
/// were decided.
extension CursesScreenTests {
    private func drawAndClose(terminalType: String, clearsOnClose: Bool = false) throws -> String {
        let pty = try #require(PseudoTerminal(rows: 8, columns: 30))
        var configuration = CursesScreenConfiguration(
            terminalType: terminalType, inputDescriptor: pty.follower, outputDescriptor: pty.follower, handlesSignals: false,
            enablesMouse: false)
        configuration.clearsOnClose = clearsOnClose
        let screen = try CursesScreen(configuration: configuration)
        var block = CellBlock(size: CellSize(columns: 10, rows: 1))
        block.write("frame-text", at: .zero)
        screen.draw(block, at: CellPoint(row: 7, column: 0))
        screen.flush()
        _ = pty.read { $0.contains("frame-text") }
        screen.close()
        let all = pty.read(until: { _ in false }, timeoutMilliseconds: 200)
        return String(all[all.range(of: "frame-text")!.upperBound...])
    }

    @Test(.tags(.realTime)) func whereTerminfoHasNoAlternateScreenWhatWasDrawnIsClearedOnClose() throws {
        // Given the Linux console's entry (no smcup): after the last frame, the screen is cleared
        #expect(try drawAndClose(terminalType: "linux").contains("\u{1B}[H\u{1B}[J"))
        // And GNU screen (its entry has one, screen ignores it): cleared when asked to
        #expect(try drawAndClose(terminalType: "screen", clearsOnClose: true).contains("\u{1B}[H\u{1B}[J"))
        // And xterm's alternate screen is simply left, not cleared
        let xterm = try drawAndClose(terminalType: "xterm-256color")
        #expect(xterm.contains("\u{1B}[?1049l") && !xterm.contains("\u{1B}[H\u{1B}[2J"))
    }

    @Test(.tags(.realTime)) func brightColoursOnAnEightColourEntryAreBrightSGRNeverBlack() throws {
        // Given photofeed's 16-colour entry for GNU screen's 8-colour `screen`
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("terminfo16-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: cache) }
        let entry = try #require(PrivateTerminfo.entry(for: "screen", kind: .sixteenColor, environment: ["XDG_CACHE_HOME": cache.path]))
        PrivateTerminfo.activate(directory: entry.directory)
        let pty = try #require(PseudoTerminal(rows: 6, columns: 30))
        let screen = try CursesScreen(configuration: CursesScreenConfiguration(
            terminalType: entry.name, inputDescriptor: pty.follower, outputDescriptor: pty.follower, handlesSignals: false,
            enablesMouse: false, maximumColors: .ansi16))
        defer { screen.close() }
        #expect(screen.colorCapability == .ansi16)
        // When bright red on bright blue is drawn
        var block = CellBlock(size: CellSize(columns: 6, rows: 1))
        block.write("bright", at: .zero, style: CellStyle(foreground: .indexed(9), background: .indexed(12)))
        screen.draw(block, at: CellPoint(row: 1, column: 0))
        screen.flush()
        let drawn = pty.read { $0.contains("bright") }
        // Then the terminal is sent SGR 91 and 104, not black
        #expect(drawn.contains("\u{1B}[91m"))
        #expect(drawn.contains("\u{1B}[104m"))
    }
}
