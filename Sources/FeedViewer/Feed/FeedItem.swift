import FeedSources
import ImageCodecs
import ImageLoading
import TerminalGraphics
import TerminalScreen
import Vocabulary

/// One photo as the model tracks it: what its item shows and the load that serves it.
struct FeedItem: Sendable {
    /// The load the model last asked for this photo.
    struct Load: Sendable {
        /// Names the load; phases carrying another token are stale.
        var token: LoadToken
        /// The pixel size asked for.
        var pixels: PixelSize
        /// The request's URL (labels the pipeline's events in the event log).
        var url: String?
        /// Whether it loads the source's smaller, low-data variant (`d`): turning low-data
        /// mode off loads the regular image again.
        var lowData = false
        /// Its priority (what the planner last asked for).
        var priority: ImageRequest.Priority
        /// Whether it ended (in an image or a failure); a finished load is kept as the record of
        /// what the row shows.
        var isFinished = false
    }

    /// The photo.
    var photo: FeedPhoto
    /// What the state line and the placeholder show.
    var state: RowDisplayState = .idle
    /// The decoded image, kept to re-render when the picture backend changes.
    var bitmap: Bitmap?
    /// The picture shown in the item's box.
    var picture: Picture?
    /// The current load (kept after it settles: a low-data upgrade reports on the same token).
    var load: Load?
    /// Loads started for this photo so far.
    var starts = 0
    /// The original bytes when the photo is an animation (kept while its picture is).
    var animation: AnimationData?
    /// Where its animation stands (kept after the picture is released: it continues from there).
    var playback: AnimationPlayback?
    /// The picture's fade from the placeholder, when it came from the network or the disk
    /// (nil: it shows as it is).
    var fade: PictureFade?
    /// What is missing from the picture shown, when it was drawn from a damaged file or a
    /// download cut for good (nil: whole, or no picture).
    var damage: ImageDamage?

    init(photo: FeedPhoto) {
        self.photo = photo
    }

    /// Where its load stands, for the planner: from the current load and what the row shows.
    /// A load running beside a shown image (a reload at another size, the low-data upgrade) is
    /// running.
    var loadStatus: RowLoadStatus {
        if let load, !load.isFinished { return .running(load.priority) }
        switch state {
        case .loaded: return .loaded
        case .failed: return .failed
        case .idle, .loading, .preview: return .idle
        }
    }

    /// The row view's model.
    var rowModel: RowViewModel {
        var model = RowViewModel(
            author: photo.author, id: photo.id,
            imageSize: photo.size.map { CellSize(columns: $0.width, rows: $0.height) }, state: state,
            picture: picture)
        model.damage = damage
        model.shotBadge = photo.isShot ? photo.shot?.badge : nil
        return model
    }

    /// Whether the item's load ended in failure.
    var isFailed: Bool {
        if case .failed = state { return true }
        return false
    }

    /// Whether `R` retries it: its load failed, or its picture is damaged.
    var isRetryable: Bool { isFailed || damage != nil }

    /// Whether the box shows a placeholder (loading, nothing to show yet).
    var showsPlaceholder: Bool { picture == nil && state.showsPlaceholder }
}
