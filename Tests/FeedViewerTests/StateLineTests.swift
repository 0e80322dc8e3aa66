import ImageCodecs
import ImageLoading
import Testing
import FeedViewer
import TerminalGraphics
import Vocabulary

@Suite("State line")
struct StateLineTests {
    @Test(arguments: [
        (RowDisplayState.idle, ""),
        (.loading(completed: 120_000, expected: 280_000, resumedFrom: nil), "loading 43% ▓▓▓░░ 120/280 KB"),
        (.loading(completed: 0, expected: 280_000, resumedFrom: nil), "loading 0% ░░░░░ 0/280 KB"),
        (.loading(completed: 279_999, expected: 280_000, resumedFrom: nil), "loading 99% ▓▓▓▓░ 279/280 KB"),
        (.loading(completed: 0, expected: nil, resumedFrom: nil), "loading"),
        (.loading(completed: 51_200, expected: nil, resumedFrom: nil), "loading 51 KB"),
        (.loading(completed: 210_000, expected: 280_000, resumedFrom: 168_000),
         "resumed at 60% · loading 75% ▓▓▓▓░ 210/280 KB"),
        (.loaded(source: .memory, bytes: 180_000, duration: .zero), "memory"),
        (.loaded(source: .disk, bytes: 180_000, duration: .milliseconds(3)), "disk"),
        (.loaded(source: .thumbnail, bytes: 238_000, duration: .milliseconds(3)), "thumbnail"),
        (.loaded(source: .network, bytes: 180_000, duration: .milliseconds(240)), "network 180 KB in 240 ms"),
        (.loaded(source: .network, bytes: 2_400_000, duration: .milliseconds(1_250)), "network 2.4 MB in 1.3 s"),
        (.loaded(source: .resumedNetwork(resumedFrom: 168_000), bytes: 280_000, duration: .milliseconds(90)),
         "resumed at 60% · 280 KB in 90 ms"),
        (.failed(reason: "HTTP 500"), "✗ HTTP 500 · r to retry"),
        (.preview(scan: 3, completed: 120_000, expected: 280_000), "preview · scan 3 · 43% ▓▓▓░░"),
        (.preview(scan: 1, completed: 51_200, expected: nil), "preview · scan 1 · 51 KB"),
    ])
    func formats(state: RowDisplayState, expected: String) {
        #expect(StateLine.text(for: state).plain == expected)
    }

    @Test func asciiGlyphsAvoidNonASCIICharacters() {
        let line = StateLine.text(for: .failed(reason: "HTTP 500"), glyphs: .ascii).plain
        #expect(line == "x HTTP 500 - r to retry")
        let loading = StateLine.text(
            for: .loading(completed: 120_000, expected: 280_000, resumedFrom: nil), glyphs: .ascii
        ).plain
        #expect(loading == "loading 43% ###.. 120/280 KB")
    }

    @Test func failureIsRedAndItsReasonIsSanitised() {
        let line = StateLine.text(for: .failed(reason: "bad\u{1B}[31m host"))
        #expect(line.plain == "✗ bad host · r to retry")
        #expect(line.runs.first?.style.foreground == .red)
    }

    @Test func percentAndBarNeverClaimCompletionEarly() {
        #expect(StateLine.percent(999, of: 1000) == 99)
        #expect(StateLine.percent(1000, of: 1000) == 100)
        #expect(StateLine.percent(5, of: 0) == 0)
        #expect(StateLine.bar(1, of: 1000) == "▓░░░░")
        #expect(StateLine.bar(1000, of: 1000) == "▓▓▓▓▓")
    }

    @Test func byteCountsAndDurations() {
        #expect(ByteCountFormat.string(512) == "512 B")
        #expect(ByteCountFormat.string(180_000) == "180 KB")
        #expect(ByteCountFormat.string(3_400_000) == "3.4 MB")
        #expect(ByteCountFormat.string(34_000_000) == "34 MB")
        #expect(ByteCountFormat.progress(900, of: 280_000) == "0/280 KB")
        #expect(ByteCountFormat.duration(.milliseconds(999)) == "999 ms")
        #expect(ByteCountFormat.duration(.seconds(12)) == "12.0 s")
    }

    @Test func aFolderRowFromTheThumbnailCacheSaysThumbnailNotDiskCache() {
        // Given a photo whose picture came from the freedesktop.org thumbnail cache
        let model = RowViewModel(
            author: "beach.jpg", id: "beach.jpg", imageSize: CellSize(columns: 640, rows: 427),
            state: RowDisplayState(phase: .success(ImageResponse(
                bitmap: Bitmap(width: 1, height: 1), source: .thumbnail, byteCount: 238_000, bytesTransferred: 0,
                originalSize: PixelSize(width: 640, height: 427), timings: ImageResponse.Timings()))))
        // When the detailed text column is drawn
        let block = RowTextView.renderDetailed(model, width: 40, lines: 4, focused: false)
        let lines = FrameText.plain(block).split(separator: "\n", omittingEmptySubsequences: false)
        // Then it names the thumbnail, not the disk cache (which it never touched)
        #expect(lines[3].hasPrefix("thumbnail · 238 KB in "), "\(lines[3])")
        #expect(!FrameText.plain(block).contains("disk cache"))
    }

    @Test func rowTextColumnTruncatesEachLine() {
        let model = RowViewModel(
            author: "Alejandro Escamilla the Photographer", id: "1084",
            imageSize: CellSize(columns: 5616, rows: 3744),
            state: .loading(completed: 120_000, expected: 280_000, resumedFrom: nil))
        let block = RowTextView.render(model, width: 20, focused: false)
        let lines = FrameText.plain(block).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "Alejandro Escamilla…")
        #expect(lines[1] == "#1084 · 5616×3744   ")
        #expect(lines[2] == "loading 43% ▓▓▓░░ 1…")
    }
}
