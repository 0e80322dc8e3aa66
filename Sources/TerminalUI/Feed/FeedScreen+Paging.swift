import FeedSources

extension FeedScreen {
    // MARK: Paging

    /// Asks for the next page when the user is within two screens of the end (never after a
    /// failed page: that waits for ``retryPage()``).
    func requestPageIfNeeded() {
        guard pageState == .idle else { return }
        let ahead = list.visibleRows.upperBound + 2 * list.pageSize
        if ahead >= rows.count { requestNextPage() }
    }

    /// Requests the next page unless one is in flight, the last one failed, or the feed ended.
    func requestNextPage() {
        requestPage(.automatic)
    }

    /// Requests a failed page again (`r` at the end of the list, `R`); false when no page failed.
    @discardableResult
    func retryPage() -> Bool {
        guard pageState.isFailed else { return false }
        note("retrying page \(pagesLoaded + 1)")
        requestPage(.retry)
        scheduler.invalidateAll()
        return true
    }

    /// Whether `r` reaches the failed page: its footer row is on screen, or the focus is on the last row.
    var pageRetryIsInReach: Bool {
        guard pageState.isFailed, detail == nil, let last = rows.indices.last else { return false }
        return list.focus == last || footerLine != nil
    }

    private func requestPage(_ trigger: PageLoadState.Trigger) {
        guard pageState.start(trigger) else { return }
        let (feed, continuation) = (self.feed, self.continuation)
        background.append(Task {
            do {
                let photos = try await feed.loadNextPage()
                let page = FeedPage(photos: photos, summary: await feed.summary, hasMore: await feed.hasMore)
                continuation.yield(.page(.success(page)))
            } catch {
                continuation.yield(.page(.failure(error)))
            }
        })
    }

    /// A page arrived or failed. A failed first page ends the viewer; a failed later page
    /// shows its reason in the footer row and waits for a retry.
    func receivePage(_ result: Result<FeedPage, any Error>) {
        let index = pagesLoaded + 1
        switch result {
        case .failure(let error):
            let reason = TextSanitizer.sanitize(String(describing: error))
            pageState.fail(reason)
            if rows.isEmpty {
                exit = .failed("cannot read the feed \(feedName): \(reason)")
            } else {
                message = "feed: \(reason)"
                eventLog.append(time: clock.now(), row: nil, .failed("page \(index): \(reason)"))
            }
        case .success(let page):
            pagesLoaded = index
            let entries = page.photos
            feedName = TextSanitizer.sanitize(page.summary)
            metrics.feedSource = feedName
            pageState.receive(hasMore: page.hasMore && !entries.isEmpty)
            if entries.isEmpty {
                if rows.isEmpty { exit = .failed("the feed \(feedName) has no photos") }
            } else {
                let first = rows.isEmpty
                rows += entries.map(FeedRow.init)
                eventLog.append(time: clock.now(), row: nil, .note("page \(index): \(entries.count) photos"))
                let diff = list.setRowCount(rows.count)
                if first {
                    perform(planner.planInitial(list))
                    scheduler.invalidateAll()
                } else {
                    apply(diff)
                }
            }
        }
        scheduler.invalidateAll()
        requestPageIfNeeded()
    }
}
