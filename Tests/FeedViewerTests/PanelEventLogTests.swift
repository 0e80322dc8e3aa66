import Testing
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

@Suite("Panels: event log")
struct PanelEventLogTests {
    @Test func ringBufferKeepsTheNewestInOrder() {
        // Given a log of capacity 3
        var log = PipelineEventLog(capacity: 3)
        // When five events are appended
        for index in 0..<5 { log.append(.init(time: .seconds(index), row: index, kind: .start)) }
        // Then the newest three remain, oldest first
        #expect(log.count == 3)
        #expect(log.entries.map(\.row) == [2, 3, 4])
        #expect(log.suffix(2).map(\.row) == [3, 4])
        #expect(log.suffix(10).count == 3)
        log.removeAll()
        #expect(log.isEmpty)
    }

    @Test func panelShowsTheNewestEventsNewestLast() {
        // Given the life of two rows: appear, start, cancel, resume, hits and a failure
        var log = PipelineEventLog()
        let events: [(Int, Int?, PipelineEventLog.Kind)] = [
            (5, 0, .appear), (6, 0, .start), (130, 0, .progress(completed: 60_000, expected: 120_000)),
            (400, 0, .cancel), (900, 0, .appear), (901, 0, .resume(offset: 61_440)), (902, 1, .coalesced),
            (950, 1, .memoryHit), (990, 2, .diskHit), (1_200, 3, .failed("HTTP 500")),
            (1_450, 0, .finished("network")), (1_500, nil, .note("page 2: 30 photos")),
        ]
        for (millis, row, kind) in events { log.append(.init(time: .milliseconds(millis), row: row, kind: kind)) }
        // When the panel is drawn 10 rows tall
        let screen = MemoryScreen(size: CellSize(columns: 48, rows: 10))
        screen.draw(EventLogPanel.render(log, size: screen.size), at: .zero)
        // Then the newest eight events fill it, in a bordered box
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "panel-event-log.txt")
        Golden.assertMatches(screen.ansiText(), named: "panel-event-log.ansi")
    }

    @Test func hostileTextInEventsIsSanitised() {
        // Given a failure reason holding escape sequences
        var log = PipelineEventLog()
        log.append(.init(time: .zero, row: 0, kind: .failed("\u{1B}[2J\u{1B}]0;owned\u{07}x")))
        // When drawn
        let screen = MemoryScreen(size: CellSize(columns: 40, rows: 3))
        screen.draw(EventLogPanel.render(log, size: screen.size, glyphs: .ascii), at: .zero)
        // Then no escape character reaches the screen
        screen.flush()
        #expect(!screen.plainText().contains("\u{1B}"))
        #expect(screen.plainText().contains("failed:"))
    }

    @Test func panelRectsSitAboveTheStatusBar() {
        let size = CellSize(columns: 100, rows: 30)
        #expect(PanelBox.rect(in: size, edge: .bottom, extent: 8) == CellRect(row: 21, column: 0, rows: 8, columns: 100))
        #expect(PanelBox.rect(in: size, edge: .right, extent: 40) == CellRect(row: 0, column: 60, rows: 29, columns: 40))
        #expect(PanelBox.rect(in: CellSize(columns: 10, rows: 3), edge: .bottom, extent: 8).size.rows == 2)
    }
}
