import FeedSources

/// A folder still being listed, and `G` on a feed still paging.
///
/// While a source reads its index (a huge folder's names, ``FeedStep/listing(_:)``), each step
/// shows the photos that come first among the names read so far as provisional rows, and asks
/// for the next step at once; the page that ends the listing replaces them (a focus the user
/// moved stays on its photo when that is still there; an unmoved list stays at its top). `G` on a feed with more pages asks for them one
/// after another without moving the list, so no row passed on the way loads a picture, then
/// goes to the real last row; any key stops it.
extension FeedModel {
    /// A listing step: its photos as provisional rows, and the next step asked for.
    mutating func receiveListing(_ progress: FeedListingProgress) -> [FeedEffect] {
        loading.listingProgressed(filesSoFar: progress.filesSoFar)
        var effects = replaceRows(with: progress.photos)
        loading.markRowsProvisional()
        if seekingEnd { message = seekingEndMessage }
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
        _ = listing.list.setItemCount(0)
        for photo in photos { append(photo) }
        let focus = focusedID.flatMap { id in items.feedOrder.first { $0.id == id } }
        return effects + arrange(focus: focus)
    }

    /// `G`: the last row, once every page is in. While pages remain, they are asked for one
    /// after another (the list stays where it is) until the feed ends.
    mutating func jumpToEnd() -> [FeedEffect] {
        guard pageState == .idle || pageState == .loading else { return apply(listing.list.jumpToEnd()) }
        listing.seekEnd(true)
        message = seekingEndMessage
        return requestPageIfNeeded()
    }

    /// After a page while going to the end: the last row once the feed ended, the count so far
    /// otherwise (a failed page stops it: its footer says why).
    mutating func continueToEnd() -> [FeedEffect] {
        guard seekingEnd else { return [] }
        switch pageState {
        case .ended:
            listing.seekEnd(false)
            note("the end: \(keys.count) photo\(keys.count == 1 ? "" : "s")")
            return apply(listing.list.jumpToEnd())
        case .failed:
            listing.seekEnd(false)
            return apply(listing.list.jumpToEnd())
        case .idle, .loading:
            message = seekingEndMessage
            return []
        }
    }

    /// A key while going to the end stops it there (the key does nothing else).
    mutating func stopSeekingEnd() {
        listing.seekEnd(false)
        note("stopped going to the end at \(keys.count) photos")
    }

    private var seekingEndMessage: String {
        let count = listedSoFar.map { "listing, \($0) files so far" } ?? "\(keys.count) photos so far"
        return "going to the end: \(count) (any key stops)"
    }
}
