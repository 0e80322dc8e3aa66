import ArgumentParser
import FoundationEssentials
import FoundationExtras
import Glibc
import ImageLoading
import PicsumServer
import TerminalKit

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
            lines += Self.ownFolders(in: folder)
            let others = Self.otherNames(in: folder)
            if others > 0 {
                lines.append(
                    "             and \(others) name\(others == 1 ? "" : "s") photofeed did not write "
                        + "(yours or another program's: left alone, never removed)")
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
        lines.append("pictures:    \(pictures.directory) (show's pictures, block art and pixels)")
        lines.append("             \(CacheCommand.count(stored.files, stored.bytes, noun: "picture"))")
        let orphans = TemporaryImageFiles.orphans(removing: false)
        if orphans.files > 0 {
            lines.append(
                "kitty:       \(CacheCommand.count(orphans.files, orphans.bytes, noun: "picture")) ended viewers left in shared memory "
                    + "(cache clear and prune remove them)")
        }
        CacheCommand.say(lines)
    }

    /// A line for each of photofeed's own folders beside the entries (``OwnFiles``) that holds anything.
    static func ownFolders(in folder: CacheDirectory) -> [String] {
        var lines: [String] = []
        if let sources = try? folder.subdirectory(ServerSources.folderName) {
            let usage = sources.usage(where: ServerSources.isOwnName)
            if usage.files > 0 {
                lines.append(
                    "             \(ServerSources.folderName): the embedded server's scaled photos, "
                        + "\(CacheCommand.count(usage.files, usage.bytes, noun: "file")); at most \(ByteSize.format(ServerSources.sizeLimit))")
            }
        }
        if let terminfo = try? folder.subdirectory(OwnFiles.terminfo.name), !terminfo.names().isEmpty {
            lines.append("             \(OwnFiles.terminfo.name): \(OwnFiles.terminfo.purpose)")
        }
        if let log = folder.file(named: OwnFiles.viewerStandardError.name), log.size > 0 {
            lines.append("             \(OwnFiles.viewerStandardError.name): \(ByteSize.format(log.size)) the image libraries printed")
        }
        return lines
    }

    /// How many names in the folder photofeed never writes (``OwnFiles``), links included.
    static func otherNames(in folder: CacheDirectory) -> Int {
        folder.names().count { bytes in
            guard let name = String(validating: bytes, as: UTF8.self) else { return true }
            return !OwnFiles.contains(name)
        }
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
