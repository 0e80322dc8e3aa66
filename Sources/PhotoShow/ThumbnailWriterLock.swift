import FoundationEssentials
import FoundationExtras

#if canImport(Glibc)
import Glibc
#endif

/// The lock a background thumbnail writer holds while it works: `thumbnail-writer.lock` in
/// photofeed's cache directory (`$XDG_CACHE_HOME/photofeed`, else `~/.cache/photofeed`). The
/// run that hands its jobs over takes it before the writer starts and gives it to the writer
/// (so there is no moment when work is pending and the lock is free); a second writer waits
/// for the first; whoever needs the thumbnails written (a benchmark's warm run, a test) takes
/// it, which waits until the writer is done.
///
/// ```swift
/// ThumbnailWriterLock.waitForWriters(environment: environment)   // the thumbnails handed over are written
/// ```
public enum ThumbnailWriterLock {
    /// The lock file's path for `environment` (`XDG_CACHE_HOME`, `HOME`).
    public static func path(environment: [String: String]) -> String {
        UserFolders(environment: environment).photofeedCache + "/" + OwnFiles.thumbnailWriterLock.name
    }

    /// An open descriptor of the lock file, locked exclusively (waiting for another holder when
    /// `waits`); nil when it is held elsewhere and `waits` is false, or the file cannot be made.
    /// Close it to unlock.
    public static func acquire(environment: [String: String], waits: Bool) -> Int32? {
        let path = path(environment: environment)
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        _ = mkdir(folder, 0o700)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        while flock(descriptor, waits ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Waits until no writer holds the lock (at once when none does).
    public static func waitForWriters(environment: [String: String]) {
        if let descriptor = acquire(environment: environment, waits: true) { close(descriptor) }
    }
}
