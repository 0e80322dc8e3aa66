import FeedSources
import Foundation
import Testing
import TerminalKit
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

/// Replies from the terminal that arrive after the start-up probe gave up: never keys; a kitty
/// `OK` upgrades block art to pixels live, with the reason in the event log.
@Suite("Update: late terminal replies")
struct UpdateLateReplyTests {
    /// Options as the viewer starts them when the probe heard nothing in time.
    private func startedInBlockArt(request: GraphicsSelection.Request = .auto) -> FeedViewerOptions {
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0)
        let selection = GraphicsSelection(backend: .blocks, reason: "blocks (no reply from the terminal)")
        options.terminal = TerminalProfile(
            replies: TerminalReplies(), request: request, environment: ["TERM": "xterm-kitty"], tmux: nil,
            selection: selection, colors: ColorDepth.Decision(depth: .truecolor, source: "COLORTERM"))
        options.graphicsReason = selection.reason
        return options
    }

    private func replies(_ text: String) -> [InputEvent] {
        var parser = TerminalInputParser()
        return parser.feed(Array(text.utf8)).compactMap { input in
            if case .reply(let reply) = input { return .terminalReply(reply) }
            return nil
        }
    }

    @Test func aLateKittyAnswerUpgradesBlockArtToPixelsWithTheReason() throws {
        // Given: the viewer started in block art, one photo loaded
        var harness = FeedHarness(screen: CellSize(columns: 100, rows: 22), options: startedInBlockArt())
        harness.showPage(TestPhotos.files(3))
        harness.deliver(FakeImages.success(width: 640, height: 480), to: "0")
        #expect(harness.frame().pictures.first?.picture.image == nil)

        // When: kitty's answers arrive, late (its OK, its version with a cell size, the fence)
        var effects: [FeedEffect] = []
        for event in replies("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c") {
            effects += harness.send(.input(event))
        }

        // Then: the pictures are kitty pixels now, sized by the cell the terminal reported
        #expect(harness.model.options.graphics == .pixels(.kitty))
        let image = try #require(harness.frame().pictures.first?.picture.image)
        #expect(image.graphics.name == "kitty")
        #expect(harness.model.metrics.graphics == "kitty (terminal answered late)")
        #expect(harness.model.eventLog.entries.contains { "\($0)".contains("pictures: kitty (terminal answered late)") })
        #expect(harness.model.options.terminal?.report().contains { $0.contains("kitty (terminal answered late)") } == true)
        _ = effects
    }

    @Test func aLateCellSizeRedrawsBlockArtAtTheCellsProportionsUnlessTheUserGaveThem() throws {
        // Given: the viewer started in block art at 1:2 in a terminal that draws no pixels, and
        // one started so with --cell-aspect 1:2
        func started(chosen: Bool) -> FeedHarness {
            var options = startedInBlockArt()
            options.terminal?.environment = ["TERM": "xterm-256color"]
            options.cellAspectChosenByUser = chosen
            var harness = FeedHarness(screen: CellSize(columns: 100, rows: 22), options: options)
            harness.showPage(TestPhotos.files(3))
            harness.deliver(FakeImages.success(width: 640, height: 480), to: "0")
            return harness
        }
        var harness = started(chosen: false)
        var flagged = started(chosen: true)
        let before = try #require(harness.frame().pictures.first?.picture.size)

        // When: its cell size arrives late, 8×19 pixels, with the fence
        for event in replies("\u{1B}[6;19;8t\u{1B}[?62;c") {
            _ = harness.send(.input(event))
            _ = flagged.send(.input(event))
        }

        // Then: block art is drawn again at 8:19 (the 4:3 photo in its 16×6 box: 16×5, not 16×6),
        // and the help screen says where that came from
        #expect(harness.model.options.art.cellAspect == 19.0 / 8)
        #expect(harness.model.options.graphics == .blocks)
        #expect(before == CellSize(columns: 16, rows: 6))
        #expect(harness.frame().pictures.first?.picture.size == CellSize(columns: 16, rows: 5))
        #expect(harness.model.options.terminal?.report().contains("proportions 8:19 (CSI 16 t: cell 8×19 px)") == true)
        // And: the user's --cell-aspect stays
        #expect(flagged.model.options.art.cellAspect == 2)
        #expect(flagged.frame().pictures.first?.picture.size == before)
    }

    @Test func insideTmuxALateKittyAnswerUpgradesToPlaceholdersSayingItCameLate() throws {
        // Given: the viewer started in block art inside a tmux that lets passthrough out
        var options = startedInBlockArt()
        let pane = TmuxPane(id: "%0", passthroughSetting: "on", outerFeatures: [], outerTerminal: "xterm-kitty")
        options.terminal?.tmux = pane
        options.screenColors = .palette256
        var harness = FeedHarness(screen: CellSize(columns: 100, rows: 22), options: options)
        harness.showPage(TestPhotos.files(3))

        // When: kitty 0.47's answers arrive late through passthrough
        for event in replies("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.47.4)\u{1B}\\\u{1B}[?62;c") {
            harness.send(.input(event))
        }

        // Then: placeholders named by 256-colour ids, and the reason says the answer was late
        #expect(harness.model.options.graphics == .pixels(.kittyPlaceholders))
        #expect(harness.model.metrics.graphics == "kitty placeholders (tmux passthrough, 256-colour ids, answered late)")
    }

    @Test func lateRepliesChangeNothingWhenTheUserChoseOrAFlagDid() {
        // Given: block art asked for on the command line
        var flagged = FeedHarness(options: startedInBlockArt(request: .blocks))
        flagged.showPage(TestPhotos.files(3))
        for event in replies("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c") { flagged.send(.input(event)) }
        // Then: still block art
        #expect(flagged.model.options.graphics == .blocks)
    }

    @Test func repliesWhoseTextHoldsBoundKeysMoveNothing() {
        // Given: ten rows, the focus on the first
        var harness = FeedHarness(options: startedInBlockArt())
        harness.showPage(TestPhotos.files(10))
        let focus = harness.model.focusedKey
        // When: replies carrying q, G, C, j arrive
        var effects: [FeedEffect] = []
        for event in replies("\u{1B}P>|qGCj(1)\u{1B}\\\u{1B}P1+r636F6C6F7273=323536\u{1B}\\\u{1B}[?62;c") {
            effects += harness.send(.input(event))
        }
        // Then: no quit, no cache clearing, no move
        #expect(!effects.contains { if case .quit = $0 { true } else { false } })
        #expect(!effects.contains { if case .clearAllCaches = $0 { true } else { false } })
        #expect(harness.model.focusedKey == focus)
    }
}

