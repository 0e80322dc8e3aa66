import FeedSources

extension FeedScreen {
    // MARK: Paging

    /// Asks for the next page when the user is within two screens of the end.
    func requestPageIfNeeded() {
        guard !pageLoading, !feedEnded else { return }
        let ahead = list.visibleRows.upperBound + 2 * list.pageSize
        if ahead >= rows.count { requestNextPage() }
    }

    func requestNextPage() {
        guard !pageLoading, !feedEnded else { return }
        pageLoading = true
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

    func receivePage(_ result: Result<FeedPage, any Error>) {
        pageLoading = false
        pagesLoaded += 1
        let index = pagesLoaded
        switch result {
        case .failure(let error):
            let reason = TextSanitizer.sanitize(String(describing: error))
            if rows.isEmpty {
                exit = .failed("cannot read the feed \(feedName): \(reason)")
            } else {
                feedEnded = true
                message = "feed: \(reason)"
                eventLog.append(time: clock.now(), row: nil, .failed("page \(index): \(reason)"))
            }
        case .success(let page):
            let entries = page.photos
            feedName = TextSanitizer.sanitize(page.summary)
            metrics.feedSource = feedName
            feedEnded = !page.hasMore
            if entries.isEmpty {
                feedEnded = true
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
