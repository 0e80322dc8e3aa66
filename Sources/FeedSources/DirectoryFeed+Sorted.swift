/// A folder feed in an order other than `.name`: every file checked a batch per step (the best
/// first page so far offered at each), then one sort, then pages from the sorted photos.
///
/// ```swift
/// let feed = try DirectoryFeed(directory: url, options: FolderOptions(sort: .size), checkBatch: 256)
/// while case .listing(let progress) = try await feed.nextStep() { show(progress.photos) }
/// ```
extension DirectoryFeed {
    /// Whether the order needs every file's key (anything but `.name`).
    var isSorted: Bool { options.sort != .name }

    /// Whether `a` comes before `b` in the feed's order.
    func precedes(_ a: FeedPhoto, _ b: FeedPhoto) -> Bool {
        options.sort.precedes(a, b, seed: options.seed)
    }

    /// Checks up to `limit` more files (the names are all read); true once every file is
    /// checked and the photos are in order.
    func checkFiles(atMost limit: Int) -> Bool {
        guard !ordered else { return true }
        var batch: [FeedPhoto] = []
        var count = 0
        while count < limit, let run = takeShotNames() {
            count += run.count
            batch += photos(ofRun: run)
        }
        filesChecked += count
        checked.append(contentsOf: batch)
        if listing?.remaining ?? 0 == 0 {
            checked.sort(by: precedes)
            best = []
            ordered = true
        } else if !batch.isEmpty {
            best = Array((best + batch).sorted(by: precedes).prefix(pageSize))
        }
        return ordered
    }

    /// The next page of the sorted photos (checking every file first, when not done yet).
    func sortedPage() -> [FeedPhoto] {
        while !checkFiles(atMost: max(checkBatch, 1 << 12)) {}
        let size = nextPageSize()
        let end = min(checked.count, nextIndex + size)
        let page = Array(checked[nextIndex..<end])
        nextIndex = end
        given += page.count
        return page
    }
}