/// A key that deletes asks first, saying how much it would delete.
@Suite("Update: destructive keys ask")
struct UpdateConfirmationTests {
    @Test func capitalCAsksWithTheSizesAndOnlyYClears() {
        // Given: a feed on screen
        var harness = FeedHarness(options: FeedViewerOptions())
        harness.showPage(TestPhotos.files(3))
        // When: C is pressed
        let asked = harness.press("C")
        // Then: nothing is cleared yet; the caches are measured
        #expect(asked.contains { if case .measureCaches = $0 { true } else { false } })
        #expect(!asked.contains { if case .clearAllCaches = $0 { true } else { false } })
        // When: the sizes come back, the question names them
        harness.send(.cachesMeasured(CacheSizes(memoryImages: 12, memoryBytes: 3_145_728, diskBytes: 48_000_000)))
        #expect(harness.model.message?.contains("12 images") == true)
        #expect(harness.model.message?.contains("on disk") == true)
        // And: any other key keeps them (and does nothing else)
        let focus = harness.model.focusedKey
        #expect(harness.press("j").isEmpty)
        #expect(harness.model.focusedKey == focus)
        #expect(harness.model.message == "kept the caches")
        // When: asked again and answered y, they are cleared
        harness.press("C")
        harness.send(.cachesMeasured(CacheSizes(memoryImages: 1, memoryBytes: 10, diskBytes: nil)))
        #expect(harness.press("y").contains { if case .clearAllCaches = $0 { true } else { false } })
    }
}
