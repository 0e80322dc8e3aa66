import FeedSources
import Foundation
import Vocabulary
import TerminalKit
import Testing

@testable import TerminalUI

/// The model's parts on their own: each owns its state and changes it by its own functions,
/// and what the screen can derive is computed from them.
@Suite("Feed model parts")
struct FeedSubModelTests {
    private static func photo(_ id: String) -> FeedPhoto {
        FeedPhoto(id: id, author: "a", size: PixelSize(width: 40, height: 30), origin: .original(URL(string: "https://example.com/\(id).gif")))
    }

    @Test func theItemsKeepTheIndexOfTheirAnimatedPhotosThemselves() {
        // Given two photos, one of them given an animation's playback
        var items = FeedItems()
        let (a, b) = (PhotoKey(id: "a"), PhotoKey(id: "b"))
        items.append(Self.photo("a"), as: a)
        items.append(Self.photo("b"), as: b)
        var item = items[a]!
        item.state = .loading(completed: 0, expected: nil, resumedFrom: nil)
        item.playback = AnimationPlayback(token: LoadToken(1), frameSize: PixelSize(width: 4, height: 4), frameCount: 2, mode: .on)
        items[a] = item

        // Then only that photo is animated
        #expect(items.animatedKeys == [a])

        // When its playback goes, and when the photo itself goes, so does its place in the index
        item.playback = nil
        items[a] = item
        #expect(items.animatedKeys.isEmpty)
        item.playback = AnimationPlayback(token: LoadToken(2), frameSize: PixelSize(width: 4, height: 4), frameCount: 2, mode: .on)
        items[a] = item
        items.remove([a])
        #expect(items.animatedKeys.isEmpty)
    }

    @Test func thePanelsOpenOneAtATimeAndTheEventLogsKeyIsItsOwn() {
        // Given no panel open
        var panels = PanelsModel()

        // Then `t` is not the panels' key
        #expect(panels.handle(.key(.character("t"))) == nil)

        // When the event log opens, `t` switches its timeline
        panels.toggle(.eventLog)
        #expect(panels.handle(.key(.character("t")))?.isEmpty == true)
        #expect(panels.showsMovingTimeline)

        // When another panel opens, the event log closes; toggling it again closes it
        panels.toggle(.network)
        #expect(panels.open == .network)
        panels.toggle(.network)
        #expect(panels.open == nil)
    }

    @Test func aMessageShowsForItsTimeUnlessSomethingWaitsForAnAnswer() {
        // Given a message shown at 1 s
        var status = StatusModel()
        status.show("hello", at: .seconds(1))

        // Then it shows for its duration, and is the screen reader's news
        #expect(status.shownMessage(at: .seconds(2), holds: false, duration: .seconds(4)) == "hello")
        #expect(status.shownMessage(at: .seconds(6), holds: false, duration: .seconds(4)) == nil)
        #expect(status.shownMessage(at: .seconds(6), holds: true, duration: .seconds(4)) == "hello")
        #expect(status.announcement == "hello")
    }

    @Test func theStatusBarsNumbersAreComputedFromTheModel() {
        // Given a model with three photos
        var harness = FeedHarness(options: FeedViewerOptions())
        harness.showPage(TestPhotos.files(3))
        #expect(harness.model.metrics.rowCount == 3)
        #expect(harness.model.metrics.focusedRow == 0)

        // When the focus moves and low-data mode goes on
        harness.press("j")
        harness.press("d")

        // Then the numbers follow, with no copy to keep in step
        #expect(harness.model.metrics.focusedRow == 1)
        #expect(harness.model.metrics.feedSource.hasSuffix(" · low-data"))
    }
}
