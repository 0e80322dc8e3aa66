import ArgumentParser
import FoundationEssentials
import FoundationExtras
import ImageLoading
import PicsumServer
import TerminalKit

/// `photofeed cache prune --older-than 30d --max-size 100MB`: removes entries not used for
/// that long, then the least recently used until the rest fits.
struct CachePruneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove disk cache entries not used within --older-than, then the least recently used until under --max-size.")

    @OptionGroup var location: CacheLocationOptions

    @Option(help: ArgumentHelp("Remove entries last used longer ago than this: 90s, 45m, 12h, 30d, 2w.", valueName: "age"))
    var olderThan: String?

    @Option(help: ArgumentHelp("Then remove the least recently used until the cache is at most this size: 100MB, 1GiB, bytes.", valueName: "size"))
    var maxSize: String?

    func validate() throws {
        guard olderThan != nil || maxSize != nil else {
            throw ValidationError("prune needs --older-than AGE, --max-size SIZE or both")
        }
        _ = try parsedAge()
        _ = try parsedMaxSize()
    }

    func parsedAge() throws -> Int? {
        guard let olderThan else { return nil }
        do { return try CacheAge.parse(olderThan) } catch { throw ValidationError("--older-than \(error)") }
    }

    func parsedMaxSize() throws -> Int? {
        guard let maxSize else { return nil }
        // Zero is allowed here: prune to nothing.
        if maxSize.trimmingSpaces == "0" { return 0 }
        do { return try ByteSize.parse(maxSize) } catch { throw ValidationError("--max-size \(error)") }
    }

    func run() async throws {
        let age = try parsedAge()
        let limit = try parsedMaxSize()
        let cache: DiskCache?
        do {
            cache = try location.existingCache()
        } catch {
            ViewCommand.standardError("photofeed cache prune: \(error)")
            throw ExitCode.failure
        }
        guard let cache else {
            CacheCommand.say(["no disk cache at \(location.directory().path): nothing to prune"])
            return
        }
        let cutoff = age.map { Date().addingTimeInterval(-Double($0)) }
        let removed = await cache.prune(olderThan: cutoff, maxSize: limit)
        let why = [olderThan.map { "not used within \($0)" }, maxSize.map { "beyond \($0)" }].compactMap(\.self)
            .joined(separator: " or ")
        var lines = [
            "removed \(CacheCommand.count(removed.entries, removed.bytes)) \(why) from \(cache.directory.path)",
            "kept \(CacheCommand.count(removed.remaining.entries, removed.remaining.bytes))",
        ]
        // The server's scaled photos: the same age, and their own bound.
        let nanoseconds = cutoff.map { Int($0.timeIntervalSince1970 * 1_000_000_000) }
        let sources = CacheCommand.trimServerSources(in: cache.directory.path) {
            $0.trim(olderThan: nanoseconds, toAtMost: ServerSources.sizeLimit, where: ServerSources.isOwnName)
        }
        if let sources, sources.trimming.files > 0 {
            lines.append(
                "removed \(CacheCommand.count(sources.trimming.files, sources.trimming.bytes, noun: "scaled photo")) from \(sources.path)")
        }
        // photofeed's thumbnails: of photos that are gone, not used within the age, and past their bound.
        let thumbnails = location.thumbnails()
        let trimmed = thumbnails.trimOwnThumbnails(olderThan: nanoseconds)
        if trimmed.files > 0 {
            lines.append(
                "removed \(CacheCommand.count(trimmed.files, trimmed.bytes, noun: "thumbnail")) of photofeed's "
                    + "(of photos that are gone, older, or past \(ByteSize.format(FreedesktopThumbnailCache.ownSizeLimit))) from \(thumbnails.directory.path)")
        }
        if let orphans = CacheCommand.removeOrphanedKittyPictures() { lines.append(orphans) }
        CacheCommand.say(lines)
        if let failure = CacheCommand.failure(removed.failed, removed.failure, from: cache.directory.path) {
            ViewCommand.standardError("photofeed cache prune: \(failure)")
            throw ExitCode.failure
        }
    }
}
