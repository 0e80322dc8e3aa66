import ArgumentParser
import FoundationEssentials
import ImageLoading

/// `photofeed cache clear`: removes every disk cache entry and photofeed's thumbnails, and says
/// what went. Asks nothing.
struct CacheClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Remove every disk cache entry, photofeed's thumbnails (other programs' stay) and pictures; asks nothing.")

    @OptionGroup var location: CacheLocationOptions

    @Flag(help: "Leave the thumbnails and the pictures.")
    var keepThumbnails = false

    func run() async throws {
        var lines: [String] = []
        do {
            if let cache = try location.existingCache() {
                let removed = await cache.clear()
                lines.append("removed \(CacheCommand.count(removed.entries, removed.bytes)) from \(cache.directory.path)")
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
            let gone = pictures.removeAll()
            lines.append("removed \(CacheCommand.count(gone.files, gone.bytes, noun: "picture")) from \(pictures.directory)")
        }
        CacheCommand.say(lines)
    }
}
