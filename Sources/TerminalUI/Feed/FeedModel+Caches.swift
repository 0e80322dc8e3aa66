/// The caches' use in the network panel (`n`): measured when the panel opens and every
/// ``cacheMeasureInterval`` while it stays open, by the same `.measureCaches` effect `C` uses.
///
/// ```swift
/// var effects = FeedUpdate.update(&model, .input(.key(.character("n"))), now: .zero)   // [.measureCaches]
/// FeedUpdate.update(&model, .cachesMeasured(sizes), now: .zero)                       // model.cacheUse == sizes
/// effects = FeedUpdate.update(&model, .tick, now: .seconds(3))                        // [.measureCaches]
/// ```
extension FeedModel {
    /// How often the open network panel measures the caches again.
    static let cacheMeasureInterval: Duration = .seconds(3)

    /// The panel opened: measure now, and again after the interval.
    mutating func measureCachesForPanel() -> [FeedEffect] {
        nextCacheMeasure = now + Self.cacheMeasureInterval
        return [.measureCaches]
    }

    /// On a tick: measure again when the panel is still open and the interval is up.
    mutating func remeasureCaches() -> [FeedEffect] {
        guard let due = nextCacheMeasure else { return [] }
        guard panel == .network else {
            nextCacheMeasure = nil
            return []
        }
        guard now >= due else { return [] }
        return measureCachesForPanel()
    }

    /// A measurement came back: the panel shows it, and after `C` the question names it.
    mutating func receiveCacheSizes(_ sizes: CacheSizes) {
        cacheUse = sizes
        if clearingAsked {
            clearingAsked = false
            askToClearCaches(sizes)
        }
    }
}
