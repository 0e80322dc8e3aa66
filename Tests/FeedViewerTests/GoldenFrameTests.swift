import Testing
import TerminalKit
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

/// Golden frames drawn on a `MemoryScreen`, stored as text (plain and ANSI) under `Golden/`.
@Suite("Golden frames")
struct GoldenFrameTests {
    private let geometry = ListLayout(thumbnail: CellSize(columns: 16, rows: 6))
        .geometry(for: CellSize(columns: 56, rows: 7))

    private func frame(_ model: RowViewModel, focused: Bool = true, frame: Int = 3,
                       options: RowRenderOptions = RowRenderOptions()) -> MemoryScreen {
        let screen = MemoryScreen(size: CellSize(columns: geometry.itemSize.columns, rows: geometry.lineHeight + 1))
        screen.draw(RowView.render(model, geometry: geometry, focused: focused, frame: frame, options: options), at: .zero)
        let metrics = StatusMetrics(
            feedSource: "picsum 127.0.0.1:8080", focusedRow: 0, rowCount: 1000, inFlight: 3, queued: 5,
            cancelled: 2, coalesced: 1, resumed: 4, memoryHits: 41, memoryLookups: 50, diskHits: 1,
            diskLookups: 10, bytesDownloaded: 3_400_000, lastFrameTime: .microseconds(2_100))
        screen.draw(StatusBar.render(metrics, width: geometry.itemSize.columns), at: CellPoint(row: geometry.lineHeight, column: 0))
        screen.flush()
        return screen
    }

    @Test func loadingRowWithShimmer() {
        let model = RowViewModel(
            author: "Alejandro Escamilla", id: "1084", imageSize: CellSize(columns: 5616, rows: 3744),
            state: .loading(completed: 120_000, expected: 280_000, resumedFrom: nil))
        let screen = frame(model)
        Golden.assertMatches(screen.plainText(), named: "loading-shimmer.txt")
        Golden.assertMatches(screen.ansiText(), named: "loading-shimmer.ansi")
    }

    @Test func loadingRowWithSpinner() {
        let model = RowViewModel(
            author: "Paul Jarvis", id: "2", imageSize: CellSize(columns: 5000, rows: 3333),
            state: .loading(completed: 210_000, expected: 280_000, resumedFrom: 168_000))
        let screen = frame(model, options: RowRenderOptions(placeholder: .spinner))
        Golden.assertMatches(screen.plainText(), named: "loading-spinner.txt")
    }

    @Test func loadingRowInASCIIWithoutColours() {
        let model = RowViewModel(
            author: "Tina Rataj", id: "3", state: .loading(completed: 1_000, expected: 9_000, resumedFrom: nil))
        let screen = frame(model, options: RowRenderOptions(placeholder: .shimmer, colors: false, glyphs: .ascii))
        Golden.assertMatches(screen.plainText(), named: "loading-ascii.txt")
    }

    @Test func failedRow() {
        let model = RowViewModel(
            author: "\u{1B}[2J\u{1B}]0;owned\u{07}Eve", id: "66", imageSize: CellSize(columns: 1200, rows: 800),
            state: .failed(reason: "HTTP 500"))
        let screen = frame(model, focused: false)
        Golden.assertMatches(screen.plainText(), named: "failed.txt")
        Golden.assertMatches(screen.ansiText(), named: "failed.ansi")
        #expect(screen.plainText().contains("✗"))
    }

    @Test func previewRowShowsItsScansSoFar() {
        // A progressive JPEG's preview in the box (a coarse 2-colour card standing in for its
        // block art), and the state line saying which scan it shows and how far the bytes are.
        var preview = CellBlock(size: CellSize(columns: 16, rows: 6))
        for row in 0..<6 {
            for column in 0..<16 {
                let top: CellColor = column < 8 ? .rgb(180, 80, 60) : .rgb(60, 100, 170)
                preview.set("▀", at: CellPoint(row: row, column: column), style: CellStyle(foreground: top, background: top))
            }
        }
        let model = RowViewModel(
            author: "Alejandro Escamilla", id: "1084", imageSize: CellSize(columns: 5616, rows: 3744),
            state: .preview(scan: 3, completed: 120_000, expected: 280_000), picture: Picture(cells: preview))
        let screen = frame(model)
        Golden.assertMatches(screen.plainText(), named: "preview-scan.txt")
        Golden.assertMatches(screen.ansiText(), named: "preview-scan.ansi")
        #expect(screen.plainText().contains("preview · scan 3"))
    }

