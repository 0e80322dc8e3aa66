import TerminalScreen
import Vocabulary
/// What moves with time by the user's choice: whether `a` paused every animation, and when the
/// slideshow shows its next photo. Which photos animate is the items' own index
/// (``LoadingModel/animatedKeys``).
struct AnimationModel: Sendable {
    /// Whether `a` paused every animation.
    private(set) var paused = false
    /// When the slideshow shows the next photo (nil: no slideshow).
    private(set) var nextSlide: Duration?

    /// The slideshow shows its next photo at `time`.
    mutating func scheduleSlide(at time: Duration) { nextSlide = time }

    /// The slideshow ends.
    mutating func stopSlideshow() { nextSlide = nil }

    /// `a`: pauses every animation or plays them again; the note that says which.
    mutating func togglePaused() -> String {
        paused.toggle()
        return paused ? "animations paused (a plays)" : "animations playing"
    }

    /// Whether the slideshow's next photo is due at `now`; the slideshow ends with the detail view.
    mutating func slideIsDue(at now: Duration, detailOpen: Bool) -> Bool {
        guard let due = nextSlide else { return false }
        guard detailOpen else {
            nextSlide = nil
            return false
        }
        return now >= due
    }
}
