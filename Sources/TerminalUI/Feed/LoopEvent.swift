public import FeedSources
public import ImageLoading

/// Everything that wakes the feed loop; all of it arrives on one stream the loop owns.
public enum LoopEvent: Sendable {
    /// Input may be ready on the screen (keys, resize, signals): drain it.
    case input
    /// A row's loader changed phase (`generation` tells stale loaders apart).
    case phase(row: Int, generation: Int, ImagePhase)
    /// The detail view's loader changed phase.
    case detailPhase(generation: Int, ImagePhase)
    /// Something happened in the pipeline (counts, resume offsets, the event log).
    case pipeline(ImagePipeline.Event)
    /// A page of the feed arrived, or failed.
    case page(Result<FeedPage, any Error>)
    /// An animation frame is due.
    case tick
    /// The snapshot wait ran out.
    case deadline
}

/// How the feed loop ended.
public enum FeedExit: Hashable, Sendable {
    /// The user quit.
    case quit
    /// A signal asked the viewer to stop.
    case signal(TerminationSignal)
    /// Every visible row settled (snapshot mode), or the wait ran out.
    case settled
    /// The feed could not start: the one-line reason.
    case failed(String)
}

/// One page of a feed with what the source says about itself afterwards.
public struct FeedPage: Sendable {
    /// The photos of the page (empty: the feed ended).
    public var photos: [FeedPhoto]
    /// The source's status-bar line.
    public var summary: String
    /// Whether more pages may follow.
    public var hasMore: Bool

    /// Creates a page.
    public init(photos: [FeedPhoto], summary: String, hasMore: Bool) {
        self.photos = photos
        self.summary = summary
        self.hasMore = hasMore
    }
}
