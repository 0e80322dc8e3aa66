import FeedSources
import TerminalText
import Vocabulary

/// The list's order: sorting (`O`), filtering (`/`), and photos arriving or leaving, with the
/// focused photo kept focused on its screen line when it is still listed.
extension FeedModel {
    /// The list again after the order or the photos changed.
    mutating func arrange(focus: PhotoKey? = nil) -> [FeedEffect] {
        let arranged = order.isFeedOrder ? items.feedOrder : order.arrange(items.feedOrder) { items.photo(of: $0) }
        return setKeys(arranged, focus: focus ?? focusedKey)
    }

    /// Shows `newKeys` in this order: the photo `focus` keeps the focus on its viewport line if it is
    /// listed (else the focus stays at its position); loads start and stop for the photos that came
    /// on or went off screen, by photo, whatever their positions were.
    mutating func setKeys(_ newKeys: [PhotoKey], focus: PhotoKey?) -> [FeedEffect] {
        let before = roles
        let line = list.focus.map { list.lineIndex(ofItem: $0) - list.firstLine }
        let oldFocus = list.focus
        listing.show(newKeys)
        let target = focus.flatMap { positions[$0] }
        _ = listing.list.reorder(count: keys.count, focus: target ?? oldFocus, onViewportLine: target == nil ? nil : line)
        let after = roles
        var transitions: [RowLoadPlanner<PhotoKey>.Transition] = []
        for key in Set(before.keys).union(after.keys) {
            let from = before[key] ?? .offscreen
            let to = after[key] ?? .offscreen
            if from != to { transitions.append(.init(item: key, from: from, to: to)) }
        }
        transitions.sort { (positions[$0.item] ?? .max) < (positions[$1.item] ?? .max) }
        return plan(transitions)
    }

    /// The role of each photo on screen or in the prefetch window.
    var roles: [PhotoKey: LazyListDiff.Role] {
        var roles: [PhotoKey: LazyListDiff.Role] = [:]
        for index in list.prefetchItems { if let key = key(at: index) { roles[key] = .prefetch } }
        for index in list.visibleItems { if let key = key(at: index) { roles[key] = .visible } }
        return roles
    }

    /// Photos that left the feed (moved to the Trash, deleted from the folder): their loads stop,
    /// their pictures, marks and animations go, the list closes over them.
    mutating func removePhotos(_ removed: Set<PhotoKey>) -> [FeedEffect] {
        let removed = removed.filter(items.contains)
        guard !removed.isEmpty else { return [] }
        // The focus stays at its place: the photo after the removed one takes it.
        let focusIndex = list.focus ?? 0
        let successor = keys[min(focusIndex, keys.count)...].first { !removed.contains($0) }
            ?? keys[..<min(focusIndex, keys.count)].last { !removed.contains($0) }
        let effects = forget(removed)
        return effects + setKeys(keys.filter { !removed.contains($0) }, focus: successor)
    }

    /// Stops and forgets everything held for photos that left the feed (the list still shows
    /// them until it is set again).
    mutating func forget(_ removed: Set<PhotoKey>) -> [FeedEffect] {
        var effects: [FeedEffect] = []
        if let detailKey, removed.contains(detailKey) { effects += closeDetail() }
        _ = update(panels: .forget(removed))
        for key in removed.sorted(by: { (positions[$0] ?? 0) < (positions[$1] ?? 0) }) {
            if items[key]?.load != nil {
                effects.append(loadStatus(of: key).isRunning ? .cancel(.item(key)) : .release(.item(key)))
                _ = update(panels: .mark(.cancel, lane: key.description))
            }
            effects += releaseAnimation(of: key)
        }
        actions.forget(removed)
        loading.items.remove(removed)
        return effects
    }

    /// A photo that joined the feed (put back from the Trash, added to the folder) at `feedIndex`
    /// of the feed's order (nil: the end), shown at its place by the current order.
    @discardableResult
    mutating func insertPhoto(_ photo: FeedPhoto, as key: PhotoKey? = nil, atFeedIndex feedIndex: Int?) -> PhotoKey {
        let key = key ?? nextKey(for: photo.id)
        loading.items.append(photo, as: key, at: feedIndex)
        return key
    }

    /// The key the next photo with `id` gets.
    mutating func nextKey(for id: String) -> PhotoKey {
        loading.nextKey(for: id)
    }

    // MARK: Sort and filter

    /// Sorts the list by `sort` (nil: the feed's order).
    mutating func sort(by sort: PhotoSort?) -> [FeedEffect] {
        listing.sort(by: sort)
        var effects = arrange()
        if let sort {
            note("sorted by \(sort.rawValue)\(sortCaveat(sort))")
            // A sort over part of a feed would change as pages come: ask for them all (each
            // page's photos go to their places).
            if pageState == .idle || pageState == .loading {
                listing.readAllPages(true)
                effects += requestPageIfNeeded()
            }
        } else {
            note("in the feed's order")
        }
        return effects
    }

    /// Why a sort may not say much about these photos.
    private func sortCaveat(_ sort: PhotoSort) -> String {
        guard sort != .name, sort != .random, !keys.isEmpty, !items.photos.contains(where: { $0.file != nil }) else { return "" }
        return " (these photos have no file facts: by name)"
    }

    /// Narrows the list to the photos matching `text`: the focused photo stays focused if it
    /// matches, else the first match takes the focus (as in fzf).
    mutating func filter(_ text: String) -> [FeedEffect] {
        listing.filter(text)
        let arranged = order.arrange(items.feedOrder) { items.photo(of: $0) }
        let focus = focusedKey.flatMap { key in arranged.contains(key) ? key : nil } ?? arranged.first
        return setKeys(arranged, focus: focus)
    }

    /// `n`/`N` after a filter: the next (previous) match, around the end.
    mutating func nextMatch(_ delta: Int) -> [FeedEffect] {
        guard !keys.isEmpty, let focus = list.focus else { return [] }
        let count = keys.count
        return apply(listing.list.setFocus(((focus + delta) % count + count) % count))
    }
}

