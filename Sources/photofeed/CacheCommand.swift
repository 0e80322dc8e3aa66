import ArgumentParser
import FoundationEssentials
import FoundationExtras
import Glibc
import ImageLoading
import PicsumServer
import TerminalKit

/// `photofeed cache info|clear|prune`: the disk cache (and photofeed's thumbnails) from the
/// command line, safe while a viewer runs on the same cache.
///
/// ```
/// photofeed cache info
/// photofeed cache prune --older-than 30d --max-size 100MB
/// photofeed cache clear
/// ```
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "See, prune or clear the disk cache (info is the default).",
        discussion: """
            The disk cache keeps downloaded originals ($XDG_CACHE_HOME/photofeed, else \
            ~/.cache/photofeed, or --cache-dir, or the config file's cache-dir); a viewer keeps it under --disk-cache (default \
            \(ByteSize.format(CacheSizeOptions.defaultDisk))) by removing the least recently used. \
            Thumbnails of local files go to the freedesktop.org cache ($XDG_CACHE_HOME/thumbnails), \
            shared with other programs: photofeed's are told apart by their Software field, and \
            only those are removed. Pruning and clearing are safe while a viewer runs: entries go \
            whole, and a viewer refetches what it misses.

            Examples:
              photofeed cache
              photofeed cache prune --older-than 30d --max-size 100MB
              photofeed cache clear --keep-thumbnails
            """,
        subcommands: [
            CacheInfoCommand.self, CacheClearCommand.self, CachePruneCommand.self, CacheFilesCommand.self,
            CacheWriteThumbnailsCommand.self,
        ],
        defaultSubcommand: CacheInfoCommand.self
    )
}

/// Where `photofeed cache` looks: `--cache-dir`, or the viewer's default; the thumbnail cache
/// from the environment.
struct CacheLocationOptions: ParsableArguments {
    @Option(help: "The disk cache directory (default: $XDG_CACHE_HOME/photofeed or ~/.cache/photofeed).", completion: .directory)
    var cacheDir: String?

    @OptionGroup var configFile: ConfigFileOptions

    /// The disk cache directory.
    func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        cacheDir.map { URL(fileURLWithPath: PathText.expandingHome($0)) }
            ?? DiskCache.defaultDirectory(environment: environment)
    }

    /// photofeed's cache of `show`'s pictures (block art and pixels).
    func pictures(environment: [String: String] = ProcessInfo.processInfo.environment) -> PictureCache {
        PictureCache(directory: PictureCache.defaultDirectory(environment: environment))
    }

    /// The freedesktop.org thumbnail cache.
    func thumbnails(environment: [String: String] = ProcessInfo.processInfo.environment) -> FreedesktopThumbnailCache {
        FreedesktopThumbnailCache(environment: environment)
    }

    /// The disk cache, when its directory exists (nil: nothing cached yet; nothing is made);
    /// throws when the folder is not one photofeed may clear (see `CacheDirectory.claim`).
    func existingCache() throws(CacheDirectoryError) -> DiskCache? {
        try DiskCache(existing: directory())
    }
}

/// A one-line reason `photofeed cache` failed (exit 1).
struct CacheCommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension CacheCommand {
    /// `3 entries (1.2 MiB)`.
    static func count(_ entries: Int, _ bytes: Int, noun: String = "entr") -> String {
        let word = noun == "entr" ? (entries == 1 ? "entry" : "entries") : (entries == 1 ? noun : noun + "s")
        return "\(entries) \(word) (\(ByteSize.format(bytes)))"
    }

    /// `could not remove 3 entries from /x: read-only file system`, or nil when nothing failed.
    static func failure(_ failed: Int, _ code: Int32?, noun: String = "entr", from place: String) -> String? {
        guard failed > 0 else { return nil }
        let word = noun == "entr" ? (failed == 1 ? "entry" : "entries") : (failed == 1 ? noun : noun + "s")
        return "could not remove \(failed) \(word) from \(place): \(SystemError.reason(code ?? EIO))"
    }

    /// Runs `trim` on the embedded server's scaled photos in the cache folder at `path`
    /// (``ServerSources``), removing the folder when that leaves it empty; nil when there is
    /// none (or it is a link, which is not followed).
    static func trimServerSources(
        in path: String, _ trim: (CacheDirectory) -> CacheDirectory.Trimming
    ) -> (path: String, trimming: CacheDirectory.Trimming)? {
        guard let parent = try? CacheDirectory.existing(path), let folder = try? parent.subdirectory(ServerSources.folderName)
        else { return nil }
        let trimming = trim(folder)
        if folder.names().isEmpty { parent.removeIfEmpty(ServerSources.folderName) }
        return (folder.path, trimming)
    }

    /// Removes the pictures kitty never read that ended viewers left in shared memory
    /// (``TemporaryImageFiles/orphans(in:removing:environment:)``): a line saying how many, nil
    /// when there were none.
    static func removeOrphanedKittyPictures() -> String? {
        let removed = TemporaryImageFiles.orphans(removing: true)
        guard removed.files > 0 else { return nil }
        return "removed \(count(removed.files, removed.bytes, noun: "picture")) ended viewers left for kitty"
    }

    /// Prints lines to stdout.
    static func say(_ lines: [String]) {
        StandardStream.output.write(lines.map { $0 + "\n" }.joined())
    }
}
