import ImageCodecs
import ImageLoading
import TerminalScreen
import Vocabulary

/// The animations' players and the pictures' fades, which live with the items: which play,
/// which pause or let their player go, when each frame shows, and which fades are done.
///
/// An animated photo plays only while its item is on screen (not in the prefetch window, not
/// under the detail view, not after `a`, never with `--animate off`): ``Message/reconcileAnimations``
/// runs after every message and compares each animation with that rule. One that should play
/// and does not continues from where it stopped; one that plays and should not pauses, and its
/// player is let go when the item left the screen under `--on-disappear cancel` (kept, with its
/// frames, under `keep` and `lower-priority`), exactly like downloads.
///
/// ```swift
/// var reply = loading.update(.reconcileAnimations(playing: true, visible: [key], positions: [key: 0], policy: .cancel, now: now))
/// reply = loading.update(.animationFrame(.success(delivery), key: key, token: token, budget: .blockArt, drawing: drawing))
/// ```
extension LoadingModel {
    /// When the next animation frame is due (nil: none waits).
    var nextAnimationDeadline: Duration? {
        animatedKeys.compactMap { items[$0]?.playback?.deadline }.min()
    }

    /// The animations playing now.
    var playingAnimations: Int {
        animatedKeys.count { items[$0]?.playback?.isPlaying == true }
    }

    /// When the next step of a fade among `keys` is due after `time` (nil: none is fading).
    func nextFadeDeadline(among keys: [PhotoKey], after time: Duration) -> Duration? {
        keys.compactMap { items[$0]?.fade?.nextDeadline(after: time) }.min()
    }

    /// Plays what should play and pauses (or releases) what should not: an animation plays when
    /// `playing` (animations on, not paused, no detail view) and its photo is among `visible`.
    mutating func reconcileAnimations(
        playing: Bool, visible: Set<PhotoKey>, positions: [PhotoKey: Int], policy: DisappearPolicy, now: Duration
    ) -> [FeedEffect] {
        guard !animatedKeys.isEmpty else { return [] }
        var effects: [FeedEffect] = []
        for key in animatedKeys.sorted(by: { (positions[$0] ?? 0) < (positions[$1] ?? 0) }) {
            guard var item = items[key], var playback = item.playback else { continue }
            let wanted = playing && item.animation != nil && positions[key] != nil && visible.contains(key)
            if wanted, !playback.isPlaying, !playback.finished {
                let step = playback.play(now: now)
                item.playback = playback
                items[key] = item
                effects += request(step, for: key)
            } else if !wanted, playback.isPlaying {
                let left = !visible.contains(key)
                let releasing = item.animation == nil || (left && policy == .cancel)
                playback.pause(now: now, releasing: releasing)
                if releasing { playback.replacePlayer(with: makeToken()) }
                item.playback = playback
                items[key] = item
                effects.append(releasing ? .releaseAnimation(key) : .pauseAnimation(key))
            }
        }
        return effects
    }

    /// A frame the player of `key` decoded: on screen now or when its time comes.
    mutating func receiveAnimationFrame(
        _ result: Result<AnimationDelivery, ImageCodecError>, for key: PhotoKey, token: LoadToken, budget: AnimationBudget,
        drawing: Drawing, reply: inout ModelReply<Request>
    ) {
        guard var item = items[key], var playback = item.playback, playback.token == token else { return }
        switch result {
        case .failure(let error):
            playback.fail()
            item.playback = playback
            items[key] = item
            reply.ask(.log(.note("animation stopped: \(error)"), for: key))
        case .success(let delivery):
            let slowdown = slowdown(adding: delivery.frame.duration, for: key, budget: budget)
            let (shown, step) = playback.receive(delivery.frame, info: delivery.info, now: drawing.now, slowdown: slowdown)
            if shown { item.picture = drawing.pictures.picture(for: delivery.frame.bitmap, in: drawing.box) }
            item.playback = playback
            items[key] = item
            reply.effects += request(step, for: key)
        }
    }

    /// The frames whose time has come go on screen; the next ones are asked for.
    mutating func advanceAnimations(budget: AnimationBudget, drawing: Drawing) -> [FeedEffect] {
        var effects: [FeedEffect] = []
        for key in animatedKeys {
            guard var item = items[key], var playback = item.playback, let deadline = playback.deadline, deadline <= drawing.now
            else { continue }
            let slowdown = slowdown(adding: playback.pending?.duration ?? playback.frameDuration, for: key, budget: budget)
            let (frame, step) = playback.advance(now: drawing.now, slowdown: slowdown)
            if let frame { item.picture = drawing.pictures.picture(for: frame.bitmap, in: drawing.box) }
            item.playback = playback
            items[key] = item
            effects += request(step, for: key)
        }
        return effects
    }

    /// Forgets the fades among `keys` that are done at `now`.
    mutating func endFades(of keys: [PhotoKey], now: Duration) {
        for key in keys {
            if let fade = items[key]?.fade, fade.isFinished(at: now) { items[key]?.fade = nil }
        }
    }

    /// `budget`'s slowdown with the animation of `key` showing a frame of `duration` and the
    /// others the frames they show.
    func slowdown(adding duration: Duration, for key: PhotoKey, budget: AnimationBudget) -> Double {
        var durations = [duration]
        for other in animatedKeys where other != key {
            if let playback = items[other]?.playback, playback.isPlaying, playback.frameDuration > .zero {
                durations.append(playback.frameDuration)
            }
        }
        return budget.slowdown(for: durations)
    }

    private func request(_ step: AnimationPlayback.Step, for key: PhotoKey) -> [FeedEffect] {
        guard case .request(let index) = step, let item = items[key], let playback = item.playback,
            let data = item.animation
        else { return [] }
        return [.requestAnimationFrame(key, playback.token, index: index, data, frameSize: playback.frameSize)]
    }
}
