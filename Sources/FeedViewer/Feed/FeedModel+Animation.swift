import ImageCodecs
import ImageLoading
public import Vocabulary

/// Animations: which play, which pause or let their player go, and when each frame shows.
///
/// An animated photo plays only while its item is on screen (not in the prefetch window, not
/// under the detail view, not after `a`, never with `--animate off`). ``reconcileAnimations()``
/// runs after every message and compares each animation with that rule: one that should play
/// and does not continues from where it stopped; one that plays and should not pauses, and
/// its player is let go when the item left the screen under `--on-disappear cancel` (kept,
/// with its frames, under `keep` and `lower-priority`), exactly like downloads.
extension FeedModel {
    /// The frame budget for the current picture backend.
    var animationBudget: AnimationBudget { options.graphics == .blocks ? .blockArt : .pixels }

    /// When the next animation frame is due (nil: none waits).
    public var nextAnimationDeadline: Duration? {
        animatedKeys.compactMap { items[$0]?.playback?.deadline }.min()
    }

    /// The animations playing now.
    public var playingAnimations: Int {
        animatedKeys.count { items[$0]?.playback?.isPlaying == true }
    }

    /// How the animation of `key` stands (tests, the event log).
    public func playback(of key: PhotoKey) -> AnimationPlayback? { items[key]?.playback }

    /// Whether the animation of `key` should be playing now.
    func wantsToPlay(_ key: PhotoKey) -> Bool {
        guard options.animation != .off, !animationsPaused, detail == nil, let item = items[key], item.animation != nil,
            let position = positions[key]
        else { return false }
        return list.visibleItems.contains(position)
    }

    /// Plays what should play and pauses (or releases) what should not; see the type's summary.
    mutating func reconcileAnimations() -> [FeedEffect] {
        guard !animatedKeys.isEmpty else { return [] }
        var effects: [FeedEffect] = []
        for key in animatedKeys.sorted(by: { (positions[$0] ?? 0) < (positions[$1] ?? 0) }) {
            guard var item = items[key], var playback = item.playback else { continue }
            let wanted = wantsToPlay(key)
            if wanted, !playback.isPlaying, !playback.finished {
                let step = playback.play(now: now)
                item.playback = playback
                loading.items[key] = item
                effects += request(step, for: key)
            } else if !wanted, playback.isPlaying {
                let left = !listing.isVisible(key)
                let releasing = item.animation == nil || (left && options.onDisappear == .cancel)
                playback.pause(now: now, releasing: releasing)
                if releasing { playback.replacePlayer(with: makeToken()) }
                item.playback = playback
                loading.items[key] = item
                effects.append(releasing ? .releaseAnimation(key) : .pauseAnimation(key))
            }
        }
        return effects
    }

    /// A frame the player decoded: on screen now or when its time comes.
    mutating func receiveAnimationFrame(
        _ result: Result<AnimationDelivery, ImageCodecError>, for key: PhotoKey, token: LoadToken
    ) -> [FeedEffect] {
        guard var item = items[key], var playback = item.playback, playback.token == token else { return [] }
        switch result {
        case .failure(let error):
            playback.fail()
            item.playback = playback
            loading.items[key] = item
            log(.note("animation stopped: \(error)"), for: key)
            return []
        case .success(let delivery):
            let (shown, step) = playback.receive(delivery.frame, info: delivery.info, now: now, slowdown: slowdown(adding: delivery.frame.duration, for: key))
            if shown { item.picture = pictures.picture(for: delivery.frame.bitmap, in: geometry.picture.size) }
            item.playback = playback
            loading.items[key] = item
            return request(step, for: key)
        }
    }

    /// The frames whose time has come go on screen; the next ones are asked for.
    mutating func advanceAnimations() -> [FeedEffect] {
        var effects: [FeedEffect] = []
        for key in animatedKeys {
            guard var item = items[key], var playback = item.playback, let deadline = playback.deadline, deadline <= now
            else { continue }
            let slowdown = self.slowdown(adding: playback.pending?.duration ?? playback.frameDuration, for: key)
            let (frame, step) = playback.advance(now: now, slowdown: slowdown)
            if let frame { item.picture = pictures.picture(for: frame.bitmap, in: geometry.picture.size) }
            item.playback = playback
            loading.items[key] = item
            effects += request(step, for: key)
        }
        return effects
    }

    /// `a`: pause every animation, or play the visible ones again.
    mutating func toggleAnimations() -> [FeedEffect] {
        if options.animation == .off {
            note("animations are off (--animate off)")
            return []
        }
        note(animation.togglePaused())
        return []
    }

    /// The item's picture was let go: so is its animation player (the playback keeps its place).
    mutating func releaseAnimation(of key: PhotoKey) -> [FeedEffect] {
        loading.releaseAnimation(of: key, now: now)
    }

    /// The budget's slowdown with the animation of `key` showing a frame of `duration` and the
    /// others the frames they show.
    func slowdown(adding duration: Duration, for key: PhotoKey) -> Double {
        var durations = [duration]
        for other in animatedKeys where other != key {
            if let playback = items[other]?.playback, playback.isPlaying, playback.frameDuration > .zero {
                durations.append(playback.frameDuration)
            }
        }
        return animationBudget.slowdown(for: durations)
    }

    private func request(_ step: AnimationPlayback.Step, for key: PhotoKey) -> [FeedEffect] {
        guard case .request(let index) = step, let item = items[key], let playback = item.playback,
            let data = item.animation
        else { return [] }
        return [.requestAnimationFrame(key, playback.token, index: index, data, frameSize: playback.frameSize)]
    }
}
