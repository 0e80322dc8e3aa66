public import FoundationEssentials
import Synchronization
public import FoundationExtras
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The disk cache: original image bytes, one file per URL (named by the SHA-256 of the URL),
/// with the HTTP freshness and validators of the response (`CacheFreshness`) so the pipeline
/// serves fresh entries without a request and revalidates stale ones.
///
/// Each entry is written to a temporary file in the same directory and renamed into place, so a
/// reader never sees half a file; a checksum in the entry's header catches torn or corrupted
/// files, which are deleted and reported as misses. Reads refresh a file's modification time;
/// when the directory grows past `sizeLimit` the least recently used files are swept, under an
/// `flock` on a lock file so two processes sharing the directory never sweep at once.
///
/// It lists, trims and removes only its own files (``isOwnName(_:)``), found without following
/// links, in a folder it made or took as its own (``CacheDirectory/claim(_:creating:isOwn:environment:)``:
/// tagged with `CACHEDIR.TAG`; a folder of someone else's files, `/` or the home folder is refused).
///
/// ```swift
/// let cache = try DiskCache(directory: DiskCache.defaultDirectory())
/// await cache.store(bytes, for: url.absoluteString)
/// ```
public final class DiskCache: DataCaching {
    /// Where the files live.
    public let directory: URL
    /// The folder, opened without following a link.
    let folder: CacheDirectory
    /// Total bytes allowed before a sweep.
    public let sizeLimit: Int
    /// A sweep trims the directory to this fraction of `sizeLimit`.
    public let sweepTarget: Double = 0.8

    let io = OffloadQueue(label: "photofeed.disk-cache")
    /// Bytes on disk as far as this process knows (nil until first measured).
    private let knownSize = Mutex<Int?>(nil)

    /// The bytes a cache keeps when not told otherwise: 200 MiB.
    public static let defaultSizeLimit = 200 * 1024 * 1024

    /// A cache in `directory` (made and tagged when missing); throws a ``CacheDirectoryError``
    /// when the folder is not one a cache may own (see ``CacheDirectory/claim(_:creating:isOwn:environment:)``).
    public convenience init(
        directory: URL, sizeLimit: Int = DiskCache.defaultSizeLimit,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CacheDirectoryError) {
        guard let folder = try CacheDirectory.claim(directory.path, creating: true, isOwn: Self.isOwnName, environment: environment)
        else { throw CacheDirectoryError(path: directory.path, reason: .system("open", ENOENT)) }
        self.init(directory: directory, folder: folder, sizeLimit: sizeLimit)
    }

    /// The cache in `directory` when the folder exists (nil: nothing cached yet; nothing is made).
    public convenience init?(
        existing directory: URL, sizeLimit: Int = DiskCache.defaultSizeLimit,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CacheDirectoryError) {
        guard let folder = try CacheDirectory.claim(directory.path, creating: false, isOwn: Self.isOwnName, environment: environment)
        else { return nil }
        self.init(directory: directory, folder: folder, sizeLimit: sizeLimit)
    }

    private init(directory: URL, folder: CacheDirectory, sizeLimit: Int) {
        self.directory = directory
        self.folder = folder
        self.sizeLimit = max(0, sizeLimit)
    }

    /// Whether `name` is one photofeed writes in its cache folder (``OwnFiles``): an entry, a
    /// temporary file, the lock, `.pictures`, `.server-sources`, `terminfo`, … Only entries
    /// and temporary files are ever removed by the disk cache.
    public static func isOwnName(_ name: String) -> Bool {
        // The tag is the folder's, not the cache's: a claim looks for it apart.
        name != OwnFiles.tag.name && OwnFiles.contains(name)
    }

    static let lockName = OwnFiles.lock.name

