import FeedSources
import Foundation
import ImageLoading
import LoadSemantics
import TerminalScreen
import Testing
import Vocabulary

@testable import FeedViewer

/// The loads on their own: the planner's decisions, the phases that come back, retries, the
/// pictures drawn again and the records, driven through ``LoadingModel/update(_:)`` with no
/// feed model around them.
@Suite("Loading model")
struct LoadingModelTests {
    private static let box = CellSize(columns: 20, rows: 8)

    private static func drawing(fades: Bool = false, now: Duration = .zero) -> LoadingModel.Drawing {
        LoadingModel.Drawing(pictures: BlockArtPictures(), box: box, animation: .on, fades: fades, now: now)
    }

    /// A loading model holding photos named `names`.
    private static func loading(_ names: [String]) -> LoadingModel {
        var loading = LoadingModel()
        for name in names {
            let url = URL(string: "https://example.com/\(name).jpg")!
            let photo = FeedPhoto(id: name, author: "Author \(name)", size: PixelSize(width: 400, height: 300), origin: .original(url))
            loading.items.append(photo, as: PhotoKey(id: name))
        }
        return loading
    }

    private static func appear(_ name: String) -> RowLoadPlanner<PhotoKey>.Transition {
        .init(item: PhotoKey(id: name), from: .offscreen, to: .visible)
    }

    private static func disappear(_ name: String) -> RowLoadPlanner<PhotoKey>.Transition {
        .init(item: PhotoKey(id: name), from: .visible, to: .offscreen)
    }

    /// The effects about items, as "kind key" (cancel, release).
    private static func names(_ effects: [FeedEffect]) -> [String] {
        effects.map { effect in
            switch effect {
            case .cancel(.item(let key)): "cancel \(key.id)"
            case .release(.item(let key)): "release \(key.id)"
            default: "\(effect)"
            }
        }
    }

    /// The items a frame record shows still loading.
    private static func placeholders(_ event: LoadRecord.Event) -> Set<LoadSlot>? {
        if case .frame(let placeholders) = event { return placeholders }
        return nil
    }

    /// The timeline's marks the reply asks for, as "lane mark".
    private static func marks(_ reply: ModelReply<LoadingModel.Request>) -> [String] {
        reply.requests.compactMap { if case .mark(let mark, let lane) = $0 { "\(lane) \(mark)" } else { nil } }
    }

    @Test func aPhotoThatAppearsStartsLoadingAtTheVisiblePriority() {
        // Given a photo never loaded
        var loading = Self.loading(["a"])

        // When it comes on screen
        let reply = loading.update(.plan([Self.appear("a")], policy: .cancel, drawing: Self.drawing()))

        // Then one load starts at the visible priority, with the size the renderer wants
        guard case .load(.item(let key), let token, let request, lowData: false)? = reply.effects.first else {
            Issue.record("expected a load, got \(reply.effects)")
            return
        }
        let pixels = BlockArtPictures().pixelSize(forImage: PixelSize(width: 400, height: 300), in: Self.box)
        #expect(key == PhotoKey(id: "a") && request.priority == .high)
        #expect(loading.items[key]?.load?.token == token && loading.items[key]?.load?.pixels == pixels)
        // And the timeline marks it, the log says it started, and a page is asked for last
        #expect(Self.marks(reply) == ["a appear"])
        guard case .log(.note(let text), for: PhotoKey(id: "a"))? = reply.requests.dropFirst().first else {
            Issue.record("expected the start logged, got \(reply.requests)")
            return
        }
        #expect(text.hasPrefix("start "))
        guard case .requestPageIfNeeded? = reply.requests.last else {
            Issue.record("expected a page asked for last, got \(reply.requests)")
            return
        }
    }

    @Test func aPhotoThatLeavesIsCancelledUnderCancel() {
        // Given a photo loading on screen
        var loading = Self.loading(["a"])
        _ = loading.update(.plan([Self.appear("a")], policy: .cancel, drawing: Self.drawing()))

        // When it goes off screen under --on-disappear cancel
        let reply = loading.update(.plan([Self.disappear("a")], policy: .cancel, drawing: Self.drawing()))

        // Then its load is cancelled and forgotten, and the timeline marks both
        #expect(Self.names(reply.effects) == ["cancel a"])
        #expect(loading.items[PhotoKey(id: "a")]?.load == nil)
        #expect(Self.marks(reply) == ["a disappear", "a cancel"])
    }

