import Foundation
import ImageCodecs
import ImageLoading
import Testing
import Vocabulary

@testable import FeedViewer

/// The panels on their own: which is open, the caches' use measured while the network panel
/// is open, `C`'s question, the info panel's photo, the event log, driven through
/// ``PanelsModel/update(_:now:)`` with no feed model around them.
@Suite("Panels model")
struct PanelsModelTests {
    private static let sizes = CacheSizes(memoryImages: 3, memoryBytes: 3000, diskBytes: 9000)

    @Test func aPanelOpensAndClosesAndTheHelpIsItsOwn() {
        // Given no panel open
        var panels = PanelsModel()

        // When `I` opens the info panel, then `l` the event log
        _ = panels.update(.toggle(.info), now: .zero)
        #expect(panels.open == .info)
        _ = panels.update(.toggle(.eventLog), now: .zero)

        // Then only the event log is open; a second `l` closes it
        #expect(panels.open == .eventLog)
        _ = panels.update(.toggle(.eventLog), now: .zero)
        #expect(panels.open == nil)

        // And the help opens and closes apart from the panels
        _ = panels.update(.toggle(.info), now: .zero)
        _ = panels.update(.toggleHelp, now: .zero)
        #expect(panels.showsHelp && panels.open == .info)
        _ = panels.update(.closeHelp, now: .zero)
        _ = panels.update(.close, now: .zero)
        #expect(!panels.showsHelp && panels.open == nil)
    }

    @Test func theNetworkPanelMeasuresTheCachesEveryIntervalWhileOpen() {
        // Given the network panel opened at 0 s
        var panels = PanelsModel()
        let opened = panels.update(.toggleNetwork, now: .zero)
        #expect(opened.effects.count == 1 && panels.nextCacheMeasure == PanelsModel.cacheMeasureInterval)

        // When ticks come before and after the interval
        let early = panels.update(.tick, now: .seconds(1))
        let due = panels.update(.tick, now: PanelsModel.cacheMeasureInterval)

        // Then only the one after measures again
        #expect(early.effects.isEmpty)
        #expect(due.effects.count == 1)

        // When the panel closes, ticks measure nothing
        _ = panels.update(.toggleNetwork, now: .seconds(4))
        #expect(panels.update(.tick, now: .seconds(60)).effects.isEmpty)
        #expect(panels.nextCacheMeasure == nil)
    }

    @Test func cMeasuresFirstAndTheAnswerAsksWhetherToClear() {
        // Given `C` asked for a measurement
        var panels = PanelsModel()
        let asked = panels.update(.measureBeforeClearing, now: .zero)
        #expect(asked.effects.count == 1)

        // When the measurement comes back
        let measured = panels.update(.cachesMeasured(Self.sizes), now: .zero)

        // Then the panel keeps it and asks whether to clear what it names
        #expect(panels.cacheUse == Self.sizes)
        guard case .askToClearCaches(let named)? = measured.requests.first else {
            Issue.record("expected the question, got \(measured.requests)")
            return
        }
        #expect(named == Self.sizes)

        // And a measurement the network panel asked for asks nothing
        #expect(panels.update(.cachesMeasured(Self.sizes), now: .zero).requests.isEmpty)
    }

    @Test func theInfoPanelKeepsOnlyWhatWasReadOfThePhotoItFollows() {
        // Given the info panel following photo a
        var panels = PanelsModel()
        let (a, b) = (PhotoKey(id: "a"), PhotoKey(id: "b"))
        _ = panels.update(.follow(a), now: .zero)

        // When a failure for b comes late, then one for a
        struct Unreadable: Error {}
        _ = panels.update(.infoRead(b, .failure(Unreadable())), now: .zero)
        #expect(panels.info?.key == a && panels.info?.failure == nil)
        _ = panels.update(.infoRead(a, .failure(Unreadable())), now: .zero)

        // Then only a's is kept; and a photo that left the feed is forgotten
        #expect(panels.info?.failure != nil)
        _ = panels.update(.forget([a]), now: .zero)
        #expect(panels.info == nil)
    }

    @Test func theEventLogKeepsEntriesAndTheAuditFlagsTheNewestOfItsRow() {
        // Given two entries about row 2 and one about row 3
        var panels = PanelsModel()
        _ = panels.update(.log(row: 2, .appear), now: .seconds(1))
        _ = panels.update(.log(row: 2, .start), now: .seconds(2))
        _ = panels.update(.log(row: 3, .appear), now: .seconds(3))

        // When the audit flags row 2
        _ = panels.update(.flagNewest(row: 2), now: .seconds(4))

        // Then the newest entry of row 2 is flagged, and only it
        #expect(panels.eventLog.entries.map(\.kind) == [.appear, .start, .appear])
        #expect(panels.eventLog.entries.map(\.flagged) == [false, true, false])
        #expect(panels.eventLog.entries.map(\.time) == [.seconds(1), .seconds(2), .seconds(3)])
    }

    @Test func theTimelineChartsAPhotosLoadOnItsLane() {
        // Given a photo's lane with an appearance
        var panels = PanelsModel()
        _ = panels.update(.mark(.appear, lane: "1"), now: .zero)

        // When its download is queued
        let event = ImagePipeline.Event(kind: .queued, stage: .data, url: "https://example.com/1", taskID: 1)
        _ = panels.update(.chart(event, lane: "1"), now: .milliseconds(10))

        // Then the lane is on the timeline
        #expect(panels.timeline.lanes["1"] != nil)
        #expect(panels.timeline.lanes["2"] == nil)
    }
}
