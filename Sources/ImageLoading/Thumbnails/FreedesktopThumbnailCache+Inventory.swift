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
