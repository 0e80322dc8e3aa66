import ArgumentParser
import FeedViewer

/// `--transition`: how a picture that arrives from the network or the disk enters its box.
///
/// `fade` by default, as NukeUI's `LazyImage` animates a downloaded image: a 200 ms cross-fade
/// from the placeholder's gray, which says "this just arrived" without making anyone wait. A
/// memory-cache hit always appears at once; so do pixel pictures (kitty, sixel, iTerm2:
/// re-sending pixels for every step is not cheap) and 256- or 16-colour block art.
///
/// ```
/// photofeed --transition none
/// ```
struct TransitionOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "How a picture loaded from the network or the disk enters: fade (a 200 ms cross-fade from the placeholder's gray, in 24-bit block art) or none (it replaces the placeholder at once). Default: fade, as LazyImage animates a download: it shows what just arrived without making you wait. A memory-cache hit always appears at once; pixel pictures (kitty, sixel, iTerm2) appear at once too (re-sending pixels every frame is not cheap). Off with --animate off, --reduce-motion or TERM=dumb.",
        valueName: "none|fade"), completion: .values(of: PictureTransition.self), transform: Self.parseTransition)
    var transition = PictureTransition.fade

    @Sendable static func parseTransition(_ text: String) throws -> PictureTransition {
        guard let parsed = PictureTransition(rawValue: text.lowercased()) else {
            throw ValidationError("--transition must be none or fade (got \(text))")
        }
        return parsed
    }
}
