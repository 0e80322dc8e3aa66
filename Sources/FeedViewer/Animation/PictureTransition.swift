/// How a picture that arrives from the network or the disk enters its box (`--transition`).
///
/// As NukeUI's `LazyImage` applies its animation "when the image is downloaded, but not when
/// it's retrieved from the memory cache", a memory-cache hit always appears at once, in the
/// frame of its item's appearance, whatever this says. Reduced motion (`--animate off`,
/// `--reduce-motion`, `TERM=dumb`) turns transitions off too.
///
/// ```swift
/// var options = FeedViewerOptions()
/// options.transition = .none      // every picture replaces its placeholder at once
/// ```
public enum PictureTransition: String, Sendable, Hashable, CaseIterable {
    /// The picture replaces its placeholder at once.
    case none
    /// A short cross-fade (``PictureFade``) from the placeholder's gray to the picture's
    /// colours, in 24-bit and 256-colour block art (pixel pictures and the 16 ANSI colours
    /// appear at once).
    case fade
}
