import FeedSources
import ImageCodecs
import ImageLoading
import LoadSemantics
import Testing
import TerminalKit
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

/// Animations in the update function: frames asked for only while the item is on screen, each
/// shown for its duration, paused and released like downloads. 100×40 screen, 16×6 boxes:
/// items 0…5 visible, 6…7 prefetched.
@Suite("Update: animations play only while visible")
struct UpdateAnimationTests {
    static let frameSize = PixelSize(width: 32, height: 24)
    static let info = AnimationInfo(canvasSize: PixelSize(width: 64, height: 48), frameCount: 3, loopCount: nil)

    private func harness(policy: DisappearPolicy = .cancel, mode: AnimationMode = .on) -> FeedHarness {
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), onDisappear: policy, prefetch: 2)
        options.animation = mode
        var harness = FeedHarness(options: options)
        harness.audit = SemanticsAudit(configuration: .init(onDisappear: policy))
        harness.showPage(TestPhotos.files(30))
        return harness
    }

    /// Photo `id` finishes loading as an animation of three frames.
    private func loadAnimated(_ harness: inout FeedHarness, id: String = "0", source: ImageResponse.Source = .network) -> [FeedEffect] {
        var response = ImageResponse(
            bitmap: FakeImages.bitmap(width: Self.frameSize.width, height: Self.frameSize.height), source: source,
            byteCount: 100, bytesTransferred: 100, originalSize: PixelSize(width: 64, height: 48), timings: .init())
        response.animation = AnimationData(bytes: [0x47, 0x49, 0x46], frameCount: 3)
        return harness.deliver(.success(response), to: id)
    }

    /// The player decodes frame `index` (a flat colour per frame, `duration` long).
    private func decode(_ harness: inout FeedHarness, _ index: Int, id: String = "0", duration: Duration = .milliseconds(100))
        -> [FeedEffect]
    {
        let key = PhotoKey(id: id)
        guard let token = harness.model.playback(of: key)?.token else { return [] }
        let gray = UInt8(40 + index * 60)
        let frame = AnimationFrame(
            index: index, bitmap: Bitmap(width: Self.frameSize.width, height: Self.frameSize.height, fill: RGBA(gray, gray, gray)),
            duration: duration)
        return harness.send(.animationFrame(key, token, .success(AnimationDelivery(frame: frame, info: Self.info))))
    }

    @Test func aVisibleAnimationAsksForOneFrameAtATimeAndShowsEachForItsDuration() {
        // Given an animated photo loaded on screen
        var harness = harness()
        let loaded = loadAnimated(&harness)
        // Then its first frame is asked for, nothing more
        #expect(loaded.frameRequests == [FrameRequest(id: "0", index: 0)])
        // When frame 0 arrives it shows at once and frame 1 is decoded ahead
        #expect(decode(&harness, 0).frameRequests == [FrameRequest(id: "0", index: 1)])
        let first = harness.model.picture(of: PhotoKey(id: "0"))
        // When frame 1 arrives early, it waits for frame 0's 100 ms
        #expect(decode(&harness, 1).frameRequests.isEmpty)
        #expect(harness.model.nextAnimationDeadline == .milliseconds(100))
        harness.now = .milliseconds(50)
        #expect(harness.send(.tick).frameRequests.isEmpty)
        #expect(harness.model.playback(of: PhotoKey(id: "0"))?.shown == 0)
        // When its time comes it shows, and frame 2 is asked for
        harness.now = .milliseconds(100)
        #expect(harness.send(.tick).frameRequests == [FrameRequest(id: "0", index: 2)])
        #expect(harness.model.playback(of: PhotoKey(id: "0"))?.shown == 1)
        #expect(harness.model.picture(of: PhotoKey(id: "0")) != first)
        // And after the last frame the loop starts again
        _ = decode(&harness, 2)
        harness.now = .milliseconds(200)
        #expect(harness.send(.tick).frameRequests == [FrameRequest(id: "0", index: 0)])
        #expect(harness.audit?.violations.isEmpty == true)
    }

    @Test func leavingTheScreenReleasesThePlayerAndComingBackContinuesWhereItWas() {
        // Given an animation at frame 1 (cancel policy)
        var harness = harness()
        _ = loadAnimated(&harness)
        _ = decode(&harness, 0)
        _ = decode(&harness, 1)
        harness.now = .milliseconds(100)
        harness.send(.tick)
        // When the list jumps to the end
        let away = harness.press("G")
        // Then its player is let go and no frame is asked for while it is away, whatever the time
        #expect(away.releasesAnimation("0"))
        harness.now = .seconds(5)
        #expect(harness.send(.tick).frameRequests.isEmpty)
        #expect(harness.model.nextAnimationDeadline == nil)
        // When it comes back and its picture loads again (from the disk cache)
        harness.press("g")
        let back = loadAnimated(&harness, source: .disk)
        // Then the frame it was at is asked for again (a new player), then the loop goes on
        #expect(back.frameRequests == [FrameRequest(id: "0", index: 1)])
        #expect(decode(&harness, 1).frameRequests == [FrameRequest(id: "0", index: 2)])
        #expect(harness.audit?.violations.isEmpty == true, "\(harness.audit?.violations ?? [])")
    }

    @Test func aPauseKeepsThePlayerAndTheFrameDecodedAhead() {
        // Given an animation showing frame 0 for 100 ms, frame 1 decoded ahead
        var harness = harness()
        _ = loadAnimated(&harness)
        _ = decode(&harness, 0)
        _ = decode(&harness, 1)
        // When a pauses it 40 ms in
        harness.now = .milliseconds(40)
        let paused = harness.press("a")
        // Then its player is kept, and however long the pause, nothing is due or decoded
        #expect(paused.pausesAnimation("0") && !paused.releasesAnimation("0"))
        harness.now = .seconds(10)
        #expect(harness.send(.tick).frameRequests.isEmpty)
        #expect(harness.model.nextAnimationDeadline == nil)
        // When a plays it again, frame 0 stays the 60 ms it had left, then frame 1 shows: no decode again
        #expect(harness.press("a").frameRequests.isEmpty)
        #expect(harness.model.nextAnimationDeadline == .seconds(10) + .milliseconds(60))
        harness.now = .seconds(10) + .milliseconds(60)
        #expect(harness.send(.tick).frameRequests == [FrameRequest(id: "0", index: 2)])
        #expect(harness.model.playback(of: PhotoKey(id: "0"))?.shown == 1)
    }

    @Test func aPausesEveryAnimationAndPlaysThemAgain() {
        // Given two animations playing
        var harness = harness()
        _ = loadAnimated(&harness, id: "0")
        _ = loadAnimated(&harness, id: "1")
        _ = decode(&harness, 0, id: "0")
        _ = decode(&harness, 0, id: "1")
        #expect(harness.model.playingAnimations == 2)
        // When a is pressed
        let paused = harness.press("a")
        // Then both pause and the status says so
        #expect(paused.pausesAnimation("0") && paused.pausesAnimation("1"))
        #expect(harness.model.playingAnimations == 0)
        #expect(harness.model.shownMessage == "animations paused (a plays)")
        // When a is pressed again, both play on
        harness.press("a")
        #expect(harness.model.playingAnimations == 2)
    }

    @Test func animateOffNeverDecodesAFrame() {
        // Given --animate off
        var harness = harness(mode: .off)
        // When an animated photo loads
        let loaded = loadAnimated(&harness)
        // Then its first frame (the still) stays and nothing is asked of a player
        #expect(loaded.frameRequests.isEmpty)
        #expect(harness.model.playback(of: PhotoKey(id: "0")) == nil)
        #expect(harness.model.picture(of: PhotoKey(id: "0")) != nil)
    }

    @Test func animateOncePlaysOneLoopAndStaysOnTheLastFrame() {
        // Given --animate once
        var harness = harness(mode: .once)
        _ = loadAnimated(&harness)
        // When its three frames have played
        _ = decode(&harness, 0)
        _ = decode(&harness, 1)
        harness.now = .milliseconds(100)
        harness.send(.tick)
        _ = decode(&harness, 2)
        harness.now = .milliseconds(200)
        let end = harness.send(.tick)
        // Then it stays on frame 2 and asks for nothing more
        #expect(end.frameRequests.isEmpty)
        #expect(harness.model.playback(of: PhotoKey(id: "0"))?.shown == 2)
        #expect(harness.model.playback(of: PhotoKey(id: "0"))?.finished == true)
    }

    @Test func theDetailViewPausesTheListsAnimations() {
        // Given an animation playing in the list
        var harness = harness()
        _ = loadAnimated(&harness)
        _ = decode(&harness, 0)
        // When the focused photo opens in the detail view
        let opened = harness.press(.enter)
        // Then the list's animation pauses (the detail view covers it)
        #expect(opened.pausesAnimation("0"))
        // And plays on when the detail view closes
        harness.press(.escape)
        #expect(harness.model.playingAnimations == 1)
    }

    @Test func aFrameThatFailsStopsTheAnimationOnTheFrameItShows() {
        // Given an animation playing
        var harness = harness()
        _ = loadAnimated(&harness)
        _ = decode(&harness, 0)
        let token = harness.model.playback(of: PhotoKey(id: "0"))!.token
        // When its next frame cannot be decoded
        let failed = harness.send(.animationFrame(PhotoKey(id: "0"), token, .failure(.decoder("corrupt GIF frame"))))
        // Then nothing more is asked for and the picture stays
        #expect(failed.frameRequests.isEmpty)
        #expect(harness.model.playback(of: PhotoKey(id: "0"))?.finished == true)
        #expect(harness.model.picture(of: PhotoKey(id: "0")) != nil)
    }

    @Test func theBudgetSlowsEveryAnimationAlikeBeyondIt() {
        // Given 24 animations of 40 ms frames (600 frames a second asked for)
        let durations = Array(repeating: Duration.milliseconds(40), count: 24)
        // Then block art (120 a second) shows each frame 5 times longer, pixels (40) 15 times
        #expect(AnimationBudget.blockArt.slowdown(for: durations) == 5)
        #expect(AnimationBudget.pixels.slowdown(for: durations) == 15)
        // And 4 of them (100 a second) play at their own speed in block art
        #expect(AnimationBudget.blockArt.slowdown(for: Array(durations.prefix(4))) == 1)
    }
}

