import Testing
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

@Suite("Panels: the event log's timeline")
struct PanelTimelineTests {
    /// Row 1: appears, downloads to 40%, leaves (cancel), comes back, resumes and finishes.
    /// Row 2: appears, waits in the queue, downloads, decodes, done. Row 3: fails.
    private func timeline() -> LoadTimeline {
        var timeline = LoadTimeline()
        func ms(_ value: Int) -> Duration { .milliseconds(value) }
        timeline.mark(.appear, for: "a", at: ms(0))
        timeline.begin(.queued, for: "a", at: ms(0))
        timeline.begin(.downloading, for: "a", at: ms(100))
        for step in 1...4 { timeline.progress(Double(step) / 10, for: "a", at: ms(300 + step * 200)) }
        timeline.mark(.disappear, for: "a", at: ms(1_200))
        timeline.mark(.cancel, for: "a", at: ms(1_210))
        timeline.mark(.appear, for: "a", at: ms(2_600))
        timeline.begin(.downloading, for: "a", at: ms(2_700))
        timeline.mark(.resume, for: "a", at: ms(3_000))
        for step in 5...10 { timeline.progress(Double(step) / 10, for: "a", at: ms(3_000 + (step - 4) * 150)) }
        timeline.begin(.decoding, for: "a", at: ms(3_950))
        timeline.mark(.done, for: "a", at: ms(4_100))

        timeline.mark(.appear, for: "b", at: ms(0))
        timeline.begin(.queued, for: "b", at: ms(0))
        timeline.begin(.downloading, for: "b", at: ms(1_500))
        for step in 1...8 { timeline.progress(Double(step) / 8, for: "b", at: ms(1_700 + step * 250)) }
        timeline.begin(.decoding, for: "b", at: ms(3_800))
        timeline.mark(.done, for: "b", at: ms(4_000))

        timeline.mark(.appear, for: "c", at: ms(0))
        timeline.begin(.downloading, for: "c", at: ms(200))
        timeline.mark(.failure, for: "c", at: ms(900))
        return timeline
    }

    @Test func lanesShowSpansProgressAndMarks() {
        // Given three lanes, drawn 5 s wide at 4.5 s, 60 cells wide
        let timeline = timeline()
        let rows = ["a", "b", "c"].enumerated().map { TimelinePanel.Row(label: "row \($0.offset + 1)", lane: timeline.lane($0.element)) }
        let screen = MemoryScreen(size: CellSize(columns: 70, rows: 5))
        screen.draw(TimelinePanel.render(rows, now: .milliseconds(4_500), span: .seconds(5), size: screen.size), at: .zero)
        screen.flush()
        // Then the golden frame shows the cut at 40%, the gap, the resume going on from there, the failure
        Golden.assertMatches(screen.plainText(), named: "panel-timeline.txt")
        Golden.assertMatches(screen.ansiText(), named: "panel-timeline.ansi")
        let first = screen.plainText().split(separator: "\n")[1]
        #expect(first.contains("✕"))
        #expect(first.contains("↻"))
        #expect(first.contains("✓"))
    }

    @Test func asciiGlyphsWithoutUnicode() {
        let timeline = timeline()
        let screen = MemoryScreen(size: CellSize(columns: 70, rows: 5))
        screen.draw(
            TimelinePanel.render(
                [TimelinePanel.Row(label: "row 1", lane: timeline.lane("a"))], now: .milliseconds(4_500), span: .seconds(5),
                size: screen.size, glyphs: .ascii),
            at: .zero)
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "panel-timeline-ascii.txt")
        #expect(screen.plainText().unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func historyOlderThanTheWindowIsDropped() {
        var timeline = LoadTimeline(window: .seconds(2))
        timeline.mark(.appear, for: "a", at: .zero)
        timeline.begin(.downloading, for: "a", at: .zero)
        timeline.mark(.done, for: "a", at: .milliseconds(500))
        timeline.mark(.appear, for: "a", at: .seconds(5))
        #expect(timeline.lane("a")?.marks.map(\.mark) == [.appear])
        #expect(timeline.lane("a")?.spans.isEmpty == true)
        timeline.prune(now: .seconds(10))
        #expect(timeline.lane("a") == nil)
    }

    @Test func tInTheEventLogSwitchesToTheTimelineOfTheItemsOnScreen() {
        // Given the viewer with the event log open
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 2))
        harness.showPage(TestPhotos.files(10))
        harness.press("l")
        harness.now = .milliseconds(300)
        harness.deliver(FakeImages.success(), to: "0")
        // When t is pressed
        harness.press("t")
        // Then the panel is the timeline, a lane per visible item, item 1 done; and it animates
        let text = harness.text()
        #expect(text.contains("timeline · last 6 s"))
        #expect(text.contains("row 1"))
        #expect(text.contains("✓"))
        #expect(harness.model.isAnimating)
        // And t again shows the events
        harness.press("t")
        #expect(harness.text().contains("t timeline · l closes"))
    }
}
