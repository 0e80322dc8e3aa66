public import FoundationEssentials
public import FoundationExtras
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Looking at and trimming a disk cache from outside the pipeline (`photofeed cache`), safely
/// while a viewer uses the same directory.
///
/// Entries are only ever unlinked, whole: an entry appears by a rename of a complete file and
/// goes by an unlink, so a reader opens either the whole entry or none (a reader that opened it
/// first reads it to the end), and every read checks the entry's checksum besides. A temporary
/// file a writer is filling is left alone (it is not an entry until renamed; ones an hour old,
/// left by a process that died, go). Trimming holds the directory's lock file, as the
/// pipeline's own sweep does, so the two never trim at once.
///
/// ```swift
/// guard let cache = try DiskCache(existing: DiskCache.defaultDirectory()) else { return }
/// let removed = await cache.prune(olderThan: Date().addingTimeInterval(-30 * 86_400), maxSize: 100_000_000)
/// print("removed \(removed.entries) entries, \(removed.bytes) bytes")
/// ```
extension DiskCache {
    /// What a cache directory holds.
    public struct Usage: Sendable, Hashable {
        /// Entry files.
        public var entries: Int
        /// Their bytes.
        public var bytes: Int
        /// When the least and the most recently used entry was last used (nil: no entries).
        public var leastRecentUse: Date?
        public var mostRecentUse: Date?
    }

    /// What a prune or clear removed.
    public struct Removal: Sendable, Hashable {
        /// Entries removed, and their bytes.
        public var entries: Int
        public var bytes: Int
        /// What is left.
        public var remaining: Usage
        /// Entries that were to go but could not be removed, and the `errno` of the first.
        public var failed = 0
        public var failure: Int32?
    }

    /// What the folder holds now: its entries only (nothing else in it is counted).
    public static func usage(of folder: CacheDirectory) -> Usage {
        usage(of: listEntries(in: folder))
    }

    static func usage(of entries: [EntryInfo]) -> Usage {
        Usage(
            entries: entries.count, bytes: entries.reduce(0) { $0 + $1.size },
            leastRecentUse: entries.map(\.modified).min(), mostRecentUse: entries.map(\.modified).max())
    }

    /// What the folder at `directory` holds now: its entries only (nothing when it does not
    /// exist or is a symbolic link; it is not made).
    public static func usage(of directory: URL) -> Usage {
        guard let folder = try? CacheDirectory.existing(directory.path) else { return Usage(entries: 0, bytes: 0) }
        return usage(of: folder)
    }

    /// What this cache holds now.
    public func usage() async -> Usage {
        let folder = folder
        return await io.run { DiskCache.usage(of: folder) }
    }

    /// Removes entries last used before `cutoff`, then the least recently used until the rest
    /// is at most `maxSize` bytes (either may be nil).
    public func prune(olderThan cutoff: Date?, maxSize: Int?) async -> Removal {
        let folder = folder
        return await io.run {
            DiskCache.underLock(in: folder) {
                let entries = DiskCache.listEntries(in: folder).sorted { $0.modified < $1.modified }
                var removal = Removal(entries: 0, bytes: 0, remaining: Usage(entries: 0, bytes: 0))
                var total = entries.reduce(0) { $0 + $1.size }
                var kept: [EntryInfo] = []
                for entry in entries {
                    let tooOld = cutoff.map { entry.modified < $0 } ?? false
                    let tooMuch = maxSize.map { total > $0 } ?? false
                    guard tooOld || tooMuch else {
                        kept.append(entry)
                        continue
                    }
                    if let code = folder.remove(entry.name) {
                        if code == ENOENT { continue }  // gone meanwhile (another prune, a viewer's sweep)
                        removal.failed += 1
                        removal.failure = removal.failure ?? code
                        kept.append(entry)
                    } else {
                        removal.entries += 1
                        removal.bytes += entry.size
                        total -= entry.size
                    }
                }
                removal.remaining = DiskCache.usage(of: kept)
                return removal
            }
        }
    }

    /// Removes every entry (and temporary files an hour old).
    public func clear() async -> Removal {
        await prune(olderThan: .distantFuture, maxSize: nil)
    }

    /// Runs `body` holding the folder's lock file (waiting for a sweep to end), or without
    /// it when the lock file cannot be opened: entries are unlinked whole either way.
    static func underLock<T>(in folder: CacheDirectory, _ body: () -> T) -> T {
        let descriptor = openat(folder.descriptor, lockName, O_CREAT | O_RDWR | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return body() }
        defer { close(descriptor) }
        var locked = flock(descriptor, LOCK_EX)
        while locked != 0, errno == EINTR { locked = flock(descriptor, LOCK_EX) }
        defer { if locked == 0 { flock(descriptor, LOCK_UN) } }
        removeStaleTemporaryFiles(in: folder)
        return body()
    }
}
