import Foundation
import ImageCodecs
import Testing
import TerminalUI

/// The start-up probe's replies as real terminals send them (canned), and the choices made
/// from them: which backend, why, and whether 24-bit colour can be used.
@Suite("Terminal probing")
struct TerminalProbeTests {
    private func replies(_ text: String, pieces: Int = 1, cells: TerminalSize? = nil) -> TerminalReplies {
        var replies = TerminalReplies()
        if let cells { replies.setSizeInCells(cells) }
        let bytes = Array(text.utf8)
        let size = max(1, (bytes.count + pieces - 1) / pieces)
        for start in stride(from: 0, to: bytes.count, by: size) {
            replies.feed(bytes[start..<min(bytes.count, start + size)])
        }
        return replies
    }

    @Test func kittyAnswersGraphicsVersionAndCellSize() {
        let kitty = replies("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;17;8t\u{1B}[4;850;1280t\u{1B}[?62;c")
        #expect(kitty.kittyGraphics)
        #expect(kitty.version == "kitty(0.26.5)")
        #expect(kitty.cellPixels == PixelSize(width: 8, height: 17))
        #expect(kitty.isComplete && !kitty.sixel)
        #expect(kitty.strayBytes == 0)
        let choice = GraphicsSelection.choose(.auto, replies: kitty, environment: [:])
        #expect(choice == GraphicsSelection(backend: .kitty, reason: "kitty (terminal answered)"))
        #expect(GraphicsSelection.hasTrueColor(replies: kitty, environment: [:]))
    }

    @Test func newerKittyGetsPlaceholdersAndRepliesMayArriveInPieces() {
        // Given kitty 0.35 answering one byte at a time
        let text = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c"
        let kitty = replies(text, pieces: text.utf8.count)
        #expect(kitty.isComplete)
        #expect(GraphicsSelection.choose(.auto, replies: kitty, environment: [:]).backend == .kittyPlaceholders)
        // And nothing before the fence completes it
        #expect(!replies(String(text.dropLast(3))).isComplete)
    }

    @Test func xtermVT340IsASixelTerminalWithTrueColourButNoKittyGraphics() {
        // XTerm answers XTVERSION, the text area (not the cell size), and DA1 with 4 (sixel)
        let xterm = replies("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[4;600;960t\u{1B}[?63;1;2;4;6;9;15;16;22;28c", cells: TerminalSize(rows: 30, columns: 96))
        #expect(!xterm.kittyGraphics)
        #expect(xterm.sixel)
        #expect(xterm.cellPixels == PixelSize(width: 10, height: 20))
        #expect(GraphicsSelection.hasTrueColor(replies: xterm, environment: ["TERM": "xterm"]))
        #expect(GraphicsSelection.choose(.auto, replies: xterm, environment: [:]).reason.contains("sixel"))
        // An old XTerm does not get 24-bit colour
        #expect(!GraphicsSelection.hasTrueColor(replies: replies("\u{1B}P>|XTerm(330)\u{1B}\\\u{1B}[?1;2c"), environment: [:]))
    }

    @Test func footAndWezTermAndAPlainTerminal() {
        let foot = replies("\u{1B}P>|foot(1.13.1)\u{1B}\\\u{1B}[?62;4;22c")
        #expect(foot.sixel && GraphicsSelection.hasTrueColor(replies: foot, environment: [:]))
        let wezterm = replies("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|WezTerm 20240203\u{1B}\\\u{1B}[?65;4;6;18;22c")
        #expect(GraphicsSelection.choose(.auto, replies: wezterm, environment: [:]).backend == .kitty)
        let plain = replies("\u{1B}[?1;2c")
        #expect(GraphicsSelection.choose(.auto, replies: plain, environment: [:]) == GraphicsSelection(backend: .blocks, reason: "blocks (no graphics reply)"))
        #expect(!GraphicsSelection.hasTrueColor(replies: plain, environment: [:]))
        #expect(GraphicsSelection.hasTrueColor(replies: plain, environment: ["COLORTERM": "truecolor"]))
    }

    @Test func synchronizedOutputIsKnownFromTheModeReport() {
        #expect(replies("\u{1B}[?2026;2$y\u{1B}[?62;c").synchronizedOutput)
        #expect(replies("\u{1B}[?2026;1$y\u{1B}[?62;c").synchronizedOutput)
        #expect(!replies("\u{1B}[?2026;0$y\u{1B}[?62;c").synchronizedOutput)
        #expect(!replies("\u{1B}[?62;c").synchronizedOutput)
        #expect(String(decoding: TerminalQuery.bytes, as: UTF8.self).contains("\u{1B}[?2026$p"))
    }

    @Test func aTerminalThatNeverAnswersOrIsNotThere() {
        let silent = TerminalReplies()
        #expect(!silent.isComplete)
        #expect(GraphicsSelection.choose(.auto, replies: silent, environment: [:]).reason == "blocks (no reply from the terminal)")
        #expect(GraphicsSelection.choose(.auto, replies: nil, environment: [:]).reason == "blocks (no terminal to ask)")
    }

    @Test func keysTypedDuringTheProbeNeverBecomeInputOrReplies() {
        let typed = replies("jj\u{1B}_Gi=31;OK\u{1B}\\q\u{1B}[?62;c")
        #expect(typed.kittyGraphics && typed.isComplete)
        #expect(typed.strayBytes == 3)
    }

    @Test func insideTmuxAndFlagsWin() {
        let kitty = replies("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c")
        #expect(GraphicsSelection.choose(.auto, replies: kitty, environment: ["TMUX": "/tmp/tmux-0/default,1,0"]).backend == .blocks)
        #expect(GraphicsSelection.choose(.blocks, replies: kitty, environment: [:]).backend == .blocks)
        #expect(GraphicsSelection.choose(.kitty, replies: nil, environment: [:]).backend == .kitty)
    }

    @Test func theQueryAsksEverythingAndEndsWithTheFence() {
        let query = String(decoding: TerminalQuery.bytes, as: UTF8.self)
        #expect(query.contains("a=q"))
        #expect(query.contains("\u{1B}[>0q"))
        #expect(query.contains("\u{1B}[16t"))
        #expect(query.hasSuffix("\u{1B}[c"))
    }

    @Test func aDirectColourEntryIsFoundWhereNcursesLooks() throws {
        // Given a private terminfo directory holding kitty-direct only
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("terminfo-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("k"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("k/kitty-direct").path, contents: Data())
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["TERMINFO": directory.path, "TERMINFO_DIRS": directory.path]

        #expect(DirectColorTerminfo.variant(for: "xterm-kitty", environment: environment) == "kitty-direct")
        #expect(DirectColorTerminfo.variant(for: "kitty-direct", environment: environment) == nil)
        #expect(DirectColorTerminfo.variant(for: "dumb", environment: environment) == nil)
    }
}