    @Test func aSuccessDrawsThePictureAndFadesItInFromTheNetwork() throws {
        // Given a photo loading on screen
        var loading = Self.loading(["a"])
        let key = PhotoKey(id: "a")
        _ = loading.update(.plan([Self.appear("a")], policy: .cancel, drawing: Self.drawing()))
        let token = try #require(loading.items[key]?.load?.token)

        // When its picture arrives from the network, with fades on
        let reply = loading.update(
            .phase(FakeImages.success(), key: key, token: token, isWanted: true, drawing: Self.drawing(fades: true, now: .seconds(3))))

        // Then the item holds the picture, is loaded and fades in from now
        let item = try #require(loading.items[key])
        #expect(item.picture != nil && item.bitmap != nil)
        #expect(loading.allSettled([key]) && !item.isFailed)
        #expect(item.fade == PictureFade(start: .seconds(3)))
        #expect(Self.marks(reply) == ["a done"])
    }

    @Test func aPhaseOfAReplacedLoadIsDropped() throws {
        // Given a photo whose load was restarted
        var loading = Self.loading(["a"])
        let key = PhotoKey(id: "a")
        _ = loading.update(.start(key, priority: .high, drawing: Self.drawing()))
        let old = try #require(loading.items[key]?.load?.token)
        _ = loading.update(.start(key, priority: .high, drawing: Self.drawing()))

        // When the old load's success comes
        let reply = loading.update(.phase(FakeImages.success(), key: key, token: old, isWanted: true, drawing: Self.drawing()))

        // Then nothing changes
        #expect(reply.effects.isEmpty && reply.requests.isEmpty)
        #expect(loading.items[key]?.picture == nil)
    }

    @Test func aSuccessOffScreenIsLetGo() throws {
        // Given a photo loading, then scrolled away (kept running)
        var loading = Self.loading(["a"])
        let key = PhotoKey(id: "a")
        _ = loading.update(.start(key, priority: .high, drawing: Self.drawing()))
        let token = try #require(loading.items[key]?.load?.token)

        // When it finishes while unwanted
        let reply = loading.update(.phase(FakeImages.success(), key: key, token: token, isWanted: false, drawing: Self.drawing()))

        // Then it is released, not drawn
        #expect(Self.names(reply.effects) == ["release a"])
        #expect(loading.items[key]?.picture == nil && loading.items[key]?.load == nil)
    }

    @Test func aRetryStartsAFailedPhotoAgain() throws {
        // Given a photo on screen whose load failed
        var loading = Self.loading(["a"])
        let key = PhotoKey(id: "a")
        _ = loading.update(.start(key, priority: .high, drawing: Self.drawing()))
        let token = try #require(loading.items[key]?.load?.token)
        _ = loading.update(
            .phase(.failure(.httpStatus(500)), key: key, token: token, isWanted: true, drawing: Self.drawing()))
        #expect(loading.items[key]?.isFailed == true)

        // When it is retried
        let reply = loading.update(.retry([key], visible: [key], drawing: Self.drawing()))

        // Then a new load starts (a restart, said so)
        guard case .load(.item(key), let again, _, _)? = reply.effects.first else {
            Issue.record("expected a new load, got \(reply.effects)")
            return
        }
        #expect(again != token)
        #expect(loading.items[key]?.isFailed == false)
        guard case .log(.note(let text), _)? = reply.requests.first else {
            Issue.record("expected the restart logged, got \(reply.requests)")
            return
        }
        #expect(text.hasPrefix("restart "))
    }

    @Test func redrawingReRendersKeptPicturesAndReloadsTooSmallOnes() throws {
        // Given a photo loaded small
        var loading = Self.loading(["a"])
        let key = PhotoKey(id: "a")
        _ = loading.update(.start(key, priority: .high, drawing: Self.drawing()))
        let token = try #require(loading.items[key]?.load?.token)
        _ = loading.update(
            .phase(FakeImages.success(width: 8, height: 6), key: key, token: token, isWanted: true, drawing: Self.drawing()))

        // When the pictures are drawn again
        let reply = loading.update(.redraw(keys: [key], visible: [key], drawing: Self.drawing()))

        // Then it keeps a picture meanwhile and loads again at the visible priority
        #expect(loading.items[key]?.picture != nil)
        guard case .load(.item(key), _, let request, _)? = reply.effects.first else {
            Issue.record("expected a reload, got \(reply.effects)")
            return
        }
        #expect(request.priority == .high)
    }

