public import FeedSources
public import Vocabulary

/// How the list shows the feed's photos: in the feed's own order or sorted (`--sort`, `O`),
/// and narrowed by a filter (`/`) and by the culling filter's choice (`F`).
///
/// ```swift
/// let order = ListOrder(sort: .size, filter: PhotoFilter("beach"))
/// order.arrange(feedOrder, photo: photo(of:))   // the beaches, smallest file first
/// ```
public struct ListOrder: Hashable, Sendable {
    /// The sort, or nil for the feed's order (a folder feed sorts at its source for `--sort`).
    public var sort: PhotoSort?
    /// The shuffle's seed for `random`.
    public var seed: UInt64
    /// The filter.
    public var filter: PhotoFilter
    /// The photos the culling filter lets through (nil: no culling filter).
    public var decided: Set<PhotoKey>?

    /// An order.
    public init(sort: PhotoSort? = nil, seed: UInt64 = 0, filter: PhotoFilter = PhotoFilter("")) {
        self.sort = sort
        self.seed = seed
        self.filter = filter
    }

    /// Whether the list is the feed as it came (no sort, no filter).
    public var isFeedOrder: Bool { sort == nil && filter.isEmpty && decided == nil }

    /// The keys of `feedOrder` this order shows, in its order (stable: equal photos keep the feed's order).
    public func arrange(_ feedOrder: [PhotoKey], photo: (PhotoKey) -> FeedPhoto?) -> [PhotoKey] {
        var kept: [(index: Int, key: PhotoKey, photo: FeedPhoto)] = []
        kept.reserveCapacity(decided?.count ?? feedOrder.count)
        for (index, key) in feedOrder.enumerated() {
            if let decided, !decided.contains(key) { continue }
            guard let photo = photo(key), filter.matches(photo) else { continue }
            kept.append((index, key, photo))
        }
        if let sort {
            let seed = self.seed
            kept.sort { a, b in
                if sort.precedes(a.photo, b.photo, seed: seed) { return true }
                if sort.precedes(b.photo, a.photo, seed: seed) { return false }
                return a.index < b.index
            }
        }
        return kept.map(\.key)
    }

    /// A few words for the status bar ("by size", "/beach"); nil for the feed's order.
    public var summary: String? {
        var parts: [String] = []
        if let sort { parts.append("by \(sort.rawValue)") }
        if !filter.isEmpty { parts.append("/" + filter.text) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
