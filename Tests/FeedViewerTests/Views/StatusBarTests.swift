import Testing
import FeedViewer

@Suite("Status bar: segments by importance")
struct StatusBarTests {
    @Test func statusBarDropsLeastImportantSegmentsFirst() {
        let metrics = StatusMetrics(
            feedSource: "picsum 127.0.0.1:8080", focusedRow: 11, rowCount: 1000, inFlight: 3, queued: 5,
            cancelled: 2, coalesced: 1, resumed: 4, memoryHits: 41, memoryLookups: 50, diskHits: 0,
            diskLookups: 0, bytesDownloaded: 3_400_000, lastFrameTime: .microseconds(2_150))
        let wide = StatusBar.text(metrics, width: 200)
        #expect(wide == "picsum 127.0.0.1:8080 │ row 12/1000 │ 3 in flight · 5 queued · 2 cancelled · 1 coalesced · 4 resumed │ mem 82% · disk - │ 3.4 MB │ frame 2.2 ms")
        let narrow = StatusBar.text(metrics, width: 80)
        #expect(narrow == "row 12/1000 │ fly 3 q 5 cxl 2 coal 1 res 4 │ m 82% d - │ 3.4 MB │ 2.2 ms")
        let medium = StatusBar.text(metrics, width: 100)
        #expect(medium == "picsum 127.0.0.… │ row 12/1000 │ fly 3 q 5 cxl 2 coal 1 res 4 │ m 82% d - │ 3.4 MB │ 2.2 ms")
        #expect(StatusBar.text(metrics, width: 8) == "row 12/…")
    }
}

@Suite("Status bar: the graphics word")
struct StatusBarGraphicsTests {
    private func metrics(graphics: String) -> StatusMetrics {
        StatusMetrics(
            feedSource: "picsum 127.0.0.1:8080", focusedRow: 11, rowCount: 1000, inFlight: 3, queued: 5,
            cancelled: 2, coalesced: 1, resumed: 4, memoryHits: 41, memoryLookups: 50, diskHits: 0,
            diskLookups: 0, bytesDownloaded: 3_400_000, lastFrameTime: .microseconds(2_150), graphics: graphics)
    }

    @Test func theBackendIsNamedWholeWhenTheReasonDoesNotFit() {
        // Given the viewer's status with the backend chosen by the terminal's answer
        let kitty = metrics(graphics: "kitty (terminal answered)")
        // Then at 200 columns the reason shows
        #expect(StatusBar.text(kitty, width: 200).contains("│ kitty (terminal answered) │"))
        // And at 150 and 118 the backend's name shows whole, never a cut reason
        for width in [150, 118] {
            let line = StatusBar.text(kitty, width: width)
            #expect(line.contains("│ kitty │"), "\(width): \(line)")
            #expect(!line.contains("answ"))
        }
        let placeholders = StatusBar.text(metrics(graphics: "kitty-placeholders (tmux passthrough, 256-colour ids)"), width: 150)
        #expect(placeholders.contains("│ kitty-placeholders │"), "\(placeholders)")
    }
}
