import FoundationEssentials
import FoundationExtras
import ImageCodecs
#if canImport(Glibc)
import Glibc
#endif

/// What the shared freedesktop.org thumbnail cache holds, and photofeed's part of it: the
/// thumbnails whose `Software` chunk names ``FreedesktopThumbnailCache/software`` (other
/// programs' thumbnails are counted, never removed).
///
/// ```swift
/// let cache = FreedesktopThumbnailCache(environment: ProcessInfo.processInfo.environment)
/// let inventory = cache.inventory()
/// print("\(inventory.own.files) of \(inventory.all.files) thumbnails are photofeed's")
/// ```
extension FreedesktopThumbnailCache {
    /// Files and their bytes.
    public struct FileCount: Sendable, Hashable {
        public var files = 0
        public var bytes = 0
    }

    /// Every thumbnail in the size folders, and photofeed's among them.
    public struct Inventory: Sendable, Hashable {
        public var all = FileCount()
        public var own = FileCount()
    }

    /// The bytes read from each thumbnail to find its `Software` chunk (written before the pixels).
    static let inventoryPrefixBytes = 16 << 10

    /// Counts the thumbnails (reads the first bytes of each).
    public func inventory() -> Inventory {
        var inventory = Inventory()
        for (_, file, own) in thumbnails() {
            inventory.all.files += 1
            inventory.all.bytes += file.size
            if own {
                inventory.own.files += 1
                inventory.own.bytes += file.size
            }
        }
        return inventory
    }

    /// Removes photofeed's thumbnails (only theirs); returns what went. Each is one file
    /// written by a rename, so a reader sees it whole or not at all. A size folder that is a
    /// symbolic link is not followed.
    public func removeOwnThumbnails() -> FileCount {
        var removed = FileCount()
        for (folder, file, own) in thumbnails() where own {
            if folder.remove(file.name) == nil {
                removed.files += 1
                removed.bytes += file.size
            }
        }
        return removed
    }

    /// The bytes photofeed's own thumbnails may take, all size folders together; past it the
    /// least recently written go (``trimOwnThumbnails(olderThan:toAtMost:)``).
    public static let ownSizeLimit = OwnFiles.ownThumbnailsLimit

    /// Trims photofeed's own thumbnails (never another program's): those of photos that are
    /// gone, then those written before `cutoff` (nanoseconds since 1970; nil: none for age),
    /// then the least recently written until the rest take at most `limit` bytes (80 % of it
    /// once over). Returns what went.
    @discardableResult
    public func trimOwnThumbnails(olderThan cutoff: Int? = nil, toAtMost limit: Int = ownSizeLimit) -> FileCount {
        var removed = FileCount()
        var kept: [(folder: CacheDirectory, file: CacheDirectory.File)] = []
        func remove(_ folder: CacheDirectory, _ file: CacheDirectory.File) {
            if folder.remove(file.name) == nil {
                removed.files += 1
                removed.bytes += file.size
            }
        }
        for (folder, file, own) in thumbnails() where own {
            let prefix = folder.readPrefix(file.name, count: Self.inventoryPrefixBytes) ?? []
            let uri = PNGTextChunks.read(prefix)["Thumb::URI"] ?? ""
            if Self.originalIsGone(uri) || (cutoff.map { file.modified < $0 } ?? false) {
                remove(folder, file)
            } else {
                kept.append((folder, file))
            }
        }
        var total = kept.reduce(0) { $0 + $1.file.size }
        guard total > limit else { return removed }
        let goal = limit / 5 * 4
        for (folder, file) in kept.sorted(by: { $0.file.modified < $1.file.modified }) where total > goal {
            remove(folder, file)
            total -= file.size
        }
        return removed
    }

    /// Whether the file a `file://` thumbnail URI names no longer exists (a URI of another
    /// scheme, or one that does not read, is never taken as gone).
    static func originalIsGone(_ uri: String) -> Bool {
        guard uri.hasPrefix("file:///") else { return false }
        let path = PercentEncoding.decode(String(uri.dropFirst("file://".count)))
        var status = stat()
        guard !path.contains(0) else { return false }
        let terminated = path.map { CChar(bitPattern: $0) } + [0]
        return lstat(terminated, &status) != 0 && errno == ENOENT
    }

    /// Every thumbnail (a regular file named as one) in the size folders, its folder, and
    /// whether it is photofeed's.
    private func thumbnails() -> [(folder: CacheDirectory, file: CacheDirectory.File, own: Bool)] {
        var found: [(folder: CacheDirectory, file: CacheDirectory.File, own: Bool)] = []
        for sizeClass in ThumbnailSizeClass.allCases {
            let path = directory.appendingPathComponent(sizeClass.directoryName).path
            guard let folder = try? CacheDirectory.existing(path) else { continue }
            for file in folder.files(where: ThumbnailURI.isFileName).sorted(by: { $0.name < $1.name }) {
                let prefix = folder.readPrefix(file.name, count: Self.inventoryPrefixBytes) ?? []
                let own = PNGTextChunks.read(prefix)["Software"] == software
                found.append((folder, file, own))
            }
        }
        return found
    }
}
