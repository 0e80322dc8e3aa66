import Foundation
import Testing
import TerminalKit
import FeedViewer
import TerminalGraphics
import Vocabulary

/// Overlays and panels: help, event log and network panel open and close; the network panel's
/// keys ask for new shaping and name what changed once it is in force.
@Suite("Update: panels and overlays")
struct UpdatePanelTests {
    @Test func networkKeysAskForShapingAndTheAppliedValueIsNamed() throws {
        // Given the embedded server's shaping and the network panel open
        var harness = FeedHarness(
            screen: CellSize(columns: 80, rows: 30), options: FeedViewerOptions(),
            shaping: ShapingKnobs(latency: .milliseconds(120), bandwidth: 400_000))
        harness.showPage(TestPhotos.files(3))
        harness.press("n")
        #expect(harness.text().contains("latency"))

        // When + is pressed
        let effects = harness.press("+")

        // Then the runtime is asked for 50 ms more latency
        let requested = try #require(effects.compactMap { if case .setShaping(let knobs) = $0 { knobs } else { nil } }.first)
        #expect(requested.latency == .milliseconds(170))

        // When the runtime reports the shaping in force, the message names it
        harness.send(.shaping(requested))
        #expect(harness.model.message == "network: 170 ms")
        #expect(harness.text().contains("170 ms"))
    }

    @Test func withoutTheEmbeddedServerTheKeysDoNothing() {
        var harness = FeedHarness(options: FeedViewerOptions())
        harness.showPage(TestPhotos.files(3))
        harness.press("n")
        #expect(harness.press("+").isEmpty)
        #expect(harness.text().contains("nothing to shape"))
    }

    @Test func theNetworkPanelMeasuresTheCachesWhileOpen() {
        // Given a feed on screen
        var harness = FeedHarness(options: FeedViewerOptions())
        harness.showPage(TestPhotos.files(3))
        let measures: ([FeedEffect]) -> Int = { $0.filter { if case .measureCaches = $0 { true } else { false } }.count }

        // When the network panel opens, the caches are measured, and it says so meanwhile
        #expect(measures(harness.press("n")) == 1)
        #expect(harness.text().contains("measuring"))
        #expect(harness.model.nextCacheMeasure == harness.now + .seconds(3))

        // When the sizes come back, the panel shows them against the limits, and asks nothing
        harness.send(.cachesMeasured(CacheSizes(
            memoryImages: 12, memoryBytes: 3 << 20, diskBytes: 48 << 20, memoryLimit: 128 << 20, diskLimit: 200 << 20)))
        #expect(harness.text().contains("3 MiB of 128 MiB"))
        #expect(harness.text().contains("48 MiB of 200 MiB"))
        #expect(harness.model.confirmation == nil)

        // When a tick comes before the interval is up, nothing is measured; after it, again
        harness.now += .seconds(1)
        #expect(measures(harness.send(.tick)) == 0)
        harness.now += .seconds(2)
        #expect(measures(harness.send(.tick)) == 1)

        // When the panel closes, the measuring stops
        harness.press("n")
        #expect(harness.model.nextCacheMeasure == nil)
        harness.now += .seconds(10)
        #expect(measures(harness.send(.tick)) == 0)
    }

    @Test func aMeasurementForThePanelDoesNotAskToClear() {
        // Given the panel opened, its measurement in, and closed
        var harness = FeedHarness(options: FeedViewerOptions())
        harness.showPage(TestPhotos.files(3))
        harness.press("n")
        harness.send(.cachesMeasured(CacheSizes(memoryImages: 1, memoryBytes: 10, diskBytes: nil)))
        #expect(harness.text().contains("off (--no-disk-cache)"))
        #expect(harness.model.confirmation == nil)
        harness.press("n")
        // When C is pressed and its measurement comes back, it asks, once
        harness.press("C")
        harness.send(.cachesMeasured(CacheSizes(memoryImages: 2, memoryBytes: 20, diskBytes: nil)))
        #expect(harness.model.message?.contains("Clear 2 images") == true)
        harness.press("x")
        harness.send(.cachesMeasured(CacheSizes(memoryImages: 3, memoryBytes: 30, diskBytes: nil)))
        #expect(harness.model.confirmation == nil)
    }

    @Test func escClosesTheHelpFirstThenThePanel() {
        var harness = FeedHarness(options: FeedViewerOptions())
        harness.showPage(TestPhotos.files(3))
        harness.press("l")
        harness.press("?")
        #expect(harness.text().contains("retry failed, damaged"))
        harness.press(.escape)
        #expect(!harness.text().contains("retry failed, damaged"))
        #expect(harness.text().contains("events"))
        harness.press(.escape)
        #expect(!harness.text().contains("l closes"))
        #expect(harness.press(.escape).exit == .quit)
    }
}
