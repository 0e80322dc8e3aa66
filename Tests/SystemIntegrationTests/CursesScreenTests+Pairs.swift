import Foundation
import Testing
import TerminalGraphics
import TerminalScreen
import TestSupport
import Vocabulary

/// Colour pairs once a photo's colours have filled the table: a frame whose new colours do not
/// fit lets every pair go at once and is written whole, never a pair redefined under cells on
/// screen (each of which costs ncurses a pass over the whole screen).
extension CursesScreenTests {
    /// A frame of `size` whose every cell has a colour combination of its own, the `index`-th
    /// frame's combinations following the one before's (256 × 256 of them in all).
    private func colourful(_ size: CellSize, index: Int) -> Frame {
        var frame = Frame(size: size)
        var block = CellBlock(size: size)
        for row in 0..<size.rows {
            for column in 0..<size.columns {
                let combination = index * size.columns * size.rows + row * size.columns + column
                let style = CellStyle(foreground: .indexed(UInt8(combination % 256)), background: .indexed(UInt8(combination / 256 % 256)))
                block.write("▀", at: CellPoint(row: row, column: column), style: style)
            }
        }
        frame.draw(block, at: .zero)
        return frame
    }

    @Test(.tags(.realTime)) func framesOfNewColoursStartANewGenerationOfPairsNeverRedefineOne() throws {
        // Given a 10×40 screen on xterm-256color (32,766 pairs) and frames of 400 new colour
        // combinations each
        let pty = try #require(PseudoTerminal(rows: 10, columns: 40))
        let screen = try CursesScreen(configuration: CursesScreenConfiguration(
            terminalType: "xterm-256color", inputDescriptor: pty.follower, outputDescriptor: pty.follower, handlesSignals: false,
            enablesMouse: false))
        defer { screen.close() }

        // When 100 of them are shown one after another (40,000 combinations), the terminal
        // reading what each writes
        var previous: Frame?
        var before = 0
        for index in 0..<100 {
            let frame = colourful(screen.size, index: index)
            before = pty.text.count
            screen.apply(FrameChanges(from: previous, to: frame))
            _ = pty.read(until: { _ in false }, timeoutMilliseconds: 0)
            previous = frame
        }
        // The last frame's last cell: combination 99 × 400 + 399 = 39,999 (fg 63 on bg 156)
        let last = pty.read { String($0.dropFirst(before)).contains("38;5;63m") && String($0.dropFirst(before)).contains("48;5;156m") }

        // Then the table was let go at once (at least once), no pair was ever redefined under
        // the cells on screen, and the last frame's colours were written
        #expect(screen.colorPairGenerations >= 1)
        #expect(screen.colorPairEvictions == 0)
        #expect(String(last.dropFirst(before)).contains("48;5;156m"))
    }
}
