import FeedSources
import ImageCodecs
import ImageLoading

/// One row of the feed as the loop tracks it: the entry, what it shows, and its loader.
struct FeedRow {
    /// The photo.
    var entry: FeedPhoto
    /// What the row view draws.
    var model: RowViewModel
    /// The row's loader, created when the row first starts loading.
    var loader: (any RowLoading)?
    /// Bumped whenever a new loader replaces the old one, so stale phases are dropped.
    var generation = 0
    /// The forwarding task of the current loader's phases.
    var forwarder: Task<Void, Never>?
    /// The decoded thumbnail, kept to re-render when the symbol set changes.
    var bitmap: Bitmap?
    /// The pixel size the last request asked for.
    var requestedPixels: PixelSize?
    /// The URL of the last request (to match pipeline events to rows).
    var url: String?
    /// The byte offset the running download resumed from, learned from pipeline events.
    var resumedFrom: Int?
    /// Final phases already shown when they settled inside `load` (memory hits); the loader's
    /// phase stream still delivers each once more, and the loop skips those echoes.
    var settledEchoes = 0

    init(entry: FeedPhoto) {
        self.entry = entry
        let imageSize = entry.size.map { TerminalSize(rows: $0.height, columns: $0.width) }
        self.model = RowViewModel(author: entry.author, id: entry.id, imageSize: imageSize, state: .idle)
    }

    /// Whether the row's load ended in failure.
    var isFailed: Bool {
        if case .failed = model.state { return true }
        return false
    }
}
