import FeedSources
import FoundationExtras
import Vocabulary

/// A watched folder's changes (`FolderWatcher`, inotify): a photo added appears at its place by
/// the feed's order and the list's sort, a changed one loads again, a removed one goes; the
/// focused photo stays focused on its line (the next one takes the focus if it went), and
/// the folder is never listed again. And any photo leaving the feed (the folder, the Trash)
/// or joining it (put back from the Trash).
extension FeedModel {
    /// A batch of changes, applied in order.
    mutating func receiveFolderChanges(_ changes: [FolderChange]) -> [FeedEffect] {
        guard !changes.isEmpty else { return [] }
        let before = keys
        let focusIndex = list.focus ?? 0
        let focused = focusedKey
        var effects: [FeedEffect] = []
        var added = 0
        var changed = 0
        var removed = 0
        var sentences: [String] = []
        for change in changes {
            switch change {
            case .added(let photo), .changed(let photo):
                let key = PhotoKey(id: photo.id)
                if items.contains(key) {
                    // The same file again (put back from the Trash, touched): nothing to do.
                    guard items.photo(of: key) != photo else { continue }
                    effects += refresh(key, with: photo)
                    changed += 1
                } else {
                    loading.items.append(photo, as: key, at: feedIndex(for: photo))
                    loading.noteFirstOccurrence(of: photo.id)
                    log(.note("added to the folder"), for: key)
                    added += 1
                }
            case .removed(let id):
                let gone = Set([PhotoKey(id: id)]).filter { items.contains($0) && !trashing.contains($0) }
                removed += gone.count
                effects += forget(gone)
            case .removedFolder(let path):
                let gone = Set(items.feedOrder.filter { $0.id.hasPrefix(path + "/") && !trashing.contains($0) })
                removed += gone.count
                effects += forget(gone)
            case .folderGone(let path, let moved):
                // Its photos are no longer at their paths: none stays listed to be acted on.
                let gone = Set(items.feedOrder.filter { !trashing.contains($0) })
                effects += forget(gone)
                let name = PathText.lastComponent(path)
                let how = moved ? "was moved or renamed" : "was deleted"
                sentences.append(
                    "the folder \(name) \(how): its \(gone.count == 1 ? "photo is" : "\(gone.count) photos are") no longer listed (listed again if a folder \(name) is back)")
            case .folderBack, .notFollowing, .overflow:
                sentences += Self.sentence(about: change).map { [$0] } ?? []
            }
        }
        // The focus stays on its photo; if it went, on the next one that is still here.
        let focus = focused.flatMap { items.contains($0) ? $0 : nil }
            ?? before[min(focusIndex, before.count)...].first(where: items.contains)
            ?? before[..<min(focusIndex, before.count)].last(where: items.contains)
        effects += arrange(focus: focus)
        let counts = [(added, "added"), (changed, "changed"), (removed, "removed")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        if !counts.isEmpty { sentences.insert("folder: " + counts.joined(separator: ", "), at: 0) }
        if !sentences.isEmpty { note(sentences.joined(separator: "; ")) }
        return effects
    }

    /// What the note says about a change to the watching itself (nil for a photo's change).
    private static func sentence(about change: FolderChange) -> String? {
        switch change {
        case .folderBack(let path):
            "the folder \(PathText.lastComponent(path)) is back: listed again"
        case .notFollowing(let shortfall):
            "\(shortfall); changes in the others are not seen"
        case .overflow:
            "the folder changed faster than it could be followed: some changes were missed (restart to list it again)"
        default:
            nil
        }
    }

    /// Where `photo` goes in the feed's order: by the folder's own sort (the source sorted its
    /// pages so), after the photos it follows; at the end when the feed is in no known order.
    private func feedIndex(for photo: FeedPhoto) -> Int? {
        guard let sort = options.folderSort else { return nil }
        let order = items.feedOrder
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            guard let other = items.photo(of: order[middle]) else { return nil }
            if sort.precedes(other, photo, seed: options.sortSeed) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A file that changed: its photo is replaced and, if it was loaded or loading, its images
    /// are forgotten and it loads again (on screen at once, else when it next appears).
    private mutating func refresh(_ key: PhotoKey, with photo: FeedPhoto) -> [FeedEffect] {
        loading.items.replacePhoto(of: key, with: photo)
        guard let item = items[key], item.load != nil || item.bitmap != nil || item.isFailed else { return [] }
        var effects: [FeedEffect] = []
        if let url = photo.location(for: PixelSize(width: 1, height: 1)).url { effects.append(.forgetImages(url)) }
        log(.note("changed in the folder: loading again"), for: key)
        if loadStatus(of: key).isRunning { effects.append(.cancel(.item(key))) }
        effects += releaseAnimation(of: key)
        loading.items[key]?.load = nil
        effects += retry([key])
        return effects
    }

    // MARK: Photos leaving and joining

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
        return effects + update(list: .show(keys.filter { !removed.contains($0) }, focus: successor))
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
}
