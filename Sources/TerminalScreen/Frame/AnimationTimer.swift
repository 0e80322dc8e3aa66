/// When placeholders animate: frame numbers as a pure function of time, and the next deadline.
///
/// Placeholders animate at ``interval`` (about 12 fps) only while something on screen shows
/// one; when nothing animates there is no deadline and the runtime sleeps until input or a
/// loader's phase arrives, so an idle viewer uses no CPU.
///
/// ```swift
/// let timer = AnimationTimer()
/// let frame = timer.frame(at: now)                                   // placeholders' phase
/// let wake = timer.nextDeadline(after: now, animating: model.isAnimating)   // nil when idle
/// ```
public struct AnimationTimer: Hashable, Sendable {
    /// About 12 frames per second.
    public static let defaultInterval = Duration.milliseconds(83)

    /// Time between animation frames.
    public let interval: Duration

    /// Creates a timer; a non-positive interval means the default.
    public init(interval: Duration = Self.defaultInterval) {
        self.interval = interval > .zero ? interval : Self.defaultInterval
    }

    /// The animation frame number at `now` (time since the viewer started).
    public func frame(at now: Duration) -> Int {
        guard now > .zero else { return 0 }
        return Int(now / interval)
    }

    /// When the next animation frame is due, or `nil` when nothing animates.
    public func nextDeadline(after now: Duration, animating: Bool) -> Duration? {
        guard animating else { return nil }
        return interval * (frame(at: now) + 1)
    }
}