    @Test func loadedRowWithThumbnail() {
        // A 2-colour test card standing in for block art.
        var thumbnail = CellBlock(size: CellSize(columns: 16, rows: 6))
        for row in 0..<6 {
            for column in 0..<16 {
                let top: CellColor = (row + column / 4) % 2 == 0 ? .rgb(200, 60, 40) : .rgb(30, 90, 200)
                thumbnail.set("▀", at: CellPoint(row: row, column: column),
                              style: CellStyle(foreground: top, background: .rgb(240, 240, 240)))
            }
        }
        let model = RowViewModel(
            author: "高橋 ひろし", id: "10", imageSize: CellSize(columns: 1500, rows: 1000),
            state: .loaded(source: .network, bytes: 180_000, duration: .milliseconds(240)), picture: Picture(cells: thumbnail))
        let screen = frame(model)
        Golden.assertMatches(screen.plainText(), named: "loaded.txt")
        Golden.assertMatches(screen.ansiText(), named: "loaded.ansi")
    }

    @Test func helpOverlay() {
        let screen = MemoryScreen(size: CellSize(columns: 60, rows: 26))
        let overlay = HelpOverlay.render(in: screen.size)
        screen.draw(overlay.block, at: overlay.origin)
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "help.txt")
    }

    @Test func helpOverlayShowsWhatTheTerminalAnsweredBesideTheKeys() {
        // Given: Debian's xterm answered with its version and attributes, no graphics
        var replies = TerminalReplies()
        replies.setSizeInCells(rows: 30, columns: 120)
        replies.feed(Array("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[4;600;960t\u{1B}[>41;379;0c\u{1B}[?64;1;2;6;9c".utf8))
        let profile = TerminalProfile(
            replies: replies, request: .auto, environment: ["TERM": "xterm"], tmux: nil,
            selection: GraphicsSelection(backend: .blocks, reason: "blocks (no graphics reply)"),
            colors: ColorDepth.Decision(depth: .truecolor, source: "terminal: XTerm(379)"),
            terminalType: "xterm-photofeed-direct")
        let screen = MemoryScreen(size: CellSize(columns: 120, rows: 30))
        // When: the help is drawn
        let overlay = HelpOverlay.render(in: screen.size, terminal: profile.report())
        screen.draw(overlay.block, at: overlay.origin)
        screen.flush()
        // Then: the probe result sits beside the keys
        Golden.assertMatches(screen.plainText(), named: "help-terminal.txt")
    }

    @Test func helpOverlayClippedOnASmallTerminal() {
        let screen = MemoryScreen(size: CellSize(columns: 30, rows: 10))
        let overlay = HelpOverlay.render(in: screen.size)
        screen.draw(overlay.block, at: overlay.origin)
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "help-small.txt")
        #expect(overlay.block.size == CellSize(columns: 30, rows: 10))
    }

    @Test func tinyTerminalMessage() {
        let screen = MemoryScreen(size: CellSize(columns: 24, rows: 5))
        screen.draw(TinyTerminalMessage.render(in: screen.size, minimum: geometry.minimumScreen), at: .zero)
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "tiny.txt")
        #expect(TinyTerminalMessage.text(minimum: geometry.minimumScreen) == "terminal too small: need at least 31×8")
    }

    @Test func shimmerIsAPureFunctionOfTheFrameAndMoves() {
        let size = CellSize(columns: 20, rows: 4)
        #expect(Placeholder.shimmer(size: size, frame: 5) == Placeholder.shimmer(size: size, frame: 5))
        #expect(Placeholder.shimmer(size: size, frame: 5) != Placeholder.shimmer(size: size, frame: 6))
    }
}
