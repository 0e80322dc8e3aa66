import FeedSources
import Foundation
import Testing
import TerminalKit
import TerminalGraphics
@testable import FeedViewer
@testable import TerminalScreen
import Vocabulary

/// Keys typed before the viewer has rows (during the terminal probe, or while the first page
/// is on its way) are acted on, in order, once the rows are there; Ctrl-C and `q` at once.
@Suite("Update: keys typed ahead")
struct UpdateTypeAheadTests {
    private func harness() -> FeedHarness {
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        harness.send(.start)
        return harness
    }

    @Test func jjTypedBeforeTheFirstPageMoveTheFocusTwiceWhenItComes() {
        // Given: the viewer started, its first page not come
        var harness = harness()
        // When: j j are typed, then the page arrives
        #expect(harness.press("jj").isEmpty)
        #expect(harness.model.heldInput.count == 2)
        harness.send(.page(.success(FeedPage(photos: TestPhotos.files(5), summary: "fake", hasMore: false))))
        // Then: the focus moved twice, and nothing waits any more
        #expect(harness.model.focusedKey?.id == "2")
        #expect(harness.model.heldInput.isEmpty)
    }

    @Test func ctrlCAndQTypedBeforeTheFirstPageQuitAtOnce() {
        var interrupted = harness()
        interrupted.press("j")
        #expect(interrupted.send(.input(.interrupt(.interrupt))).exit == .signal(.interrupt))
        var quit = harness()
        #expect(quit.press("q").exit == .quit)
    }

    @Test func keysThatNeedNoRowsActAtOnceUnlessAKeyWaitsBeforeThem() {
        // Given: the first page not come; ? typed: the help shows at once
        var harness = harness()
        harness.press("?")
        #expect(harness.model.showsHelp && harness.model.heldInput.isEmpty)
        harness.press("?")
        // When: j, then ?, are typed
        harness.press("j?")
        // Then: both wait (? does not overtake j), and act in order once the rows come
        #expect(!harness.model.showsHelp && harness.model.heldInput.count == 2)
        harness.send(.page(.success(FeedPage(photos: TestPhotos.files(5), summary: "fake", hasMore: false))))
        #expect(harness.model.focusedKey?.id == "1" && harness.model.showsHelp)
    }

    @Test func keysAfterTheRowsAreNotHeld() {
        var harness = harness()
        harness.send(.page(.success(FeedPage(photos: TestPhotos.files(5), summary: "fake", hasMore: false))))
        harness.press("j")
        #expect(harness.model.focusedKey?.id == "1" && harness.model.heldInput.isEmpty)
    }

    @Test func theProbesTypedAheadKeysAreTheScreensFirstInput() {
        // Given: the probe heard j, a reply, Ctrl-C, and half of a late reply
        var probe = TerminalReplies()
        probe.feed(Array("j\u{1B}_Gi=31;OK\u{1B}\\\u{03}\u{1B}P>|ki".utf8))
        // When: the screen's input starts from what the probe kept and where its parser stopped
        var input = ScreenInput(escapeDelay: .milliseconds(50), parser: probe.inputParser, typedAhead: probe.typedAhead)
        input.feed(Array("tty(1)\u{1B}\\k".utf8), at: .now)
        var events: [InputEvent] = []
        while let event = input.next() { events.append(event) }
        // Then: the typed keys first, in order (Ctrl-C an interrupt), then what came after
        #expect(events == [
            .key(.character("j")), .interrupt(.interrupt), .terminalReply(.version("kitty(1)")), .key(.character("k")),
        ])
    }
}
