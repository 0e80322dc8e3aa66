import TerminalScreen
import Vocabulary
/// The caches' use in the network panel (`n`): measured when the panel opens and every
/// ``cacheMeasureInterval`` while it stays open, by the same `.measureCaches` effect `C` uses.
///
/// ```swift
/// var effects = FeedUpdate.update(&model, .input(.key(.character("n"))), now: .zero)   // [.measureCaches]
/// FeedUpdate.update(&model, .cachesMeasured(sizes), now: .zero)                       // model.cacheUse == sizes
/// effects = FeedUpdate.update(&model, .tick, now: .seconds(3))                        // [.measureCaches]
/// ```
extension PanelsModel {
    /// How often the open network panel measures the caches again.
    static let cacheMeasureInterval: Duration = .seconds(3)

    /// The network panel opened at `now`: measure now, and again after the interval.
    mutating func measureCaches(at now: Duration) -> [FeedEffect] {
        nextCacheMeasure = now + Self.cacheMeasureInterval
        return [.measureCaches]
    }

    /// On a tick at `now`: measure again when the panel is still open and the interval is up.
    mutating func remeasureCaches(at now: Duration) -> [FeedEffect] {
        guard let due = nextCacheMeasure else { return [] }
        guard open == .network else {
            nextCacheMeasure = nil
            return []
        }
        guard now >= due else { return [] }
        return measureCaches(at: now)
    }

    /// A measurement came back: the panel shows it; true when `C` asked for it (its question
    /// names it).
    mutating func receiveCacheSizes(_ sizes: CacheSizes) -> Bool {
        cacheUse = sizes
        defer { clearingAsked = false }
        return clearingAsked
    }
}

extension FeedModel {
    /// A measurement came back: the panel shows it, and after `C` the question names it.
    mutating func receiveCacheSizes(_ sizes: CacheSizes) {
        if panels.receiveCacheSizes(sizes) { askToClearCaches(sizes) }
    }
}
