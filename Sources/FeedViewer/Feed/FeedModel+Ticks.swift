public import TerminalScreen
/// When the runtime should next send a tick: the earliest of everything on screen that moves
/// with time.
extension FeedModel {
    /// The next tick after `now`: a placeholder's next animation frame (by `timer`), an
    /// animation's next frame, a fading picture's next step, the slideshow's next photo, the
    /// network panel's next cache measurement; nil when nothing waits (the runtime then sleeps
    /// until input or a load's phase).
    ///
    /// ```swift
    /// let wake = model.nextTick(after: clock.now(), timer: AnimationTimer())   // nil when idle
    /// ```
    public func nextTick(after now: Duration, timer: AnimationTimer) -> Duration? {
        // The screen-reader mode draws no placeholder: only its timeline's times move.
        let animating = isAnimating && (!options.text || panels.showsMovingTimeline)
        return [
            timer.nextDeadline(after: now, animating: animating), nextAnimationDeadline.map { max($0, now) },
            nextSlide.map { max($0, now) }, nextCacheMeasure.map { max($0, now) }, nextFadeDeadline(after: now),
        ].compactMap(\.self).min()
    }
}
