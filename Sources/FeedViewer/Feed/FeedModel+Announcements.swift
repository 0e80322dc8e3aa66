import TerminalGraphics
import Vocabulary

/// The screen-reader mode's news (`--text`): what changed, in a few words, on the bottom line
/// where a screen reader announces it.
///
/// Every note and question the status bar shows is news already (``FeedModel/message``); this
/// adds what the pictures would have shown: a photo in view failing, the focused photo
/// arriving, a page arriving. Progress and the loads of other rows are not news: they would
/// talk over the user. A photo's load is said once: the detail view loads its own, larger
/// picture, and of the row's load and the detail view's the first to arrive is news, the other
/// not (a failure always is). Only in the screen-reader mode, where nothing else says them.
extension FeedModel {
    /// What the news is measured against: the model as a message found it.
    struct NewsBasis {
        var photo: PhotoKey?
        var state: RowDisplayState?
        var detailState: RowDisplayState?
        var photos: Int
        var pages: Int
    }

    /// The basis for `message`'s news (nil: not the screen-reader mode).
    func newsBasis(for message: FeedMessage) -> NewsBasis? {
        guard options.text else { return nil }
        var basis = NewsBasis(photos: keys.count, pages: pagesLoaded)
        if case .phase(.item(let key), _, _) = message {
            basis.photo = key
            basis.state = items[key]?.state
        }
        basis.detailState = detail?.state
        return basis
    }

    /// Says what `message` changed since `basis`, on the bottom line.
    mutating func announceNews(since basis: NewsBasis, after message: FeedMessage) {
        switch message {
        case .phase(.item(let key), _, _):
            guard let row = spokenRow(for: key), let news = row.news(from: basis.state) else { return }
            // The detail view open on this photo said its load already.
            if detail?.hasLoaded(key) == true, case .loaded = row.state { return }
            // A failure or a damaged picture in view is news; a load is news for the focused photo only.
            let inView = list.visibleItems.contains(row.position - 1)
            let failed = if case .failed = row.state { true } else { row.damage != nil }
            if key == focusedKey || (failed && inView) { status.announce(news) }
        case .phase(.detail, _, _):
            guard let detail, let detailKey, let row = spokenRow(for: detailKey) else { return }
            // The row's load came first (and the page's first line says it): the larger picture
            // arriving is not a second load to say.
            if detail.hasLoaded(detailKey), case .loaded = row.state { return }
            var shown = row
            shown.state = detail.state
            if let news = shown.news(from: basis.detailState) { status.announce(news) }
        case .page(.success):
            guard pagesLoaded > basis.pages else { return }
            let added = keys.count - basis.photos
            var news = basis.pages == 0 ? "\(keys.count) photos" : "page \(pagesLoaded): \(added) more photos, \(keys.count) in all"
            if pageState == .ended { news += ", the end of the feed" }
            status.announce(news)
        default:
            return
        }
    }

    /// The photo of `key` in words, at its place in the list (nil: not listed).
    func spokenRow(for key: PhotoKey) -> SpokenRow? {
        guard let index = positions[key], let item = items[key] else { return nil }
        let row = item.rowModel
        var spoken = SpokenRow(
            position: index + 1, count: keys.count, author: row.author, id: row.id, imageSize: row.imageSize,
            state: row.state, marked: marks.contains(key),
            saving: saving[key].map { progress in
                progress.total.map { total in total > 0 ? min(100, progress.completed * 100 / total) : 0 } ?? -1
            },
            isFile: item.photo.isLocalFile, damage: item.damage?.description, decision: decisionWords(of: key))
        spoken.shot = row.shotBadge
        return spoken
    }

    /// The decision of `key` in words, for the screen reader and `--text` (nil: none).
    func decisionWords(of key: PhotoKey) -> String? {
        guard let decision = decision(of: key), !decision.isEmpty || decisionFailure(of: key) != nil else { return nil }
        return decision.words + (decisionFailure(of: key) == nil ? "" : ", not saved")
    }
}
