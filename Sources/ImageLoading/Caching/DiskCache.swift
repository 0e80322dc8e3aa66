public import FoundationEssentials
import Synchronization
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
/// ```swift
/// let cache = try DiskCache(directory: DiskCache.defaultDirectory())
/// await cache.store(bytes, for: url.absoluteString)
/// ```
public final class DiskCache: DataCaching {
    /// Where the files live.
    public let directory: URL
    /// Total bytes allowed before a sweep.
    public let sizeLimit: Int
    /// A sweep trims the directory to this fraction of `sizeLimit`.
    public let sweepTarget: Double = 0.8

    let io = OffloadQueue(label: "photofeed.disk-cache")
    /// Bytes on disk as far as this process knows (nil until first measured).
    private let knownSize = Mutex<Int?>(nil)

    /// The bytes a cache keeps when not told otherwise: 200 MiB.
    public static let defaultSizeLimit = 200 * 1024 * 1024

    /// A cache in `directory` (created when missing).
    public init(directory: URL, sizeLimit: Int = DiskCache.defaultSizeLimit) throws {
        self.directory = directory
        self.sizeLimit = max(0, sizeLimit)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// `$XDG_CACHE_HOME/photofeed`, else `~/.cache/photofeed`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("photofeed")
        }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/photofeed")
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
        let path = fileURL(for: key).path
        let sizeLimit = sizeLimit
        return await io.run { () -> CachedData? in
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            guard Int(info.st_size) <= sizeLimit else {
                // Nothing this cache writes is that big: not ours, or damaged.
                unlink(path)
                return nil
            }
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            guard let entry = DiskCacheEntry.decode([UInt8](data)) else {
                // Torn or corrupted: drop it so the next load refetches.
                unlink(path)
                return nil
            }
            // Mark as recently used for the LRU sweep.
            utimes(path, nil)
            return entry
        }
    }

    /// Stores an entry with its freshness (a version-2 file), replacing any entry. A 304's
    /// refresh rewrites the whole file the same way: the checksum covers metadata and bytes.
    public func store(_ entry: CachedData, for key: String) async {
        let encoded = DiskCacheEntry.encode(entry)
        guard encoded.count <= sizeLimit else { return }
        let final = fileURL(for: key).path
        let temporary = directory.appendingPathComponent(".tmp-\(UUID().uuidString)").path
        let growth = await io.run { () -> Int? in
            guard FileManager.default.createFile(atPath: temporary, contents: Data(encoded)) else { return nil }
            // A refresh (a 304) or a new download replaces the file: only the difference is new.
            var replaced = stat()
            let replacedSize = stat(final, &replaced) == 0 ? Int(replaced.st_size) : 0
            guard rename(temporary, final) == 0 else {
                unlink(temporary)
                return nil
            }
            return encoded.count - replacedSize
        }
        guard let growth else { return }
        let needsSweep = await addToKnownSize(growth)
        if needsSweep { await sweep() }
    }

    public func removeData(for key: String) async {
        let path = fileURL(for: key).path
        await io.run { _ = unlink(path) }
    }

    public func removeAll() async {
        let directory = directory
        await io.run {
            for name in DiskCache.entryNames(in: directory) {
                unlink(directory.appendingPathComponent(name).path)
            }
        }
        knownSize.withLock { $0 = 0 }
    }

    /// Bytes in entry files now (reads the directory).
    public func totalSize() async -> Int {
        let directory = directory
        return await io.run { DiskCache.listEntries(in: directory).reduce(0) { $0 + $1.size } }
    }

    /// Deletes least recently used entries until the directory is under the sweep target.
    /// Skipped when another process is sweeping.
    public func sweep() async {
        let directory = directory
        let limit = sizeLimit
        let target = Int(Double(sizeLimit) * sweepTarget)
        let remaining = await io.run { () -> Int? in
            let lockPath = directory.appendingPathComponent(".lock").path
            let descriptor = open(lockPath, O_CREAT | O_RDWR, 0o644)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return nil }
            defer { flock(descriptor, LOCK_UN) }
            DiskCache.removeStaleTemporaryFiles(in: directory)
            var entries = DiskCache.listEntries(in: directory)
            var total = entries.reduce(0) { $0 + $1.size }
            guard total > limit else { return total }
            entries.sort { $0.modified < $1.modified }
            for entry in entries where total > target {
                if unlink(directory.appendingPathComponent(entry.name).path) == 0 { total -= entry.size }
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
    static func removeStaleTemporaryFiles(in directory: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let cutoff = Date().addingTimeInterval(-3_600)
        for name in names where name.hasPrefix(".tmp-") {
            let path = directory.appendingPathComponent(name).path
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if let modified, modified < cutoff { unlink(path) }
        }
    }

    static func entryNames(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { !$0.hasPrefix(".") }
    }

    static func listEntries(in directory: URL) -> [EntryInfo] {
        entryNames(in: directory).compactMap { name in
            let path = directory.appendingPathComponent(name).path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            let size = (attributes[.size] as? UInt).map { Int($0) } ?? 0  // FoundationEssentials gives UInt
            let modified = attributes[.modificationDate] as? Date ?? .distantPast
            return EntryInfo(name: name, size: size, modified: modified)
        }
    }
}
