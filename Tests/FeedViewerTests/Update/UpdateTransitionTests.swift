import FeedSources
import ImageLoading
import LoadSemantics
import Testing
import TerminalKit
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

/// Transitions on load (issue 24, point 1): a picture from the network or the disk fades in
/// from its placeholder over ``PictureFade/duration`` and asks for ticks until it is done; a
/// memory-cache hit, `--transition none`, reduced motion, pixel pictures and snapshots show the
/// picture at once. 100×40 screen, 16×6 boxes: items 0…5 visible.
@Suite("Update: pictures fade in on load")
struct UpdateTransitionTests {
    private func harness(
        transition: PictureTransition = .fade, animation: AnimationMode = .on, graphics: PictureBackend = .blocks,
        settle: SettleCondition? = nil
    ) -> FeedHarness {
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 2, graphics: graphics)
        options.transition = transition
        options.animation = animation
        var harness = FeedHarness(options: options, settle: settle)
        harness.audit = SemanticsAudit(configuration: .init(onDisappear: .cancel))
        harness.showPage(TestPhotos.files(30))
        harness.now = .milliseconds(1_000)
        return harness
    }

    /// The cells the frame shows where the picture of `id` is placed.
    private func placedCells(_ harness: FeedHarness, id: String, at time: Duration? = nil) throws -> CellBlock {
        let frame = FeedView.frame(of: harness.model, context: FeedView.Context(time: time))
        return try #require(frame.pictures.first { $0.key == id }).picture.cells
    }

    @Test(arguments: [ImageResponse.Source.network, .disk, .networkResumed(from: 1_000)])
    func aDownloadedPictureFadesInAndWantsTicksUntilItsDurationEnds(source: ImageResponse.Source) throws {
        // Given a visible item loading
        var harness = harness()
        let key = PhotoKey(id: "0")
        // When its picture arrives from the network or the disk
        harness.deliver(FakeImages.success(source: source), to: "0")
        // Then it fades in from now, and the runtime is asked for the next step
        let fade = try #require(harness.model.fade(of: key))
        #expect(fade.start == .milliseconds(1_000))
        #expect(harness.model.nextFadeDeadline(after: harness.now) == .milliseconds(1_040))
        // And this frame already draws the picture's cells, blended (the row counts as drawn)
        let picture = try #require(harness.model.picture(of: key))
        let first = try placedCells(harness, id: "0")
        #expect(first != picture.cells)
        #expect(first.cells.map(\.grapheme) == picture.cells.cells.map(\.grapheme))
        #expect(!harness.model.frameRecord.placeholdersContain("0"))

        // When ticks come at each deadline
        var deadlines: [Duration] = []
        var previous = first
        while let next = harness.model.nextFadeDeadline(after: harness.now) {
            deadlines.append(next)
            harness.now = next
            harness.send(.tick)
            let cells = try placedCells(harness, id: "0")
            #expect(cells != previous)
            previous = cells
            #expect(deadlines.count <= PictureFade.steps)
        }
        // Then it stepped every 40 ms and ended at its duration, drawing the picture itself
        #expect(deadlines == (1...5).map { .milliseconds(1_000 + 40 * $0) })
        #expect(harness.model.fade(of: key) == nil)
        #expect(try placedCells(harness, id: "0") == picture.cells)
        let audit = try #require(harness.audit)
        #expect(audit.violations.isEmpty, "\(audit.violations)")
    }

    @Test func theRuntimeIsAskedForTicksWhileAFadeRunsAndForNoneAfter() {
        // Given every visible item loading (placeholders tick at the animation timer's rate)
        var harness = harness()
        let timer = AnimationTimer()
        #expect(harness.model.nextTick(after: harness.now, timer: timer) != nil)
        // When every visible picture arrives from the network at once
        for id in 0..<6 { harness.deliver(FakeImages.success(), to: "\(id)") }
        // Then the next tick is the fades' next step, each step until the fades end
        var ticks: [Duration] = []
        while let next = harness.model.nextTick(after: harness.now, timer: timer), ticks.count <= PictureFade.steps {
            ticks.append(next)
            harness.now = next
            harness.send(.tick)
        }
        #expect(ticks == (1...5).map { .milliseconds(1_000 + 40 * $0) })
        // And after the last, nothing on screen moves: no tick is wanted
        #expect(harness.model.nextTick(after: harness.now, timer: timer) == nil)
    }

    @Test func aMemoryHitAppearsAtOnceInTheFrameOfItsAppearanceAndTheAuditAgrees() throws {
        // Given items loaded from the network, faded in, then scrolled away (their images let go)
        var harness = harness()
        for id in 0..<8 { harness.deliver(FakeImages.success(), to: "\(id)") }
        harness.now += PictureFade.duration
        harness.send(.tick)
        harness.press("G")
        let key = PhotoKey(id: "0")
        #expect(harness.model.picture(of: key) == nil)

        // When the list jumps back and each load answers from the memory cache before the
        // frame is drawn (as the runtime handles a hit settled inside its load)
        harness.now += .milliseconds(100)
        harness.sendBeforeOneFrame(.input(.key(.character("g")))) { model in
            (0..<6).compactMap { id in
                let item = PhotoKey(id: "\(id)")
                return model.loadToken(of: item).map { .phase(.item(item), $0, FakeImages.success(source: .memory)) }
            }
        }

        // Then it shows its picture as it is, with no fade and no ticks wanted
        #expect(harness.model.fade(of: key) == nil)
        #expect(harness.model.nextFadeDeadline(after: harness.now) == nil)
        let picture = try #require(harness.model.picture(of: key))
        #expect(try placedCells(harness, id: "0") == picture.cells)
        // And the audit finds no memory hit drawn after a placeholder (rule 5) nor anything else
        let audit = try #require(harness.audit)
        #expect(audit.violations.isEmpty, "\(audit.violations)")
    }

    @Test(arguments: [(PictureTransition.none, AnimationMode.on), (.fade, .off)])
    func noTransitionOrReducedMotionShowsThePictureAtOnce(transition: PictureTransition, animation: AnimationMode) throws {
        // Given `--transition none`, or `--animate off` (also `--reduce-motion`, TERM=dumb)
        var harness = harness(transition: transition, animation: animation)
        // When a picture arrives from the network
        harness.deliver(FakeImages.success(), to: "0")
        // Then it shows as it is, with no fade and no ticks
        let key = PhotoKey(id: "0")
        #expect(harness.model.fade(of: key) == nil)
        #expect(harness.model.nextFadeDeadline(after: harness.now) == nil)
        #expect(try placedCells(harness, id: "0") == harness.model.picture(of: key)?.cells)
    }

    @Test func aPixelPictureHasNoFade() throws {
        // Given the kitty backend (pixels: re-sending them every step is not cheap)
        var harness = harness(graphics: .pixels(.kitty))
        // When a picture arrives from the network
        harness.deliver(FakeImages.success(width: 160, height: 120), to: "0")
        // Then it is placed as it is, with no fade
        let key = PhotoKey(id: "0")
        #expect(harness.model.picture(of: key)?.image != nil)
        #expect(harness.model.fade(of: key) == nil)
        #expect(harness.model.nextFadeDeadline(after: harness.now) == nil)
    }

    @Test func aSnapshotShowsThePictureAtOnce() {
        // Given snapshot mode (its one frame must show the picture itself)
        var harness = harness(settle: SettleCondition(scroll: 0, wait: .seconds(10)))
        // When a picture arrives from the network
        harness.deliver(FakeImages.success(), to: "0")
        // Then there is no fade
        #expect(harness.model.fade(of: PhotoKey(id: "0")) == nil)
    }

    @Test func aPictureAfterAPreviewOrAReloadDoesNotFadeAgain() {
        // Given a picture that faded in and finished
        var harness = harness()
        harness.deliver(FakeImages.success(), to: "0")
        harness.now += PictureFade.duration
        harness.send(.tick)
        let key = PhotoKey(id: "0")
        #expect(harness.model.fade(of: key) == nil)
        // When the symbol set changes and the picture loads again at another size
        harness.press("m")
        harness.deliver(FakeImages.success(width: 96, height: 72), to: "0")
        // Then the new picture replaces the old at once (no placeholder was shown in between)
        #expect(harness.model.fade(of: key) == nil)
    }
}

extension LoadRecord.Event {
    /// Whether this frame record shows the item `id` with a placeholder.
    fileprivate func placeholdersContain(_ id: String) -> Bool {
        if case .frame(let placeholders) = self { return placeholders.contains(.item(PhotoKey(id: id))) }
        return false
    }
}

extension FeedHarness {
    /// Handles `first`, then the messages `follow` gives after it (a phase names the token of a
    /// load `first` started), with no frame between them, then records one frame: as the runtime
    /// handles messages an effect gave back at once.
    fileprivate mutating func sendBeforeOneFrame(_ first: FeedMessage, then follow: (FeedModel) -> [FeedMessage]) {
        apply(first)
        for message in follow(model) { apply(message) }
        audit?.consume(LoadRecord(time: now, model.frameRecord))
    }

    private mutating func apply(_ message: FeedMessage) {
        let wanted = model.wantedPlaces
        let effects = FeedUpdate.update(&model, message, now: now)
        var events = model.records(of: message, wantedBefore: wanted)
        events += effects.compactMap(model.record(of:))
        for event in events { audit?.consume(LoadRecord(time: now, event)) }
    }
}
