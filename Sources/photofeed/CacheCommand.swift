import ArgumentParser
import FoundationEssentials
import FoundationExtras
import Glibc
import ImageLoading

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
            ~/.cache/photofeed, or --cache-dir); a viewer keeps it under --disk-cache (default \
            \(ByteSize.format(CacheSizeOptions.defaultDisk))) by removing the least recently used. \
            Thumbnails of local files go to the freedesktop.org cache ($XDG_CACHE_HOME/thumbnails), \
            shared with other programs: photofeed's are told apart by their Software field, and \
            only those are removed. Pruning and clearing are safe while a viewer runs: entries go \
            whole, and a viewer refetches what it misses.
            """,
        subcommands: [CacheInfoCommand.self, CacheClearCommand.self, CachePruneCommand.self],
        defaultSubcommand: CacheInfoCommand.self
    )
}

/// Where `photofeed cache` looks: `--cache-dir`, or the viewer's default; the thumbnail cache
/// from the environment.
struct CacheLocationOptions: ParsableArguments {
    @Option(help: "The disk cache directory (default: $XDG_CACHE_HOME/photofeed or ~/.cache/photofeed).")
    var cacheDir: String?

    /// The disk cache directory.
    func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        cacheDir.map { URL(fileURLWithPath: PathText.expandingTilde($0)) }
            ?? DiskCache.defaultDirectory(environment: environment)
    }

    /// photofeed's cache of `show`'s pictures in pixels.
    func pictures(environment: [String: String] = ProcessInfo.processInfo.environment) -> PictureCache {
        PictureCache(directory: PictureCache.defaultDirectory(environment: environment))
    }

    /// The freedesktop.org thumbnail cache.
    func thumbnails(environment: [String: String] = ProcessInfo.processInfo.environment) -> FreedesktopThumbnailCache {
        FreedesktopThumbnailCache(environment: environment)
    }

    /// The disk cache, when its directory exists (nil: nothing cached yet; nothing is created).
    func existingCache() throws -> DiskCache? {
        let directory = directory()
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { return nil }
        guard isDirectory else { throw CacheCommandError("\(directory.path) is not a directory") }
        do {
            return try DiskCache(directory: directory)
        } catch {
            throw CacheCommandError("cannot use \(directory.path): \(ErrorText.describe(error))")
        }
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

    /// Files and bytes under `directory` (recursively; nothing when it is missing).
    static func folderSize(_ directory: URL) -> (files: Int, bytes: Int) {
        guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: directory.path) else { return (0, 0) }
        var total = (files: 0, bytes: 0)
        for path in paths {
            // lstat: a symbolic link is not a regular file, and is not followed.
            var status = stat()
            guard lstat(directory.appendingPathComponent(path).path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            total.files += 1
            total.bytes += Int(status.st_size)
        }
        return total
    }

    /// Prints lines to stdout.
    static func say(_ lines: [String]) {
        StandardStream.output.write(lines.map { $0 + "\n" }.joined())
    }
}