/// A frame asked of a player, as tests compare them.
struct FrameRequest: Equatable, CustomStringConvertible {
    var id: String
    var index: Int
    var description: String { "\(id)#\(index)" }
}

extension Array where Element == FeedEffect {
    /// The animation frames asked for, in order.
    var frameRequests: [FrameRequest] {
        compactMap { if case .requestAnimationFrame(let key, _, let index, _, _) = $0 { FrameRequest(id: key.id, index: index) } else { nil } }
    }

    /// Whether the photo `id`'s animation player was let go.
    func releasesAnimation(_ id: String) -> Bool {
        contains { if case .releaseAnimation(PhotoKey(id: id)) = $0 { true } else { false } }
    }

    /// Whether the photo `id`'s animation paused, keeping its player.
    func pausesAnimation(_ id: String) -> Bool {
        contains { if case .pauseAnimation(PhotoKey(id: id)) = $0 { true } else { false } }
    }
}

@Suite("A frame drawn into a reused frame is the frame drawn afresh")
struct FrameReuseTests {
    @Test func drawingIntoAnOldFrameGivesTheSameFrame() {
        // Given a model with a loaded page, and a frame drawn for another state of it
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6))
        options.animation = .off
        var harness = FeedHarness(options: options)
        harness.showPage(TestPhotos.files(30))
        var reused = FeedView.frame(of: harness.model)
        harness.deliver(FakeImages.success(), to: "0")
        harness.press("jjjjjjj?")
        // When the new state is drawn into that old frame
        FeedView.draw(harness.model, into: &reused)
        // Then it is exactly the frame drawn from nothing (cells and pictures)
        #expect(reused == FeedView.frame(of: harness.model))
        // And a frame of another size is remade at that size
        var small = Frame(size: CellSize(columns: 4, rows: 3))
        FeedView.draw(harness.model, into: &small)
        #expect(small == FeedView.frame(of: harness.model))
    }
}
