import FeedSources
import Vocabulary

/// Every photo of the feed and what the model tracks about each, kept small per photo: the
/// photos in feed order, and a ``FeedItem`` only for the photos whose item differs from a
/// fresh one (loading, loaded, failed, or loaded before). A photo that was never on screen
/// costs its ``FeedPhoto`` and its key, not a whole item: a 200,000-photo folder lists in
/// tens of megabytes.
///
/// Each photo keeps the slot it was added in for as long as it is here, so sorting, filtering,
/// and photos arriving or leaving (a folder that changes, the Trash) move no item state; the
/// list's order is the model's, not this.
///
/// Reads and writes look like a dictionary of items: `items[key]?.state = .idle`. Reading an
/// untouched photo gives a fresh item; writing a fresh item back forgets it again.
///
/// ```swift
/// var items = FeedItems()
/// items.append(photo, as: PhotoKey(id: photo.id))
/// items[PhotoKey(id: photo.id)]?.state   // .idle
/// ```
struct FeedItems: Sendable {
    /// The photos by slot (a removed photo's slot is empty).
    private var slots: [FeedPhoto?] = []
    /// A photo's slot.
    private var slotOfKey: [PhotoKey: Int] = [:]
    /// The items that differ from a fresh one, by slot.
    private var touched: [Int: FeedItem] = [:]
    /// The photos in the feed's own order.
    private(set) var feedOrder: [PhotoKey] = []
    /// The photo whose last load asked for a URL (the pipeline reports a cancelled load after
    /// the item let it go), kept by the subscript's setter, the only place a load is set.
    private var keyByURL: [String: PhotoKey] = [:]
    /// The photos whose item has an animation's playback (playing, paused or finished), kept
    /// by the subscript's setter, the only place a playback is set.
    private(set) var animatedKeys: Set<PhotoKey> = []

    /// How many photos.
    var count: Int { feedOrder.count }

    /// Items held beyond the photos themselves (tests, benchmarks).
    var touchedCount: Int { touched.count }

    /// Every photo, in feed order.
    var photos: some Sequence<FeedPhoto> { feedOrder.lazy.compactMap { self.slotOfKey[$0].flatMap { self.slots[$0] } } }

    /// The photo whose last load asked for `url`.
    func key(loading url: String) -> PhotoKey? { keyByURL[url] }

    /// The photo of `key`, without making an item.
    func photo(of key: PhotoKey) -> FeedPhoto? { slotOfKey[key].flatMap { slots[$0] } }

    /// Where `photo` goes in the feed's order: by the folder's own `sort` (the source sorted its
    /// pages so), after the photos it follows; nil (the end) when the feed is in no known order.
    func feedIndex(for photo: FeedPhoto, sort: PhotoSort?, seed: UInt64) -> Int? {
        guard let sort else { return nil }
        var low = 0
        var high = feedOrder.count
        while low < high {
            let middle = (low + high) / 2
            guard let other = self.photo(of: feedOrder[middle]) else { return nil }
            if sort.precedes(other, photo, seed: seed) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether a photo has `key`.
    func contains(_ key: PhotoKey) -> Bool { slotOfKey[key] != nil }

    /// Adds `photo` under `key` at the end of the feed order, or at `feedIndex`.
    mutating func append(_ photo: FeedPhoto, as key: PhotoKey, at feedIndex: Int? = nil) {
        guard slotOfKey[key] == nil else { return }
        slotOfKey[key] = slots.count
        slots.append(photo)
        if let feedIndex {
            feedOrder.insert(key, at: min(max(0, feedIndex), feedOrder.count))
        } else {
            feedOrder.append(key)
        }
    }

    /// Puts `photo` in place of the photo of `key` (a file that changed), keeping its item.
    mutating func replacePhoto(of key: PhotoKey, with photo: FeedPhoto) {
        guard let slot = slotOfKey[key] else { return }
        slots[slot] = photo
        touched[slot]?.photo = photo
    }

    /// Forgets the photos of `keys` and everything held for them.
    mutating func remove(_ keys: Set<PhotoKey>) {
        guard !keys.isEmpty else { return }
        for key in keys {
            guard let slot = slotOfKey.removeValue(forKey: key) else { continue }
            slots[slot] = nil
            touched[slot] = nil
        }
        feedOrder.removeAll { keys.contains($0) }
        animatedKeys.subtract(keys)
        keyByURL = keyByURL.filter { !keys.contains($0.value) }
    }

    /// The item of `key`; nil when no photo has it. Setting a fresh item (or nil) forgets what
    /// was held for it.
    subscript(key: PhotoKey) -> FeedItem? {
        get {
            guard let slot = slotOfKey[key], let photo = slots[slot] else { return nil }
            return touched[slot] ?? FeedItem(photo: photo)
        }
        set {
            guard let slot = slotOfKey[key] else { return }
            if let url = newValue?.load?.url, keyByURL[url] != key { keyByURL[url] = key }
            if let newValue, !newValue.isFresh {
                touched[slot] = newValue
            } else {
                touched[slot] = nil
            }
            if touched[slot]?.playback != nil {
                animatedKeys.insert(key)
            } else if !animatedKeys.isEmpty {
                animatedKeys.remove(key)
            }
        }
    }
}

extension FeedItem {
    /// Whether the item is as ``init(photo:)`` made it (nothing to remember about it).
    var isFresh: Bool {
        state == .idle && bitmap == nil && picture == nil && load == nil && starts == 0
    }
}
