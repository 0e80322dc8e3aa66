import FoundationEssentials
import FoundationExtras
import ImageLoading
import PhotoShow

#if canImport(Glibc)
import Glibc
#endif

/// `show --grid`'s thumbnails made after it printed (`show` without `--grid` keeps its pictures
/// itself, from the pixels it decoded: `PictureThumbnails`): the jobs go to `photofeed cache write-thumbnails`,
/// started in the background with the writer's lock (``ThumbnailWriterLock``), so the run ends
/// as soon as its output does and the next run finds the thumbnails.
enum BackgroundThumbnails {
    /// The writer `show --grid` hands its missed thumbnails to.
    static let writer = ThumbnailWriter(name: "photofeed cache write-thumbnails") { jobs in start(jobs) }

    /// Starts the background writer for `jobs`; when it cannot start, nothing is written (the
    /// next run misses again and tries again).
    static func start(_ jobs: [ThumbnailJob]) {
        let environment = ProcessInfo.processInfo.environment
        // Held from here on by the writer; when another writer holds it, this one waits its turn.
        let lock = ThumbnailWriterLock.acquire(environment: environment, waits: false)
        defer { if let lock { close(lock) } }
        let arguments = [CacheWriteThumbnailsCommand.name] + jobs.map(\.argument)
        try? ChildProcess.start(
            DefaultPhotos.executable().path, byteArguments: (["cache"] + arguments).map { Array($0.utf8) }, passing: lock)
    }
}
