import ArgumentParser
import FoundationEssentials
import ImageLoading
import PhotoShow

#if canImport(Glibc)
import Glibc
#endif

/// `photofeed cache write-thumbnails WxH:URL…`: makes the freedesktop.org thumbnails a `show
/// --grid` run missed, after it printed (``BackgroundThumbnails``). Not for people (hidden from the
/// help): it runs in its own session at a low priority, holding the writer's lock, and says
/// nothing.
struct CacheWriteThumbnailsCommand: AsyncParsableCommand {
    static let name = "write-thumbnails"
    static let configuration = CommandConfiguration(
        commandName: name, abstract: "Make the thumbnails a show run handed over (photofeed starts it itself).",
        shouldDisplay: false)

    @Argument(help: "The jobs, WxH: and a file:// URL each.")
    var jobs: [String] = []

    func run() async throws {
        _ = setsid()
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        let environment = ProcessInfo.processInfo.environment
        // Descriptor 3 is the lock the run handed over; without it, wait for the lock's holder.
        let handed = fcntl(3, F_GETFD) != -1
        let lock = handed ? 3 : ThumbnailWriterLock.acquire(environment: environment, waits: true)
        defer { if let lock { close(lock) } }
        let parsed = jobs.compactMap(ThumbnailJob.init(argument:))
        _ = await Show.writeThumbnails(parsed)
        // photofeed's thumbnails stay within their bound (OwnFiles.elsewhere), trimmed here, in
        // the background, once a day: the lock's modification time says when it last was.
        let lockPath = ThumbnailWriterLock.path(environment: environment)
        var status = stat()
        if stat(lockPath, &status) == 0, Int(status.st_mtim.tv_sec) < Int(time(nil)) - 86_400 {
            FreedesktopThumbnailCache(environment: environment).trimOwnThumbnails()
            _ = utimensat(AT_FDCWD, lockPath, nil, 0)
        }
    }
}
