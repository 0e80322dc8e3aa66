public import FeedSources
public import ImageLoading
public import LoadSemantics
public import ImageCodecs
public import Sidecars
public import TerminalScreen
public import Vocabulary

/// Everything that can happen to the viewer, as a value the update function takes.
///
/// The runtime turns the world into messages: keys, the mouse, resizes and signals from the
/// screen; every loader's phases (tagged with the load they belong to); the pipeline's events
/// with its counters; feed pages; animation ticks; the snapshot deadline.
public enum FeedMessage: Sendable {
    /// The viewer starts: ask for the first page.
    case start
    /// A key, the mouse wheel, a resize or a signal.
    case input(InputEvent)
    /// A loader changed phase.
    case phase(LoadSlot, LoadToken, ImagePhase)
    /// Something happened in the pipeline, and its counters right after.
    case pipeline(ImagePipeline.Event, PipelineStats)
    /// A page of the feed arrived, or failed.
    case page(Result<FeedPage, any Error>)
    /// The source read more of its index; its provisional first page.
    case listing(FeedListingProgress)
    /// The embedded server's shaping now in force (after a change, or at start).
    case shaping(ShapingKnobs)
    /// An animation frame is due.
    case tick
    /// Files were moved to the Trash (those that could be), and why the others could not.
    case trashed(TrashOutcome)
    /// Trashed files were put back (those that could be).
    case restored(TrashOutcome)
    /// Something to tell the user in the status bar (an external program's outcome).
    case notice(String)
    /// An original being saved (`s`) came this far.
    case saveProgress(PhotoKey, LoadProgress)
    /// An original's save ended: where it went, or why it did not, in words.
    case saved(PhotoKey, String)
    /// A photo's decision was read from its sidecar (nil: it has none), or could not be.
    case decisionRead(PhotoKey, Result<Decision?, SidecarError>)
    /// A photo's decision was written to its sidecar (nil), or the error says why not.
    case decisionWritten(PhotoKey, Decision, SidecarError?)
    /// A photo's metadata was read (or could not be).
    case infoRead(PhotoKey, Result<PhotoMetadata, any Error>)
    /// An animation player decoded a frame the model asked for (`token` names the player).
    case animationFrame(PhotoKey, LoadToken, Result<AnimationDelivery, ImageCodecError>)
    /// A watched folder changed: photos added, changed or removed (a batch as inotify gave it).
    case folderChanged([FolderChange])
    /// The snapshot wait ran out.
    case deadline
    /// The semantics audit (`--audit`) found these violations.
    case violations([Violation])
    /// A file the run writes (the trace, the server's request log) failed, in words: what
    /// was lost and why. The status bar keeps it until the viewer ends.
    case outputFailed(String)
    /// How much the caches hold, against their limits (measured for the network panel, and
    /// before asking whether to clear them).
    case cachesMeasured(CacheSizes)
    /// The link to the terminal was measured at this many bytes a second (by several answers).
    case linkMeasured(Double)
}

/// A decoded animation frame and what the player knows of the animation after decoding it.
public struct AnimationDelivery: Sendable {
    /// The frame.
    public var frame: AnimationFrame
    /// The canvas, the frames in one loop (fewer once a broken frame cut it), the loops asked for.
    public var info: AnimationInfo

    /// A delivery.
    public init(frame: AnimationFrame, info: AnimationInfo) {
        self.frame = frame
        self.info = info
    }
}

/// How much the image caches hold, and how much they may.
///
/// ```swift
/// CacheSizes(memoryImages: 12, memoryBytes: 3 << 20, diskBytes: 48 << 20, memoryLimit: 128 << 20, diskLimit: 200 << 20)
/// ```
public struct CacheSizes: Hashable, Sendable {
    /// Decoded images in memory, and their bytes.
    public var memoryImages: Int
    public var memoryBytes: Int
    /// Bytes on disk (nil: no disk cache).
    public var diskBytes: Int?
    /// The memory cache's limit in bytes (nil: not known).
    public var memoryLimit: Int?
    /// The disk cache's limit in bytes (nil: no disk cache, or not known).
    public var diskLimit: Int?

    /// Sizes.
    public init(memoryImages: Int, memoryBytes: Int, diskBytes: Int?, memoryLimit: Int? = nil, diskLimit: Int? = nil) {
        self.memoryImages = memoryImages
        self.memoryBytes = memoryBytes
        self.diskBytes = diskBytes
        self.memoryLimit = memoryLimit
        self.diskLimit = diskLimit
    }
}

/// The pipeline's running totals, sampled when one of its events is delivered.
public struct PipelineStats: Hashable, Sendable {
    /// Counters since the pipeline started.
    public var counters: ImagePipeline.Counters
    /// Downloads running.
    public var running: Int
    /// Downloads waiting for a slot.
    public var waiting: Int

    /// Creates stats.
    public init(counters: ImagePipeline.Counters = ImagePipeline.Counters(), running: Int = 0, waiting: Int = 0) {
        self.counters = counters
        self.running = running
        self.waiting = waiting
    }
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
