import ImageLoading
import TerminalScreen
public import Vocabulary

/// Transitions on load: which pictures fade in from their placeholders, and until when.
///
/// A picture that replaces its placeholder after a load from the network or the disk fades in
/// (``PictureFade``) when ``FeedViewerOptions/transition`` is `fade`, motion is allowed
/// (``FeedViewerOptions/animation`` is not `off`), colours are on, the picture is block art
/// and the viewer is no snapshot (whose one frame must show the picture itself). A memory-cache
/// hit, a reload at another size and a picture that follows a progressive preview appear at
/// once. The model keeps only the fade's start; ``FeedView`` blends at the frame's time.
extension FeedModel {
    /// Whether pictures fade in at all with these options.
    var fadesPictures: Bool {
        options.transition == .fade && options.animation != .off && options.colors && settle == nil
    }

    /// The fade of the picture of `key`, while it has one (tests).
    public func fade(of key: PhotoKey) -> PictureFade? { items[key]?.fade }

    /// When the next step of a fade on screen is due after `time` (nil: none is fading).
    public func nextFadeDeadline(after time: Duration) -> Duration? {
        guard detail == nil else { return nil }
        return visibleKeys.compactMap { items[$0]?.fade?.nextDeadline(after: time) }.min()
    }

    /// Forgets the fades that are done (on each tick).
    mutating func endFades() {
        for key in visibleKeys {
            if let fade = loading.items[key]?.fade, fade.isFinished(at: now) { loading.items[key]?.fade = nil }
        }
    }

    /// The picture of `item` as it shows at `time`: blended while it fades in.
    func shownPicture(_ picture: Picture, of item: FeedItem, at time: Duration) -> Picture {
        item.fade.map { $0.blend(picture, at: time) } ?? picture
    }
}
