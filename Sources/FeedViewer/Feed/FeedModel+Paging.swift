import FeedSources
import TerminalText
import Vocabulary

/// Paging: the next page when the list comes near its end, failures that wait for a retry.
extension FeedModel {
    /// Asks for the next page when the user is within two screens of the end (never after a
    /// failed page: that waits for ``retryPage()``).
    mutating func requestPageIfNeeded() -> [FeedEffect] {
        guard pageState == .idle else { return [] }
        if seekingEnd || readsAllPages || listedSoFar != nil { return requestPage(.automatic) }
        let ahead = list.visibleItems.upperBound + 2 * list.pageLines * list.columns
        return ahead >= keys.count ? requestPage(.automatic) : []
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
                effects += order.isFeedOrder ? setKeys(keys + added, focus: focusedKey) : arrange()
            }
            if pageState == .ended, readsAllPages {
                listing.readAllPages(false)
                if let summary = order.summary { note("\(summary): all \(keys.count) photos") }
            }
        }
        return effects + continueToEnd() + requestPageIfNeeded()
    }

    /// Adds a photo at the end of the feed's order, keyed by its id and how often that id came
    /// before (the list shows it after ``arrange(focus:)`` or ``setKeys(_:focus:)``).
    @discardableResult
    mutating func append(_ photo: FeedPhoto) -> PhotoKey {
        let key = nextKey(for: photo.id)
        loading.items.append(photo, as: key)
        return key
    }
}