    /// `$XDG_CACHE_HOME/photofeed`, else `~/.cache/photofeed`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        URL(fileURLWithPath: UserFolders(environment: environment).photofeedCache)
    }

    /// The path of the file holding `key`.
    public func fileURL(for key: String) -> URL {
        directory.appendingPathComponent(DiskCacheEntry.fileName(for: key))
    }

    public func data(for key: String) async -> [UInt8]? {
        await cachedData(for: key)?.bytes
    }

    public func store(_ data: [UInt8], for key: String) async {
        await store(CachedData(bytes: data), for: key)
    }

    /// The entry with its HTTP freshness (nil for version-1 entries and bytes stored without it).
    public func cachedData(for key: String) async -> CachedData? {
        let name = DiskCacheEntry.fileName(for: key)
        let sizeLimit = sizeLimit
        let folder = folder
        return await io.run { () -> CachedData? in
            guard let file = folder.file(named: name) else { return nil }
            guard file.size <= sizeLimit else {
                // Nothing this cache writes is that big: damaged.
                folder.remove(name)
                return nil
            }
            guard let bytes = folder.read(name, limit: sizeLimit) else { return nil }
            guard let entry = DiskCacheEntry.decode(bytes) else {
                // Torn or corrupted: drop it so the next load refetches.
                folder.remove(name)
                return nil
            }
            // Mark as recently used for the LRU sweep.
            folder.touch(name)
            return entry
        }
    }

    /// Stores an entry with its freshness (a version-2 file), replacing any entry. A 304's
    /// refresh rewrites the whole file the same way: the checksum covers metadata and bytes.
    public func store(_ entry: CachedData, for key: String) async {
        let encoded = DiskCacheEntry.encode(entry)
        guard encoded.count <= sizeLimit else { return }
        let name = DiskCacheEntry.fileName(for: key)
        let folder = folder
        let growth = await io.run { () -> Int? in
            // A refresh (a 304) or a new download replaces the file: only the difference is new.
            folder.writeAtomically(encoded, to: name, through: DiskCacheEntry.temporaryName()).map { encoded.count - $0 }
        }
        guard let growth else { return }
        let needsSweep = await addToKnownSize(growth)
        if needsSweep { await sweep() }
    }

    public func removeData(for key: String) async {
        let name = DiskCacheEntry.fileName(for: key)
        let folder = folder
        await io.run { _ = folder.remove(name) }
    }

    public func removeAll() async {
        let folder = folder
        await io.run {
            for entry in DiskCache.listEntries(in: folder) { folder.remove(entry.name) }
        }
        knownSize.withLock { $0 = 0 }
    }

    /// Bytes in entry files now (reads the directory).
    public func totalSize() async -> Int {
        let folder = folder
        return await io.run { DiskCache.listEntries(in: folder).reduce(0) { $0 + $1.size } }
    }

    /// Deletes least recently used entries until the directory is under the sweep target.
    /// Skipped when another process is sweeping.
    public func sweep() async {
        let folder = folder
        let limit = sizeLimit
        let target = Int(Double(sizeLimit) * sweepTarget)
        let remaining = await io.run { () -> Int? in
            let descriptor = openat(folder.descriptor, DiskCache.lockName, O_CREAT | O_RDWR | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return nil }
            defer { flock(descriptor, LOCK_UN) }
            DiskCache.removeStaleTemporaryFiles(in: folder)
            var entries = DiskCache.listEntries(in: folder)
            var total = entries.reduce(0) { $0 + $1.size }
            guard total > limit else { return total }
            entries.sort { $0.modified < $1.modified }
            for entry in entries where total > target {
                if folder.remove(entry.name) == nil { total -= entry.size }
            }
            return total
        }
        if let remaining { knownSize.withLock { $0 = remaining } }
    }

    private func addToKnownSize(_ bytes: Int) async -> Bool {
        if let size = knownSize.withLock({ state -> Int? in
            guard let known = state else { return nil }
            state = known + bytes
            return known + bytes
        }) {
            return size > sizeLimit
        }
        let measured = await totalSize()
        knownSize.withLock { $0 = measured }
        return measured > sizeLimit
    }

    struct EntryInfo {
        var name: String
        var size: Int
        var modified: Date
    }

    /// Deletes temporary files older than an hour (left by a process that died mid-write).
    static func removeStaleTemporaryFiles(in folder: CacheDirectory) {
        let cutoff = Int(Date().addingTimeInterval(-3_600).timeIntervalSince1970) * 1_000_000_000
        for file in folder.files(where: DiskCacheEntry.isTemporaryName) where file.modified < cutoff {
            folder.remove(file.name)
        }
    }

    /// The entries: regular files named as entries are (nothing else in the folder is one).
    static func listEntries(in folder: CacheDirectory) -> [EntryInfo] {
        folder.files(where: DiskCacheEntry.isFileName).map { file in
            EntryInfo(name: file.name, size: file.size, modified: Date(timeIntervalSince1970: Double(file.modified) / 1e9))
        }
    }
}
