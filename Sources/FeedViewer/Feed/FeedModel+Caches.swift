import TerminalScreen
import Vocabulary
/// The caches' use in the network panel (`n`): measured when the panel opens and every
/// ``PanelsModel/cacheMeasureInterval`` while it stays open, by the same `.measureCaches` effect `C` uses.
///
/// ```swift
/// var effects = FeedUpdate.update(&model, .input(.key(.character("n"))), now: .zero)   // [.measureCaches]
/// FeedUpdate.update(&model, .cachesMeasured(sizes), now: .zero)                       // model.cacheUse == sizes
/// effects = FeedUpdate.update(&model, .tick, now: .seconds(3))                        // [.measureCaches]
/// ```
extension FeedModel {
    /// A measurement came back: the panel shows it, and after `C` the question names it.
    mutating func receiveCacheSizes(_ sizes: CacheSizes) {
        if panels.receiveCacheSizes(sizes) { askToClearCaches(sizes) }
    }
}
