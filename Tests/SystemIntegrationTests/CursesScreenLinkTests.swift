import Dispatch
import Foundation
import ImageCodecs
import Synchronization
import TerminalGraphics
import TerminalKit
import Testing
import TestSupport
import Vocabulary
@testable import TerminalScreen
@testable import TerminalScreenTests

#if canImport(Glibc)
import Glibc
#endif

/// The real screen on a pty whose terminal reads what it is sent only when the test says — a
/// link that delivers nothing until told, so every count is of bytes, never of time. A thread
/// takes the screen's output off the pty at once (the screen's writes never wait); the test
/// then "delivers" it a piece at a time and answers each DA1 fence it delivers, as a terminal
/// at the end of a slow link does.
@Suite("CursesScreen on a measured link", .serialized, .tags(.realTime))
struct CursesScreenLinkTests {
    /// The terminal's side: what the screen wrote, and how much of it was delivered.
    final class SlowTerminal {
        /// What the screen wrote, filled by the reading thread.
        final class Output: Sendable {
            let bytes = Mutex<[UInt8]>([])
        }

        let pty: PseudoTerminal
        private let output = Output()
        private let arrived = DispatchSemaphore(value: 0)
        private let delivered = Mutex(0)

        init(_ pty: PseudoTerminal) {
            self.pty = pty
            // The thread reads its own descriptor and closes it: once every follower descriptor
            // is closed its read fails and it ends (a descriptor closed under a blocked read
            // would be reused by the next test's pty, and its output read here).
            let leader = dup(pty.leader)
            let thread = Thread { [output, arrived] in
                defer { close(leader) }
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(leader, $0.baseAddress, $0.count) }
                    guard count > 0 else { return }
                    output.bytes.withLock { $0 += buffer[0..<count] }
                    arrived.signal()
                }
            }
            thread.start()
        }

        /// Everything the screen wrote so far.
        var written: [UInt8] { output.bytes.withLock { $0 } }

        /// Waits until what the screen wrote satisfies `predicate` (at most 5 s).
        func wait(until predicate: ([UInt8]) -> Bool) -> [UInt8] {
            let deadline = DispatchTime.now() + .seconds(5)
            while !predicate(written) {
                if arrived.wait(timeout: deadline) == .timedOut { break }
            }
            return written
        }

        /// Waits until a fence follows the last picture escape written (the one after pixels;
        /// a fence before them measures the link's own delay).
        func waitForFenceAfterPixels() -> [UInt8] {
            wait { bytes in
                guard let pixels = Self.lastIndex(of: [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")], in: bytes) else { return false }
                return Self.find(CursesScreen.fence, in: bytes, from: pixels) != nil
            }
        }

        static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
            var found: Int?
            var start = 0
            while let index = find(needle, in: haystack, from: start) {
                found = index
                start = index + 1
            }
            return found
        }

        /// Waits until a fence not delivered yet was written.
        func waitForUndeliveredFence() -> [UInt8] {
            let start = delivered.withLock { $0 }
            return wait { Self.find(CursesScreen.fence, in: $0, from: start) != nil }
        }

        /// Delivers what was written up to and including the next fence, answering it; false
        /// when no fence is undelivered.
        func deliverToNextFence() -> Bool {
            let bytes = written
            let start = delivered.withLock { $0 }
            guard let fence = Self.find(CursesScreen.fence, in: bytes, from: start) else { return false }
            delivered.withLock { $0 = fence + CursesScreen.fence.count }
            pty.type("\u{1B}[?62;c")
            return true
        }

        /// Bytes written and not delivered yet.
        var undelivered: Int { written.count - delivered.withLock { $0 } }

        static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
            guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
            for index in start...(haystack.count - needle.count) where haystack[index] == needle[0] {
                if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            }
            return nil
        }
    }

    private func makeScreen(_ pty: PseudoTerminal) throws -> CursesScreen {
        var configuration = CursesScreenConfiguration(
            terminalType: "xterm-256color", inputDescriptor: pty.follower, outputDescriptor: pty.follower,
            handlesSignals: false, enablesMouse: false, graphicsTransport: GraphicsTransport(medium: .inline))
        configuration.pacesPictures = true
        return try CursesScreen(configuration: configuration)
    }

    /// A placeholder picture of raw noise: 16,384 base64 bytes, four chunks.
    private func picture(_ seed: Int) -> TerminalImage { NoisePicture.make(seed, graphics: .kittyPlaceholders) }

    private func frame(_ pictures: [(String, TerminalImage, Int)], status: String) -> Frame {
        var frame = Frame(size: CellSize(columns: 40, rows: 20))
        for (key, image, row) in pictures {
            frame.place(Picture(cells: image.graphics.cells(for: image), image: image), for: key, at: CellPoint(row: row, column: 0))
        }
        var line = CellBlock(size: CellSize(columns: 40, rows: 1))
        line.write(status, at: .zero, style: .plain)
        frame.draw(line, at: CellPoint(row: 19, column: 0))
        return frame
    }

    /// The kitty escapes in `bytes`: each one's keys (before `;`).
    private func kittyKeys(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}_G").dropFirst().map {
            String($0.prefix { $0 != ";" && $0 != "\u{1B}" })
        }
    }

    @Test func picturesWaitForTheWindowAndTextNeverWaitsBehindThem() throws {
        // Given a screen on a link that has delivered nothing, and a frame of three pictures
        let pty = try #require(PseudoTerminal(rows: 20, columns: 40))
        let terminal = SlowTerminal(pty)
        let screen = try makeScreen(pty)
        defer { screen.close() }
        let images = [picture(1), picture(2), picture(3)]
        let first = frame([("a", images[0], 0), ("b", images[1], 5), ("c", images[2], 10)], status: "row 1/3")
        // When the frame is shown, and shown again twice with nothing delivered
        screen.apply(FrameChanges(from: nil, to: first))
        var bytes = terminal.waitForFenceAfterPixels()
        let sentFirst = kittyKeys(bytes).count
        screen.apply(FrameChanges(from: first, to: first))
        screen.apply(FrameChanges(from: first, to: first))
        // Then pixels went only up to the initial window (a piece at least, never all three
        // pictures), and no more while nothing is answered
        #expect(sentFirst >= 1 && sentFirst <= TerminalLink.initialWindow / CutTransmission.pieceSize + 1)
        #expect(kittyKeys(terminal.written).count == sentFirst)
        // When a key's frame changes the text
        let moved = frame([("a", images[0], 0), ("b", images[1], 5), ("c", images[2], 10)], status: "moved down")
        screen.apply(FrameChanges(from: first, to: moved))
        // Then its text is written at once, behind at most the window of undelivered bytes
        bytes = terminal.wait { String(decoding: $0, as: UTF8.self).contains("moved down") }
        #expect(String(decoding: bytes, as: UTF8.self).contains("moved down"))
        let window = try #require(screen.linkReading).window
        #expect(terminal.undelivered <= window + KittyGraphics.chunkSize + 512)
        // When the terminal delivers to each fence and answers, frame after frame
        var rounds = 0
        while try #require(screen.linkReading).awaitsAnswer, rounds < 80 {
            rounds += 1
            _ = terminal.waitForUndeliveredFence()
            #expect(terminal.deliverToNextFence())
            let before = terminal.written.count
            _ = screen.readInput(timeout: .seconds(2))
            screen.apply(FrameChanges(from: moved, to: moved))
            // Then each round writes at most the window (and a chunk past it when the link was idle)
            let reading = try #require(screen.linkReading)
            #expect(terminal.written.count - before <= reading.window + KittyGraphics.chunkSize + 64)
        }
        // And all three pictures arrive whole, each transmitted once
        let keys = kittyKeys(terminal.written)
        #expect(keys.filter { $0.contains("m=0") }.count == 3)
        for image in images { #expect(keys.filter { $0.contains("i=\(image.id)") }.count == 1) }
        #expect(!screen.hasWaitingPictures)
    }

    @Test func aPictureWhoseRowLeftIsNeverWrittenAndOneCutShortIsDeleted() throws {
        // Given a screen on a link that has delivered nothing, with two pictures on screen
        let pty = try #require(PseudoTerminal(rows: 20, columns: 40))
        let terminal = SlowTerminal(pty)
        let screen = try makeScreen(pty)
        defer { screen.close() }
        let (a, b) = (picture(4), picture(5))
        let both = frame([("a", a, 0), ("b", b, 5)], status: "row 1/2")
        screen.apply(FrameChanges(from: nil, to: both))
        _ = terminal.waitForFenceAfterPixels()
        let started = kittyKeys(terminal.written)
        #expect(started.first?.contains("i=\(a.id)") == true)
        #expect(!started.contains { $0.contains("i=\(b.id)") })
        // When both rows leave the screen before anything is delivered
        let gone = frame([], status: "row 9/9")
        screen.apply(FrameChanges(from: both, to: gone))
        // Then a's transmission is given up (its image deleted) and b is never written
        let bytes = terminal.wait { String(decoding: $0, as: UTF8.self).contains("a=d,d=I,i=\(a.id)") }
        #expect(String(decoding: bytes, as: UTF8.self).contains("a=d,d=I,i=\(a.id)"))
        // When the terminal delivers everything and answers
        while try #require(screen.linkReading).awaitsAnswer {
            _ = terminal.waitForUndeliveredFence()
            #expect(terminal.deliverToNextFence())
            _ = screen.readInput(timeout: .seconds(2))
            screen.apply(FrameChanges(from: gone, to: gone))
        }
        // Then nothing more of either was written after the deletion
        let keys = kittyKeys(terminal.written)
        let deletion = try #require(keys.firstIndex { $0.contains("a=d,d=I,i=\(a.id)") })
        #expect(keys[(deletion + 1)...].allSatisfy { $0.hasPrefix("a=d") })
        #expect(!keys.contains { $0.contains("i=\(b.id)") && !$0.hasPrefix("a=d") })
        #expect(!screen.hasWaitingPictures)
    }

    @Test func aPictureWaitingBehindTextInFlightIsDrawnOnceItArrived() throws {
        // Given a screen whose link has about 3 KB of text in flight, unfenced (more than crumbs,
        // less than half the window)
        let pty = try #require(PseudoTerminal(rows: 20, columns: 40))
        let terminal = SlowTerminal(pty)
        let screen = try makeScreen(pty)
        defer { screen.close() }
        var page = Frame(size: CellSize(columns: 40, rows: 20))
        for row in 0..<6 {
            for column in 0..<40 {
                // A colour a cell: each cell costs its own SGR.
                var cell = CellBlock(size: CellSize(columns: 1, rows: 1))
                cell.write("x", at: .zero, style: CellStyle(foreground: .indexed(UInt8(16 + (row * 40 + column) % 200))))
                page.draw(cell, at: CellPoint(row: row, column: column))
            }
        }
        screen.apply(FrameChanges(from: nil, to: page))
        _ = terminal.wait { $0.count > TerminalLink.smallAhead }
        #expect(SlowTerminal.find(CursesScreen.fence, in: terminal.written, from: 0) == nil)
        // When a sixel picture larger than what the window has left comes
        let image = NoisePicture.make(6, graphics: .sixel)
        var shown = page
        shown.place(Picture(cells: CellBlock(size: image.cells), image: image), for: "a", at: CellPoint(row: 0, column: 0))
        screen.apply(FrameChanges(from: page, to: shown))
        // Then it waits, behind a fence that measures the text ahead of it
        #expect(screen.hasWaitingPictures)
        _ = terminal.wait { SlowTerminal.find(CursesScreen.fence, in: $0, from: 0) != nil }
        #expect(terminal.deliverToNextFence())
        // And once that is answered, the next frame draws it
        _ = screen.readInput(timeout: .seconds(2))
        screen.apply(FrameChanges(from: shown, to: shown))
        let bytes = terminal.wait { String(decoding: $0, as: UTF8.self).contains("\u{1B}P") }
        #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}P"))
        #expect(!screen.hasWaitingPictures)
    }
}
