import TerminalScreen
import Vocabulary
import FeedSources
import LoadSemantics
/// The list the feed shows: its scroll and focus, the photos it shows in order, the sort and
/// filter that order them, and the prompt reading a filter or a sort.
///
/// ```swift
/// var listing = ListModel(list: list, order: ListOrder(sort: .size, seed: 0))
/// listing.keys              // the shown photos, in their order
/// listing.focusedKey        // the photo at the focus
/// ```
struct ListModel: Sendable {
    /// Scroll position, focus, viewport, prefetch window.
    var list: LazyList
    /// The listed photos and their positions (set only by the list's `.arrange` and `.show`).
    private(set) var shown = ShownOrder()
    /// The sort and the filter.
    private(set) var order = ListOrder()
    /// The prompt reading keys at the bottom line (`/`, `O`), when one is open.
    private(set) var prompt: FeedPrompt?
    /// Whether pages are read to the end for a sort (each page's photos go to their places).
    private(set) var readsAllPages = false
    /// Whether `G` is asking for pages until the feed ends.
    private(set) var seekingEnd = false

    /// The photos the list shows, in its order (a list position → the photo's key).
    var keys: [PhotoKey] { shown.keys }

    /// A listed photo's list position.
    var positions: [PhotoKey: Int] { shown.positions }

    /// The key of the photo at list position `index`.
    func key(at index: Int) -> PhotoKey? {
        keys.indices.contains(index) ? keys[index] : nil
    }

    /// The focused photo.
    var focusedKey: PhotoKey? { list.focus.flatMap(key(at:)) }

    /// The keys of the visible items, in order.
    var visibleKeys: [PhotoKey] { list.visibleItems.compactMap(key(at:)) }

    /// Whether the photo of `key` is on screen or in the prefetch window.
    func isWanted(_ key: PhotoKey) -> Bool {
        guard let index = positions[key] else { return false }
        return list.visibleItems.contains(index) || list.prefetchItems.contains(index)
    }

    /// A list of `list`'s shape, in `order`; `readsAllPages` when the order is a sort.
    init(list: LazyList, order: ListOrder = ListOrder(), readsAllPages: Bool = false) {
        self.list = list
        self.order = order
        self.readsAllPages = readsAllPages
    }

    /// The photos shown are `keys`, in that order.
    mutating func show(_ keys: [PhotoKey]) { shown.replace(with: keys) }

    /// No photo shown (the feed starts again).
    mutating func clear() {
        shown = ShownOrder()
        _ = list.setItemCount(0)
    }

    /// The list sorts by `sort` (nil: the feed's order).
    mutating func sort(by sort: PhotoSort?) { order.sort = sort }

    /// The list shows only the photos matching `text` (blank: all).
    mutating func filter(_ text: String) { order.filter = PhotoFilter(text) }

    /// The list shows only the photos the culling filter lets through (nil: no culling filter).
    mutating func narrow(to decided: Set<PhotoKey>?) { order.decided = decided }

    /// Whether pages are read to the end for the sort.
    mutating func readAllPages(_ reads: Bool) { readsAllPages = reads }

    /// Whether `G` asks for pages until the feed ends.
    mutating func seekEnd(_ seeking: Bool) { seekingEnd = seeking }

    /// The bottom line's prompt: `prompt`, or none.
    mutating func open(_ prompt: FeedPrompt?) { self.prompt = prompt }

    /// `/`: the filter's prompt opens with the filter in force, kept to go back to on Esc.
    mutating func startFilter() {
        prompt = .filter(text: order.filter.text, previous: order.filter)
    }

    /// Where each wanted photo is now: on screen or in the prefetch window (the records' view).
    var wantedPlaces: [PhotoKey: LoadRecord.Visibility] {
        var places: [PhotoKey: LoadRecord.Visibility] = [:]
        for index in list.prefetchItems { if let key = key(at: index) { places[key] = .prefetch } }
        for index in list.visibleItems { if let key = key(at: index) { places[key] = .visible } }
        return places
    }

    /// The list item whose picture a frame placed under `key` (the view places a row's picture
    /// under its photo's key); nil for keys of no item.
    func pictureSlot(forKey key: String) -> LoadSlot? {
        let visible = visibleKeys.first { $0.description == key }
        return (visible ?? keys.first { $0.description == key }).map { .item($0) }
    }

    /// Whether the photo of `key` is on screen.
    func isVisible(_ key: PhotoKey) -> Bool {
        positions[key].map(list.visibleItems.contains) ?? false
    }
}
