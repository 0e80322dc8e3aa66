public import FoundationEssentials
public import ImageCodecs
import Synchronization
public import Vocabulary

/// A thumbnail cache that reads now and writes later: a stored thumbnail is used as `base`
/// gives it, but a miss stores nothing: it is kept as a ``ThumbnailJob`` (``takeJobs()``), and
/// the original is decoded only toward what is drawn. Making a thumbnail can cost many times
/// what drawing the photo does (a progressive JPEG decoded whole where the drawing needed only
/// its DC scan), so a run draws first and its thumbnails are made afterwards, away from the
/// output (`photofeed show` hands them to a background process: `feedbench --scenario
/// grid-scale` times cold runs).
///
/// ```swift
/// let deferred = DeferredThumbnails(FreedesktopThumbnailCache(environment: environment))
/// // … draw through `deferred` …
/// let jobs = deferred.takeJobs()   // the thumbnails the run would have written
/// ```
public final class DeferredThumbnails: ThumbnailCaching {
    private let base: any ThumbnailCaching
    private let jobs = Mutex<[ThumbnailJob]>([])

    /// Reads through `base`; its misses become jobs.
    public init(_ base: any ThumbnailCaching) {
        self.base = base
    }

    public func lookUp(_ file: URL, covering size: PixelSize) -> ThumbnailLookup {
        let found = base.lookUp(file, covering: size)
        guard case .miss(let slot?) = found else { return found }
        jobs.withLock { $0.append(ThumbnailJob(file: slot.file, covering: size)) }
        return .miss(nil)
    }

    /// None: nothing is made now.
    public func sizeToStore(for header: ImageHeader, covering size: PixelSize) -> PixelSize? { nil }

    /// Nothing is written now.
    public func store(_ thumbnail: Bitmap, for slot: ThumbnailSlot) {}

    /// The thumbnails missed so far, each once, in the order they were missed; none are kept.
    public func takeJobs() -> [ThumbnailJob] {
        let taken = jobs.withLock { jobs in
            defer { jobs.removeAll() }
            return jobs
        }
        var seen = Set<ThumbnailJob>()
        return taken.filter { seen.insert($0).inserted }
    }
}
