import Foundation
import Testing
import TerminalKit
import TerminalGraphics
import Vocabulary

/// The start-up probe's replies as real terminals send them (canned), and the choices made
/// from them: which backend, why, and whether 24-bit colour can be used.
@Suite("Terminal probing")
struct TerminalProbeTests {
    /// The shared colour decision, as a yes/no for 24-bit (no flag, no terminfo).
    private static func hasTrueColor(replies: TerminalReplies?, environment: [String: String], tmux: TmuxPane? = nil) -> Bool {
        ColorDepth.decide(
            flag: nil, environment: environment, replies: replies, tmuxPassesTrueColor: tmux?.passesTrueColor,
            terminfoColors: nil
        ).depth == .truecolor
    }

    private func replies(_ text: String, pieces: Int = 1, cells: CellSize? = nil) -> TerminalReplies {
        var replies = TerminalReplies()
        if let cells { replies.setSizeInCells(rows: cells.rows, columns: cells.columns) }
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
        #expect(kitty.typedAhead.isEmpty)
        let choice = GraphicsSelection.choose(.auto, replies: kitty, environment: [:])
        #expect(choice == GraphicsSelection(backend: .pixels(.kitty), reason: "kitty (terminal answered)"))
        #expect(Self.hasTrueColor(replies: kitty, environment: [:]))
    }

    @Test func newerKittyGetsPlaceholdersAndRepliesMayArriveInPieces() {
        // Given kitty 0.35 answering one byte at a time
        let text = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c"
        let kitty = replies(text, pieces: text.utf8.count)
        #expect(kitty.isComplete)
        #expect(GraphicsSelection.choose(.auto, replies: kitty, environment: [:]).backend == .pixels(.kittyPlaceholders))
        // And nothing before the fence completes it
        #expect(!replies(String(text.dropLast(3))).isComplete)
    }

    @Test func xtermVT340IsASixelTerminalWithTrueColourButNoKittyGraphics() {
        // XTerm answers XTVERSION, the text area (not the cell size), and DA1 with 4 (sixel)
        let xterm = replies("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[4;600;960t\u{1B}[?63;1;2;4;6;9;15;16;22;28c", cells: CellSize(columns: 96, rows: 30))
        #expect(!xterm.kittyGraphics)
        #expect(xterm.sixel)
        #expect(xterm.cellPixels == PixelSize(width: 10, height: 20))
        #expect(Self.hasTrueColor(replies: xterm, environment: ["TERM": "xterm"]))
        #expect(GraphicsSelection.choose(.auto, replies: xterm, environment: [:]).reason.contains("sixel"))
        // An old XTerm does not get 24-bit colour
        #expect(!Self.hasTrueColor(replies: replies("\u{1B}P>|XTerm(330)\u{1B}\\\u{1B}[?1;2c"), environment: [:]))
    }