    @Test func theRecordsNameTheLoadsAndThePlacesThatChanged() {
        // Given a photo loading on screen
        var loading = Self.loading(["a"])
        let key = PhotoKey(id: "a")
        let reply = loading.update(.start(key, priority: .high, drawing: Self.drawing()))

        // Then its load is recorded under its author, a frame shows it still loading, and
        // a photo that came on screen is recorded visible
        guard case .load(.item(key), _, _, _, let label)? = reply.effects.first.flatMap({ loading.record(of: $0, detailKey: nil) }) else {
            Issue.record("expected a load record")
            return
        }
        #expect(label == "Author a")
        #expect(Self.placeholders(loading.frameRecord(visible: [key])) == [.item(key)])
        #expect(Self.placeholders(loading.frameRecord(visible: nil)) == [])
        let events = LoadingModel.records(of: .tick, wantedBefore: [:], wantedAfter: [key: .visible])
        guard events.count == 1, case .visibility(.item(key), .visible) = events[0] else {
            Issue.record("expected the photo recorded visible, got \(events)")
            return
        }
        let gone = LoadingModel.records(of: .tick, wantedBefore: [key: .visible], wantedAfter: [:])
        guard gone.count == 1, case .visibility(.item(key), .gone) = gone[0] else {
            Issue.record("expected the photo recorded gone, got \(gone)")
            return
        }
    }

    /// Photo `name` loaded as an animation of three frames.
    private static func loadAnimated(_ loading: inout LoadingModel, _ name: String) throws {
        let key = PhotoKey(id: name)
        _ = loading.update(.plan([Self.appear(name)], policy: .cancel, drawing: Self.drawing()))
        let token = try #require(loading.items[key]?.load?.token)
        var response = ImageResponse(
            bitmap: FakeImages.bitmap(width: 32, height: 24), source: .network, byteCount: 100, bytesTransferred: 100,
            originalSize: PixelSize(width: 64, height: 48), timings: .init())
        response.animation = AnimationData(bytes: [0x47, 0x49, 0x46], frameCount: 3)
        _ = loading.update(.phase(.success(response), key: key, token: token, isWanted: true, drawing: Self.drawing()))
    }

    @Test func anAnimationOnScreenPlaysAndIsLetGoWhenItLeavesUnderCancel() throws {
        // Given an animated photo loaded
        var loading = Self.loading(["a"])
        let key = PhotoKey(id: "a")
        try Self.loadAnimated(&loading, "a")
        #expect(loading.animatedKeys == [key])

        // When it is on screen and animations play
        let play = loading.update(
            .reconcileAnimations(playing: true, visible: [key], positions: [key: 0], policy: .cancel, now: .zero))

        // Then its first frame is asked for
        guard case .requestAnimationFrame(key, _, index: 0, _, _)? = play.effects.first, play.effects.count == 1 else {
            Issue.record("expected frame 0 asked for, got \(play.effects)")
            return
        }
        #expect(loading.playingAnimations == 1)

        // When it left the screen under --on-disappear cancel
        let leave = loading.update(
            .reconcileAnimations(playing: true, visible: [], positions: [key: 0], policy: .cancel, now: .seconds(1)))

        // Then its player is let go
        guard case .releaseAnimation(key)? = leave.effects.first, leave.effects.count == 1 else {
            Issue.record("expected the player released, got \(leave.effects)")
            return
        }
        #expect(loading.playingAnimations == 0)
    }

    @Test func aTickEndsTheFadesThatAreDone() throws {
        // Given a picture fading in from 3 s
        var loading = Self.loading(["a"])
        let key = PhotoKey(id: "a")
        _ = loading.update(.plan([Self.appear("a")], policy: .cancel, drawing: Self.drawing()))
        let token = try #require(loading.items[key]?.load?.token)
        _ = loading.update(
            .phase(FakeImages.success(), key: key, token: token, isWanted: true, drawing: Self.drawing(fades: true, now: .seconds(3))))
        #expect(loading.nextFadeDeadline(among: [key], after: .seconds(3)) != nil)

        // When a tick comes while it still fades, then one after it is done
        _ = loading.update(.tick(visible: [key], budget: .blockArt, drawing: Self.drawing(now: .seconds(3))))
        let fading = loading.items[key]?.fade
        _ = loading.update(.tick(visible: [key], budget: .blockArt, drawing: Self.drawing(now: .seconds(3) + PictureFade.duration)))

        // Then the fade is kept while it runs, and forgotten once done
        #expect(fading != nil)
        #expect(loading.items[key]?.fade == nil && loading.nextFadeDeadline(among: [key], after: .seconds(4)) == nil)
    }
}
