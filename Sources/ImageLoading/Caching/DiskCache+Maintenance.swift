public import FoundationEssentials
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
/// let cache = try DiskCache(directory: DiskCache.defaultDirectory())
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
    }

    /// What `directory` holds now (nothing when it does not exist; it is not created).
    public static func usage(of directory: URL) -> Usage {
        usage(of: listEntries(in: directory))
    }

    static func usage(of entries: [EntryInfo]) -> Usage {
        Usage(
            entries: entries.count, bytes: entries.reduce(0) { $0 + $1.size },
            leastRecentUse: entries.map(\.modified).min(), mostRecentUse: entries.map(\.modified).max())
    }

    /// Removes entries last used before `cutoff`, then the least recently used until the rest
    /// is at most `maxSize` bytes (either may be nil).
    public func prune(olderThan cutoff: Date?, maxSize: Int?) async -> Removal {
        let directory = directory
        return await io.run {
            DiskCache.underLock(in: directory) {
                var entries = DiskCache.listEntries(in: directory).sorted { $0.modified < $1.modified }
                var removed = (entries: 0, bytes: 0)
                var total = entries.reduce(0) { $0 + $1.size }
                var kept: [EntryInfo] = []
                for entry in entries {
                    let tooOld = cutoff.map { entry.modified < $0 } ?? false
                    let tooMuch = maxSize.map { total > $0 } ?? false
                    if (tooOld || tooMuch), unlink(directory.appendingPathComponent(entry.name).path) == 0 {
                        removed.entries += 1
                        removed.bytes += entry.size
                        total -= entry.size
                    } else {
                        kept.append(entry)
                    }
                }
                entries = kept
                return Removal(entries: removed.entries, bytes: removed.bytes, remaining: DiskCache.usage(of: entries))
            }
        }
    }

    /// Removes every entry (and temporary files an hour old).
    public func clear() async -> Removal {
        await prune(olderThan: .distantFuture, maxSize: nil)
    }

    /// Runs `body` holding the directory's lock file (waiting for a sweep to end), or without
    /// it when the lock file cannot be opened: entries are unlinked whole either way.
    static func underLock<T>(in directory: URL, _ body: () -> T) -> T {
        let descriptor = open(directory.appendingPathComponent(".lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return body() }
        defer { close(descriptor) }
        var locked = flock(descriptor, LOCK_EX)
        while locked != 0, errno == EINTR { locked = flock(descriptor, LOCK_EX) }
        defer { if locked == 0 { flock(descriptor, LOCK_UN) } }
        removeStaleTemporaryFiles(in: directory)
        return body()
    }
}
