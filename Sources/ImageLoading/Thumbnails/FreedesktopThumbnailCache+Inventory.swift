import FoundationEssentials
import FoundationExtras
import SystemPackage
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
        for (_, size, own) in thumbnails() {
            inventory.all.files += 1
            inventory.all.bytes += size
            if own {
                inventory.own.files += 1
                inventory.own.bytes += size
            }
        }
        return inventory
    }

    /// Removes photofeed's thumbnails (only theirs); returns what went. Each is one file
    /// written by a rename, so a reader sees it whole or not at all.
    public func removeOwnThumbnails() -> FileCount {
        var removed = FileCount()
        for (path, size, own) in thumbnails() where own {
            if unlink(path) == 0 {
                removed.files += 1
                removed.bytes += size
            }
        }
        return removed
    }

    /// Every regular `.png` file in the size folders: its path, size, and whether it is photofeed's.
    private func thumbnails() -> [(path: String, size: Int, own: Bool)] {
        var found: [(path: String, size: Int, own: Bool)] = []
        for sizeClass in ThumbnailSizeClass.allCases {
            let folder = directory.appendingPathComponent(sizeClass.directoryName)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".png") {
                let path = folder.appendingPathComponent(name).path
                var info = stat()
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                let prefix = ThumbnailFiles.readPrefix(FilePath(path), limit: Self.inventoryPrefixBytes) ?? []
                let own = PNGTextChunks.read(prefix)["Software"] == software
                found.append((path, Int(info.st_size), own))
            }
        }
        return found
    }
}
