import FeedSources
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

    /// Lines the open panel takes above the status bar (0 when none is open).
    public var panelHeight: Int {
        guard let panel else { return 0 }
        let available = Self.viewport(for: screenSize).rows
        if panel == .network { return min(available, NetworkPanel.preferredHeight) }
        if panel == .info { return min(available, InfoPanel.preferredHeight) }
        // The timeline needs a line per item on screen (and its border), up to half the screen.
        let wanted = showsTimeline ? list.visibleItems.count + 2 : available / 2
        return min(available, max(6, min(available / 2, wanted)))
    }

    /// The screen line of the footer after the last photo ("loading more…", a failed page, the
    /// end of the feed), or nil when it is off screen, under a panel, or there is none.
    public var footerLine: Int? {
        guard geometry.fits(screenSize), pageState != .idle, let last = keys.indices.last,
            let line = list.line(ofItem: last)
        else { return nil }
        let footer = line + list.lineHeight
        return footer < Self.viewport(for: screenSize).rows - panelHeight ? footer : nil
    }

    /// The footer under the last row: the listing's progress while the source reads its index,
    /// else the paging state's.
    public func footer(animationFrame: Int) -> FeedFooterRow.Kind? {
        if let listedSoFar { return .listing(files: listedSoFar, frame: animationFrame) }
        return pageState.footer(animationFrame: animationFrame, rowCount: items.count)
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
        loading.items.append(photo, as: key)
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
