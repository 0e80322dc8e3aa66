import FeedSources

/// Every photo of the feed and what the model tracks about each, kept small per photo: the
/// photos in feed order, each key's position, and a ``FeedItem`` only for the photos whose
/// item differs from a fresh one (loading, loaded, failed, or loaded before). A photo that was
/// never on screen costs its ``FeedPhoto`` and its key, not a whole item: a 200,000-photo
/// folder lists in tens of megabytes.
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
    /// The photos in feed order (a list position → its photo).
    private(set) var photos: [FeedPhoto] = []
    /// A photo's list position.
    private(set) var positions: [PhotoKey: Int] = [:]
    /// The items that differ from a fresh one, by list position.
    private var touched: [Int: FeedItem] = [:]

    /// How many photos.
    var count: Int { photos.count }

    /// Items held beyond the photos themselves (tests, benchmarks).
    var touchedCount: Int { touched.count }

    /// Adds `photo` at the end under `key`.
    mutating func append(_ photo: FeedPhoto, as key: PhotoKey) {
        positions[key] = photos.count
        photos.append(photo)
    }

    /// The item of `key`; nil when no photo has it. Setting a fresh item (or nil) forgets what
    /// was held for it.
    subscript(key: PhotoKey) -> FeedItem? {
        get {
            guard let position = positions[key] else { return nil }
            return touched[position] ?? FeedItem(photo: photos[position])
        }
        set {
            guard let position = positions[key] else { return }
            if let newValue, !newValue.isFresh {
                touched[position] = newValue
            } else {
                touched[position] = nil
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
