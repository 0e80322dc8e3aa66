import ArgumentParser
import ImageLoading

/// `--memory-cache` and `--disk-cache`: how much each cache keeps before it evicts the least
/// recently used.
///
/// ```
/// photofeed --memory-cache 20MB --disk-cache 1GiB
/// ```
struct CacheSizeOptions: ParsableArguments {
    /// The memory cache's size when not given: `ImageCache`'s own default.
    static let defaultMemory = ImageCache.defaultCostLimit
    /// The disk cache's size when not given: `DiskCache`'s own default.
    static let defaultDisk = DiskCache.defaultSizeLimit

    @Option(help: ArgumentHelp(
        "Decoded images kept in memory, in bytes or with a unit: 20MB, 512MiB (MB = 1000², MiB = 1024²; default: \(ByteSize.format(defaultMemory))). The network panel (n) shows its use.",
        valueName: "size"))
    var memoryCache: String?

    @Option(help: ArgumentHelp(
        "Downloaded originals kept on disk before the least recently used go (default: \(ByteSize.format(defaultDisk))); see `photofeed cache`.",
        valueName: "size"))
    var diskCache: String?

    func validate() throws {
        _ = try memoryBytes()
        _ = try diskBytes()
    }

    /// `--memory-cache` in bytes.
    func memoryBytes() throws -> Int {
        guard let memoryCache else { return Self.defaultMemory }
        do { return try ByteSize.parse(memoryCache) } catch { throw ValidationError("--memory-cache \(error)") }
    }

    /// `--disk-cache` in bytes.
    func diskBytes() throws -> Int {
        guard let diskCache else { return Self.defaultDisk }
        do { return try ByteSize.parse(diskCache) } catch { throw ValidationError("--disk-cache \(error)") }
    }
}