    @Test func footAndWezTermAndAPlainTerminal() {
        let foot = replies("\u{1B}P>|foot(1.13.1)\u{1B}\\\u{1B}[?62;4;22c")
        #expect(foot.sixel && Self.hasTrueColor(replies: foot, environment: [:]))
        // WezTerm speaks kitty graphics without placeholders: its iTerm2 images are chosen
        let wezterm = replies("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|WezTerm 20240203\u{1B}\\\u{1B}[?65;4;6;18;22c")
        #expect(GraphicsSelection.choose(.auto, replies: wezterm, environment: [:]) == GraphicsSelection(backend: .pixels(.iterm), reason: "iterm (terminal answered)"))
        let plain = replies("\u{1B}[?1;2c")
        #expect(GraphicsSelection.choose(.auto, replies: plain, environment: [:]) == GraphicsSelection(backend: .blocks, reason: "blocks (no graphics reply)"))
        #expect(!Self.hasTrueColor(replies: plain, environment: [:]))
        #expect(Self.hasTrueColor(replies: plain, environment: ["COLORTERM": "truecolor"]))
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

    @Test func keysTypedDuringTheProbeAreKeptAsInputNeverReplies() {
        let typed = replies("jj\u{1B}_Gi=31;OK\u{1B}\\q\u{1B}[?62;c")
        #expect(typed.kittyGraphics && typed.isComplete)
        #expect(typed.typedAhead == [.key(.character("j")), .key(.character("j")), .key(.character("q"))])
    }

    @Test func insideTmuxOnlyPlaceholdersThroughPassthroughAndFlagsWin() {
        let tmuxEnvironment = ["TMUX": "/tmp/tmux-0/default,1,0", "TMUX_PANE": "%0"]
        let newKitty = replies("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[?62;c")
        let oldKitty = replies("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c")
        let rgb = TmuxPane(id: "%0", passthroughSetting: "on", outerFeatures: ["RGB", "title"], outerTerminal: "xterm-kitty")
        // Given tmux passing passthrough and 24-bit colour to kitty 0.35: placeholders through passthrough
        #expect(
            GraphicsSelection.choose(.auto, replies: newKitty, environment: tmuxEnvironment, tmux: rgb)
                == GraphicsSelection(backend: .pixels(.kittyPlaceholders), reason: "kitty placeholders (tmux passthrough)"))
        #expect(Self.hasTrueColor(replies: newKitty, environment: [:], tmux: rgb))
        // Without RGB in tmux's features, colours are rounded to 256: placeholders named by
        // 256-colour ids (which tmux passes as they are), and no 24-bit colour
        var noRGB = rgb
        noRGB.outerFeatures = ["title"]
        #expect(
            GraphicsSelection.choose(.auto, replies: newKitty, environment: tmuxEnvironment, tmux: noRGB)
                == GraphicsSelection(backend: .pixels(.kittyPlaceholders), reason: "kitty placeholders (tmux passthrough, 256-colour ids)"))
        #expect(!Self.hasTrueColor(replies: newKitty, environment: ["COLORTERM": "truecolor"], tmux: noRGB))
        // kitty 0.26 draws no placeholders: nothing it can show inside tmux
        #expect(GraphicsSelection.choose(.auto, replies: oldKitty, environment: tmuxEnvironment, tmux: rgb).reason == "blocks (this kitty cannot draw inside tmux)")
        // Passthrough off (and not turned on): blocks
        let off = TmuxPane(id: "%0", passthroughSetting: "off", outerFeatures: ["RGB"], outerTerminal: nil)
        #expect(!off.passthroughAllowed)
        #expect(GraphicsSelection.choose(.auto, replies: newKitty, environment: tmuxEnvironment, tmux: off).reason == "blocks (inside tmux, no passthrough)")
        // tmux older than 3.3 has no setting and always lets passthrough out
        #expect(TmuxPane(id: "%0", passthroughSetting: nil, outerFeatures: [], outerTerminal: nil).passthroughAllowed)
        // No kitty reply through passthrough: blocks
        #expect(GraphicsSelection.choose(.auto, replies: replies("\u{1B}[?62;c"), environment: tmuxEnvironment, tmux: rgb).reason == "blocks (tmux passthrough, no kitty reply)")
        // Flags win; asking for kitty inside tmux means placeholders (the only kind tmux can move)
        #expect(GraphicsSelection.choose(.blocks, replies: newKitty, environment: [:]).backend == .blocks)
        #expect(GraphicsSelection.choose(.pixels(.kitty), replies: nil, environment: [:]).backend == .pixels(.kitty))
        #expect(GraphicsSelection.choose(.pixels(.kitty), replies: nil, environment: tmuxEnvironment).backend == .pixels(.kittyPlaceholders))
        #expect(GraphicsSelection.choose(.pixels(.iterm), replies: nil, environment: [:]).backend == .pixels(.iterm))
    }

    @Test func insideTmuxTheQuestionsGoThroughPassthroughFenceIncluded() {
        // Given the query for a pane, offering a file
        let query = String(decoding: TerminalQuery.bytes(filePath: "/dev/shm/x-tty-graphics-protocol", passthrough: true), as: UTF8.self)

        // Then the kitty queries, XTVERSION, the cell size and the fence are wrapped with doubled ESCs
        #expect(query.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,"))
        #expect(query.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=32,s=1,v=1,a=q,t=t,f=24;\(Data("/dev/shm/x-tty-graphics-protocol".utf8).base64EncodedString())"))
        #expect(query.contains("\u{1B}Ptmux;\u{1B}\u{1B}[>0q\u{1B}\\"))
        #expect(query.hasSuffix("\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\"))
        // And the text-area size is not asked (the outer window's, not the pane's)
        #expect(!query.contains("[14t"))
    }

    @Test func kittyOnThisMachineReadsTheProbeFileAndCapabilitiesAreDecoded() {
        // Given kitty's replies as they came back through tmux passthrough (recorded in kitty
        // 0.26.5 inside tmux 3.3a), plus the file query and XTGETTCAP answers
        let text = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;20;9t"
            + "\u{1B}P1+r524742=382F382F38\u{1B}\\\u{1B}P1+r636F6C6F7273=3136373737323136\u{1B}\\\u{1B}[0n\u{1B}[?62;c"
        let kitty = replies(text, pieces: 7)
        #expect(kitty.kittyGraphics && kitty.kittyFileTransmission)
        #expect(kitty.cellPixels == PixelSize(width: 9, height: 20))
        #expect(kitty.capabilities == ["RGB": "8/8/8", "colors": "16777216"])
        #expect(kitty.reportsDirectColor)
        // A file query that failed is not a file transmission
        let remote = replies("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;ENOENT:No such file\u{1B}\\\u{1B}[?62;c")
        #expect(remote.kittyGraphics && !remote.kittyFileTransmission)
    }

    @Test func xtgettcapAnswersBeatTerminfoAndHostileOnesAreDropped() {
        // Given a terminal with no version answer that reports 256 colours and RGB
        let rgb = replies("\u{1B}P1+r524742\u{1B}\\\u{1B}P0+r636F6C6F7273\u{1B}\\\u{1B}[?62;c")
        #expect(rgb.capabilities["RGB"] == "")
        #expect(Self.hasTrueColor(replies: rgb, environment: ["TERM": "xterm"]))
        // And one that says 256 colours only
        let palette = replies("\u{1B}P1+r636F6C6F7273=323536\u{1B}\\\u{1B}[?62;c")
        #expect(!palette.reportsDirectColor)
        // A value that hides a control character is dropped
        let hostile = replies("\u{1B}P1+r636F6C6F7273=1B5B324A\u{1B}\\\u{1B}[?62;c")
        #expect(hostile.capabilities.isEmpty && hostile.isComplete)
    }

    @Test func iTerm2IsKnownByItsVersionOrItsEnvironment() {
        let iterm = replies("\u{1B}P>|iTerm2 3.5.0\u{1B}\\\u{1B}[?62;4c")
        #expect(GraphicsSelection.choose(.auto, replies: iterm, environment: [:]).backend == .pixels(.iterm))
        #expect(GraphicsSelection.choose(.auto, replies: replies("\u{1B}[?62;c"), environment: ["TERM_PROGRAM": "iTerm.app"]) == GraphicsSelection(backend: .pixels(.iterm), reason: "iterm (TERM_PROGRAM)"))
    }

    @Test func theQueryAsksEverythingAndEndsWithTheFence() {
        let query = String(decoding: TerminalQuery.bytes, as: UTF8.self)
        #expect(query.contains("a=q"))
        #expect(query.contains("\u{1B}[>0q"))
        #expect(query.contains("\u{1B}[16t"))
        #expect(query.hasSuffix("\u{1B}[c"))
        #expect(query.contains("\u{1B}P+q524742\u{1B}\\"))
        #expect(!query.contains("t=t"))
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

    @Test func theReportSaysTheCellSizeThePicturesAssume() {
        // Given a terminal that answered DA1 but not its cell size: the Linux console, then xterm
        var replies = TerminalReplies()
        replies.feed(Array("\u{1B}[?6c".utf8))
        func cell(_ term: String) -> String? {
            let profile = TerminalProfile(
                replies: replies, request: .auto, environment: ["TERM": term], tmux: nil,
                selection: GraphicsSelection(backend: .blocks, reason: "blocks"),
                colors: ColorDepth.Decision(depth: .ansi16, source: "test"))
            #expect(profile.report().contains { $0.hasPrefix("cell") })
            return profile.report().first { $0.hasPrefix("cell") }.map { String($0.dropFirst(12)) }
        }

        // Then the report names the size the pictures are laid out for: the console's 8×16 font, else 10×20
        #expect(cell("linux") == "not reported: 8×16 px assumed")
        #expect(cell("xterm-256color") == "not reported: 10×20 px assumed")
    }

    @Test func theWindowSizeGivesTheCellWhenTheTerminalDoesNotAnswer() {
        // Given xterm, which fills in the window's pixels but does not answer CSI 16 t or 14 t by default
        var replies = TerminalReplies()
        replies.setWindowSize(rows: 50, columns: 80, pixelWidth: 720, pixelHeight: 950)
        replies.feed(Array("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?64;1;2c".utf8))
        let profile = TerminalProfile(
            replies: replies, request: .auto, environment: ["TERM": "xterm"], tmux: nil,
            selection: GraphicsSelection(backend: .blocks, reason: "blocks"),
            colors: ColorDepth.Decision(depth: .truecolor, source: "test"))
        // Then pictures are laid out for its 9×19 cells, block art at 9:19, and the report says where from
        #expect(profile.cellPixels == PixelSize(width: 9, height: 19))
        #expect(profile.cellAspect.aspect.description == "9:19")
        let report = profile.report()
        #expect(report.contains("cell        9×19 px (from the window size, not answered)"), "\(report)")
        #expect(report.contains("proportions 9:19 (TIOCGWINSZ: cell 9×19 px)"), "\(report)")
        #expect(report.contains("glyphs      quadrants (xterm draws with the font, which may have no sextants)"), "\(report)")
    }
}
