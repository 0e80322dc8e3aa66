import Testing
import Vocabulary

@testable import FeedViewer

/// `a` and the slideshow on their own, driven through ``AnimationModel/update(_:)`` with no
/// feed model around them.
@Suite("Animation model")
struct AnimationModelTests {
    /// The requests of a reply, named.
    private static func asked(_ reply: ModelReply<AnimationModel.Request>) -> [String] {
        reply.requests.map { request in
            switch request {
            case .openDetail: "openDetail"
            case .startSlideshow: "startSlideshow"
            case .step: "step"
            }
        }
    }

    @Test func aPausesEveryAnimationAndPlaysThemAgain() {
        // Given animations playing
        var animation = AnimationModel()

        // When `a` is pressed twice
        let first = animation.update(.togglePause(.on))
        let paused = animation.paused
        let second = animation.update(.togglePause(.on))

        // Then they pause, then play, each said
        #expect(paused && !animation.paused)
        #expect(first.notes == ["animations paused (a plays)"] && second.notes == ["animations playing"])
    }

    @Test func aSaysAnimationsAreOffWhenTheyAre() {
        // Given --animate off
        var animation = AnimationModel()

        // When `a` is pressed
        let reply = animation.update(.togglePause(.off))

        // Then nothing pauses, and it says why
        #expect(!animation.paused)
        #expect(reply.notes == ["animations are off (--animate off)"])
    }

    @Test func sInTheDetailViewStartsTheSlideshowAndAgainStopsIt() {
        // Given the detail view open
        var animation = AnimationModel()

        // When `S` is pressed at 10 s, with a photo every 5 s
        let start = animation.update(.toggleSlideshow(detailOpen: true, interval: .seconds(5), now: .seconds(10)))

        // Then the next photo is due at 15 s, and it says so
        #expect(animation.nextSlide == .seconds(15))
        #expect(start.notes == ["slideshow: a photo every 5.0 s (S stops)"])
        #expect(start.requests.isEmpty)

        // When `S` is pressed again
        let stop = animation.update(.toggleSlideshow(detailOpen: true, interval: .seconds(5), now: .seconds(11)))

        // Then the slideshow stops
        #expect(animation.nextSlide == nil && stop.notes == ["slideshow stopped"])
    }

    @Test func sInTheListAsksForTheDetailViewFirst() {
        // Given the list, no detail view
        var animation = AnimationModel()

        // When `S` is pressed
        let reply = animation.update(.toggleSlideshow(detailOpen: false, interval: .seconds(5), now: .zero))

        // Then it asks for the detail view, then to start; nothing is scheduled yet
        #expect(Self.asked(reply) == ["openDetail", "startSlideshow"])
        #expect(animation.nextSlide == nil && reply.notes.isEmpty)

        // When the detail view did not open (no photo focused), then did
        _ = animation.update(.start(detailOpen: false, interval: .seconds(5), now: .zero))
        #expect(animation.nextSlide == nil)
        _ = animation.update(.start(detailOpen: true, interval: .seconds(5), now: .zero))
        #expect(animation.nextSlide == .seconds(5))
    }

    @Test func aTickStepsWhenTheNextPhotoIsDueAndTheLastPhotoEndsIt() {
        // Given a slideshow due at 5 s
        var animation = AnimationModel()
        _ = animation.update(.toggleSlideshow(detailOpen: true, interval: .seconds(5), now: .zero))

        // When ticks come before and at its time
        let early = animation.update(.tick(now: .seconds(4), detailOpen: true))
        let due = animation.update(.tick(now: .seconds(5), detailOpen: true))

        // Then only the one at its time asks for the step
        #expect(Self.asked(early).isEmpty && Self.asked(due) == ["step"])

        // When the step moved the focus, the photo opens and the next is due an interval later
        let moved = animation.update(.stepped(moved: true, interval: .seconds(5), now: .seconds(5)))
        #expect(Self.asked(moved) == ["openDetail"] && animation.nextSlide == .seconds(10))

        // When the step could not move (the last photo), the slideshow ends, said
        let last = animation.update(.stepped(moved: false, interval: .seconds(5), now: .seconds(10)))
        #expect(animation.nextSlide == nil && last.notes == ["slideshow: the last photo"])
    }

    @Test func leavingTheDetailViewEndsTheSlideshowOnTheNextTick() {
        // Given a slideshow running
        var animation = AnimationModel()
        _ = animation.update(.toggleSlideshow(detailOpen: true, interval: .seconds(5), now: .zero))

        // When a tick finds the detail view closed
        let reply = animation.update(.tick(now: .seconds(9), detailOpen: false))

        // Then the slideshow ended, with no step
        #expect(animation.nextSlide == nil && reply.requests.isEmpty)
    }
}
