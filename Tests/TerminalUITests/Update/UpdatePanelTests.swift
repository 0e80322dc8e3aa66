import Foundation
import Testing
import TerminalKit
import TerminalUI
import TerminalGraphics

/// Overlays and panels: help, event log and network panel open and close; the network panel's
/// keys ask for new shaping and name what changed once it is in force.
@Suite("Update: panels and overlays")
struct UpdatePanelTests {
    @Test func networkKeysAskForShapingAndTheAppliedValueIsNamed() throws {
        // Given the embedded server's shaping and the network panel open
        var harness = FeedHarness(
            screen: TerminalSize(rows: 30, columns: 80), options: FeedViewerOptions(),
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

    @Test func escClosesTheHelpFirstThenThePanel() {
        var harness = FeedHarness(options: FeedViewerOptions())
        harness.showPage(TestPhotos.files(3))
        harness.press("l")
        harness.press("?")
        #expect(harness.text().contains("retry all failed rows"))
        harness.press(.escape)
        #expect(!harness.text().contains("retry all failed rows"))
        #expect(harness.text().contains("events"))
        harness.press(.escape)
        #expect(!harness.text().contains("l closes"))
        #expect(harness.press(.escape).exit == .quit)
    }
}
