import FeedSources
import FoundationExtras
import TerminalText
import Vocabulary

/// Paging: the next page when the list comes near its end, failures that wait for a retry,
/// and the provisional rows of a folder still being listed (each listing step shows the
/// photos that come first among the names read so far, and asks for the next step at once;
/// the page that ends the listing replaces them: a focus the user moved stays on its photo
/// when that is still there, an unmoved list stays at its top).
extension FeedModel {
    /// Asks for the next page when the user is within two screens of the end (never after a
    /// failed page: that waits for ``retryPage()``).
    mutating func requestPageIfNeeded() -> [FeedEffect] {
        guard pageState == .idle, listing.wantsPage(listing: listedSoFar != nil) else { return [] }
        return requestPage(.automatic)
    }

    /// Requests a page unless one is in flight, the last one failed (automatic), or the feed ended.
    mutating func requestPage(_ trigger: PageLoadState.Trigger) -> [FeedEffect] {
        loading.startPage(trigger) ? [.loadPage] : []
    }

    /// Requests a failed page again (`r` at the end of the list, `R`); nothing when no page failed.
    mutating func retryPage() -> [FeedEffect] {
        guard pageState.isFailed else { return [] }
        note("retrying page \(pagesLoaded + 1)")
        return requestPage(.retry)
    }

    /// Whether `r` reaches the failed page: its footer is on screen, or the focus is on the last item.
    var pageRetryIsInReach: Bool {
        guard pageState.isFailed, detail == nil, let last = keys.indices.last else { return false }
        return list.focus == last || footerLine != nil
    }

    /// A page arrived or failed. A failed first page ends the viewer; a failed later page shows
    /// its reason in the footer and waits for a retry.
    mutating func receivePage(_ result: Result<FeedPage, any Error>) -> [FeedEffect] {
        let index = pagesLoaded + 1
        var effects: [FeedEffect] = []
        switch result {
        case .failure(let error):
            let reason = TextSanitizer.sanitize(String(describing: error))
            loading.pageFailed(reason)
            if keys.isEmpty || rowsAreProvisional {
                return [.quit(.failed("cannot read the feed \(feedName): \(reason)"))]
            }
            message = "feed: \(reason)"
            _ = update(panels: .log(row: nil, .failed("page \(index): \(reason)")))
        case .success(let page):
            feedName = TextSanitizer.sanitize(page.summary)
            let replacesProvisionalRows = loading.pageArrived(index, hasMore: page.hasMore && !page.photos.isEmpty)
            if replacesProvisionalRows {
                // The listing ended: the real first page replaces the provisional rows.
                effects += replaceRows(with: page.photos)
                if !page.photos.isEmpty {
                    _ = update(panels: .log(row: nil, .note("page \(index): \(page.photos.count) photos")))
                }
            }
            if page.photos.isEmpty {
                if keys.isEmpty { return effects + [.quit(.failed("the feed \(feedName) has no photos"))] }
            } else if !replacesProvisionalRows {
                let added = page.photos.map { append($0) }
                _ = update(panels: .log(row: nil, .note("page \(index): \(page.photos.count) photos")))
                effects += update(list: order.isFeedOrder ? .show(keys + added, focus: focusedKey) : .arrange(items, focus: nil))
            }
        }
        return effects + update(list: .pageArrived(pageState: pageState, listedSoFar: listedSoFar))
    }

    /// Adds a photo at the end of the feed's order, keyed by its id and how often that id came
    /// before (the list shows it after ``arrange(focus:)`` or the list's `.show`).
    @discardableResult
    mutating func append(_ photo: FeedPhoto) -> PhotoKey {
        let key = nextKey(for: photo.id)
        loading.add(photo, as: key)
        return key
    }

    // MARK: A folder still being listed

    /// A listing step: its photos as provisional rows, and the next step asked for.
    mutating func receiveListing(_ progress: FeedListingProgress) -> [FeedEffect] {
        loading.listingProgressed(filesSoFar: progress.filesSoFar)
        var effects = replaceRows(with: progress.photos)
        loading.markRowsProvisional()
        effects += update(list: .listingStep(listedSoFar: listedSoFar))
        effects += requestPage(.automatic)
        return effects
    }

    /// Replaces every row with `photos`. Nothing changes when they are the same photos in the
    /// same order (their loads go on); otherwise the loads of the rows that go are cancelled or
    /// released (the pipeline keeps their bytes, so a photo that stays resumes), a focus moved
    /// off the first row stays on its photo when it is among `photos`, and the new visible rows
    /// start loading.
    mutating func replaceRows(with photos: [FeedPhoto]) -> [FeedEffect] {
        guard photos.map(\.id) != keys.map(\.id) else { return [] }
        // The focus follows its photo only when the user moved it off the first row: a list
        // nobody has moved yet stays at its top.
        let focusedID = list.focus == 0 ? nil : focusedKey?.id
        var effects: [FeedEffect] = []
        if detail != nil { effects += closeDetail() }
        for key in keys where items[key]?.load != nil {
            effects.append(loadStatus(of: key).isRunning ? .cancel(.item(key)) : .release(.item(key)))
            _ = update(panels: .mark(.cancel, lane: key.description))
        }
        listing.clear()
        loading.forgetAllPhotos()
        for photo in photos { append(photo) }
        let focus = focusedID.flatMap { id in items.feedOrder.first { $0.id == id } }
        return effects + arrange(focus: focus)
    }
}

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
                    loading.add(photo, as: key, at: items.feedIndex(for: photo, sort: options.folderSort, seed: options.sortSeed))
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
                sentences += change.watchingSentence.map { [$0] } ?? []
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

    /// A file that changed: its photo is replaced and, if it was loaded or loading, its images
    /// are forgotten and it loads again (on screen at once, else when it next appears).
    private mutating func refresh(_ key: PhotoKey, with photo: FeedPhoto) -> [FeedEffect] {
        loading.replacePhoto(of: key, with: photo)
        guard let item = items[key], item.load != nil || item.bitmap != nil || item.isFailed else { return [] }
        var effects: [FeedEffect] = []
        if let url = photo.location(for: PixelSize(width: 1, height: 1)).url { effects.append(.forgetImages(url)) }
        log(.note("changed in the folder: loading again"), for: key)
        if loadStatus(of: key).isRunning { effects.append(.cancel(.item(key))) }
        effects += loading.releaseAnimation(of: key, now: now)
        loading.forgetLoad(of: key)
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
            effects += loading.releaseAnimation(of: key, now: now)
        }
        actions.forget(removed)
        loading.remove(removed)
        return effects
    }

    /// A photo that joined the feed (put back from the Trash, added to the folder) at `feedIndex`
    /// of the feed's order (nil: the end), shown at its place by the current order.
    @discardableResult
    mutating func insertPhoto(_ photo: FeedPhoto, as key: PhotoKey? = nil, atFeedIndex feedIndex: Int?) -> PhotoKey {
        let key = key ?? nextKey(for: photo.id)
        loading.add(photo, as: key, at: feedIndex)
        return key
    }

    /// The key the next photo with `id` gets.
    mutating func nextKey(for id: String) -> PhotoKey {
        loading.nextKey(for: id)
    }
}
