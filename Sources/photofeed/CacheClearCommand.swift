import ArgumentParser
import FoundationEssentials
import FoundationExtras
import ImageLoading
import PicsumServer
import TerminalKit

/// `photofeed cache clear`: removes every disk cache entry and photofeed's thumbnails, and says
/// what went. Asks nothing.
struct CacheClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Remove every disk cache entry, the embedded server's scaled photos, photofeed's thumbnails (other programs' stay) and pictures; asks nothing.")

    @OptionGroup var location: CacheLocationOptions

    @Flag(help: "Leave the thumbnails and the pictures.")
    var keepThumbnails = false

    func run() async throws {
        var lines: [String] = []
        var failures: [String] = []
        do {
            if let cache = try location.existingCache() {
                let removed = await cache.clear()
                lines.append("removed \(CacheCommand.count(removed.entries, removed.bytes)) from \(cache.directory.path)")
                failures += [CacheCommand.failure(removed.failed, removed.failure, from: cache.directory.path)].compactMap(\.self)
                let sources = CacheCommand.trimServerSources(in: cache.directory.path) { $0.removeAll(where: ServerSources.isOwnName) }
                if let sources {
                    if sources.trimming.files > 0 {
                        lines.append(
                            "removed \(CacheCommand.count(sources.trimming.files, sources.trimming.bytes, noun: "scaled photo")) "
                                + "from \(sources.path)")
                    }
                    failures += [CacheCommand.failure(sources.trimming.failed, sources.trimming.failure, noun: "scaled photo", from: sources.path)]
                        .compactMap(\.self)
                }
            } else {
                lines.append("no disk cache at \(location.directory().path): nothing to remove")
            }
        } catch {
            ViewCommand.standardError("photofeed cache clear: \(error)")
            throw ExitCode.failure
        }
        if !keepThumbnails {
            let thumbnails = location.thumbnails()
            let removed = thumbnails.removeOwnThumbnails()
            lines.append(
                "removed \(CacheCommand.count(removed.files, removed.bytes, noun: "thumbnail")) of photofeed's from "
                    + thumbnails.directory.path)
            let pictures = location.pictures()
            do {
                try pictures.check()
                let gone = pictures.removeAll()
                lines.append("removed \(CacheCommand.count(gone.files, gone.bytes, noun: "picture")) from \(pictures.directory)")
                failures += [CacheCommand.failure(gone.failed, gone.failure, noun: "picture", from: pictures.directory)].compactMap(\.self)
            } catch {
                failures.append("\(error)")
            }
        }
        if let orphans = CacheCommand.removeOrphanedKittyPictures() { lines.append(orphans) }
        CacheCommand.say(lines)
        guard failures.isEmpty else {
            for failure in failures { ViewCommand.standardError("photofeed cache clear: \(failure)") }
            throw ExitCode.failure
        }
    }
}
