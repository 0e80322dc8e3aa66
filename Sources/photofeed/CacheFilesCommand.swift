import ArgumentParser
import FoundationEssentials
import FoundationExtras

/// `photofeed cache files`: every file photofeed can leave in a home, what it is for, which
/// commands write it and what removes it, read from ``OwnFiles`` (the list the own-file rule,
/// `info`, `clear` and `prune` use; the manual's FILES section is made from this output).
///
/// ```
/// $ photofeed cache files
/// ~/.cache/photofeed/                the cache folder (--cache-dir, or cache-dir in the config)
///   CACHEDIR.TAG                     marks the folder as a cache (backup tools skip it)
/// …
/// ```
struct CacheFilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "files",
        abstract: "Every file photofeed can leave in your home, what writes it and what removes it.")

    @OptionGroup var location: CacheLocationOptions

    func run() throws {
        let folders = UserFolders()
        CacheCommand.say(Self.lines(cacheFolder: folders.abbreviating(location.directory().path), folders: folders))
    }

    /// The listing for a cache folder shown as `cacheFolder`.
    static func lines(cacheFolder: String, folders: UserFolders) -> [String] {
        var lines = ["\(cacheFolder)/  the cache folder (--cache-dir, or cache-dir in the config file)"]
        for file in OwnFiles.all {
            let name = file.name + (file.kind == .folder ? "/" : "")
            lines.append("  \(name)  \(file.purpose); written by \(file.writers); \(file.cleaningText)")
        }
        lines.append("  anything else  yours or another program's: counted by cache info, never removed")
        for place in OwnFiles.elsewhere {
            lines.append("\(place.path)  \(place.purpose); \(place.cleaning)")
        }
        return lines
    }
}
