import ArgumentParser
import FoundationEssentials
import FoundationExtras
import Glibc
import ImageLoading

/// `photofeed cache info`: where the caches are, how much they hold, how many entries.
struct CacheInfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Where the disk cache is, its size and entries; the thumbnail cache, and photofeed's part of it.")

    @OptionGroup var location: CacheLocationOptions

    func run() async throws {
        let directory = location.directory()
        var lines = ["disk cache:  \(directory.path)"]
        let folder: CacheDirectory?
        do {
            // Counting reads only; still, `/` or the home folder is no cache, and a link is not followed.
            folder = try CacheDirectory.existing(directory.path)
            try folder?.refuseIfProtected(environment: ProcessInfo.processInfo.environment)
        } catch {
            ViewCommand.standardError("photofeed cache info: \(error)")
            throw ExitCode.failure
        }
        if let folder {
            let usage = DiskCache.usage(of: folder)
            lines.append(
                "             \(CacheCommand.count(usage.entries, usage.bytes)); a viewer keeps at most --disk-cache "
                    + "(default \(ByteSize.format(CacheSizeOptions.defaultDisk)))")
            if let least = usage.leastRecentUse, let most = usage.mostRecentUse {
                lines.append("             last used \(Self.day(least)) … \(Self.day(most))")
            }
            let sources = (try? folder.subdirectory(".server-sources")).map(CacheCommand.folderSize) ?? (files: 0, bytes: 0)
            if sources.files > 0 {
                lines.append(
                    "             and the embedded server's scaled photos: \(CacheCommand.count(sources.files, sources.bytes, noun: "file")) "
                        + "in .server-sources (left by clear and prune)")
            }
        } else {
            lines.append("             none yet")
        }
        let thumbnails = location.thumbnails()
        lines.append("thumbnails:  \(thumbnails.directory.path) (freedesktop.org, shared with other programs)")
        let inventory = thumbnails.inventory()
        lines.append(
            "             \(CacheCommand.count(inventory.all.files, inventory.all.bytes, noun: "thumbnail")) in all; "
                + "photofeed's: \(CacheCommand.count(inventory.own.files, inventory.own.bytes, noun: "thumbnail"))")
        let pictures = location.pictures()
        let stored = pictures.inventory()
        lines.append("pictures:    \(pictures.directory) (show's pictures in pixels)")
        lines.append("             \(CacheCommand.count(stored.files, stored.bytes, noun: "picture"))")
        CacheCommand.say(lines)
    }

    /// `2024-05-01 14:03` in local time.
    static func day(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }
}
