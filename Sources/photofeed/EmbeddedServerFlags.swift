import FoundationEssentials
import FoundationExtras
import ImageLoading
import Logging
import PicsumServer
import FeedViewer

/// The viewer's flags the embedded server is made from — where the cache is, the network, the
/// seed — and the server configuration they make.
///
/// ``ViewerOptions`` gives them once parsed. ``scan(_:)`` reads them from the raw argument list
/// before ArgumentParser runs (its reflection over the viewer's options is a visible part of a
/// start: `feedbench --scenario embedded-start` times starts), so ``EarlyServerStart`` can start
/// the server beside the parse; the parsed flags then
/// adopt that server only when they are equal, so a wrong reading costs a restart, never a
/// server other than the flags ask for.
///
/// ```swift
/// EmbeddedServerFlags.scan(["--network", "3g", "--seed", "7"])?.network   // "3g"
/// EmbeddedServerFlags.scan(["--feed", "~/Pictures"])                   // nil: no embedded server
/// ```
struct EmbeddedServerFlags: Equatable, Sendable {
    var cacheDir: String?
    var noDiskCache = false
    var network = "fast"
    var latency: Int?
    var bandwidth: Int?
    var failureRate: Double?
    var stallRate: Double?
    var truncateRate: Double?
    var seed: UInt64 = 0

    /// The disk cache's directory (the server keeps its scaled sources in it); nil with `--no-disk-cache`.
    var cacheDirectory: URL? {
        guard !noDiskCache else { return nil }
        return cacheDir.map { URL(fileURLWithPath: PathText.expandingHome($0)) } ?? DiskCache.defaultDirectory()
    }

    /// The `--network` preset with the single-knob flags applied; nil when `--network` names no preset.
    var knobs: ShapingKnobs? {
        guard var knobs = NetworkPreset(name: network)?.knobs else { return nil }
        if let latency { knobs.latency = .milliseconds(latency) }
        if let bandwidth { knobs.bandwidth = bandwidth == 0 ? nil : bandwidth }
        if let failureRate { knobs.failureRate = failureRate }
        if let stallRate { knobs.stallRate = stallRate }
        if let truncateRate { knobs.truncateRate = truncateRate }
        return knobs
    }

    /// ``configuration(knobs:)`` keeping the scaled sources only in a cache folder photofeed may
    /// own (claimed: made and tagged when new); none when the folder is refused, which the
    /// viewer's setup then says. The server starts beside the parse: it must not write into a
    /// folder of someone else's files before the refusal.
    func claimedConfiguration(knobs: ShapingKnobs) -> PicsumServer.Configuration {
        var configuration = configuration(knobs: knobs)
        if let directory = cacheDirectory,
            (try? CacheDirectory.claim(
                directory.path, creating: true, isOwn: DiskCache.isOwnName, environment: ProcessInfo.processInfo.environment)) == nil
        {
            configuration.sourceCacheDirectory = nil
        }
        return configuration
    }

    /// The embedded server these flags make, shaped by `knobs`.
    func configuration(knobs: ShapingKnobs) -> PicsumServer.Configuration {
        let photos = DefaultPhotos.directory()
        var configuration = PicsumServer.Configuration(
            photosDirectory: photos, logger: Logger(label: "photofeed") { _ in SwiftLogNoOpLogHandler() })
        // The server listens once it has read the photos' headers, and decodes a photo when a row
        // first asks for it (a damaged one answers 500 naming it): the first screen waits for
        // its own photos only, never for all of them to be checked (a visible wait, longer with
        // the first screen's renders beside it).
        configuration.decodeCheck = .onFirstRender
        // And it decodes the first screen's large photos (at 1/8, a thumbnail's source) while the
        // page request and then the thumbnails' requests wait out the network's latency, so the
        // thumbnails are rendered without a decode when their requests come (a list screen's
        // rows and prefetch, most of a grid's first screen).
        configuration.warmedIDs = 12
        // The photos' scaled sources are kept beside the disk cache (a dot-folder: not entries):
        // the next run's first thumbnails need no large decode.
        configuration.sourceCacheDirectory = cacheDirectory?.appendingPathComponent(ServerSources.folderName)
        // Animations among the first ids, so the default feed plays some at once.
        configuration.animationsDirectory = photos.appendingPathComponent("animated")
        configuration.shaping = NetworkShaping(
            latency: knobs.latency, bandwidth: knobs.bandwidth, failureRate: knobs.failureRate, stallRate: knobs.stallRate,
            truncateRate: knobs.truncateRate, seed: seed)
        return configuration
    }

    /// The flags in `arguments` (the viewer's or `snapshot`'s, config file settings included),
    /// read as ArgumentParser would; nil when they run no embedded server (`--feed`, another
    /// subcommand, help) or a value does not read.
    static func scan(_ arguments: [String]) -> EmbeddedServerFlags? {
        var rest = arguments[...]
        if let first = rest.first, first == "view" || first == "snapshot" { rest = rest.dropFirst() }
        if let first = rest.first, !first.hasPrefix("-") { return nil }
        var flags = EmbeddedServerFlags()
        var index = rest.startIndex
        while index < rest.endIndex {
            let argument = rest[index]
            index += 1
            guard argument.hasPrefix("--") else {
                // Another option's value, or a short flag: -h is help, the rest are not the server's.
                if argument == "-h" { return nil }
                continue
            }
            let option = LongOption(argument)
            let name = option.name
            var value = option.value
            switch name {
            case "--feed", "--help", "--":
                return nil
            case "--no-disk-cache":
                guard value == nil else { return nil }
                flags.noDiskCache = true
                continue
            case "--cache-dir", "--network", "--latency", "--bandwidth", "--failure-rate", "--stall-rate", "--truncate-rate",
                "--seed":
                break
            default:
                continue
            }
            if value == nil {
                guard index < rest.endIndex else { return nil }
                value = rest[index]
                index += 1
            }
            guard let value, flags.set(name, value) else { return nil }
        }
        return flags
    }

    /// Sets the flag `name` to `value` as ArgumentParser reads it; false when it does not read.
    private mutating func set(_ name: String, _ value: String) -> Bool {
        switch name {
        case "--cache-dir": cacheDir = value
        // The preset's name as ViewerOptions keeps it (any case on the command line).
        case "--network": network = NetworkPreset(name: value)?.name ?? value
        case "--latency": guard let number = Int(value) else { return false }; latency = number
        case "--bandwidth": guard let number = Int(value) else { return false }; bandwidth = number
        case "--failure-rate": guard let number = Double(value) else { return false }; failureRate = number
        case "--stall-rate": guard let number = Double(value) else { return false }; stallRate = number
        case "--truncate-rate": guard let number = Double(value) else { return false }; truncateRate = number
        case "--seed": guard let number = UInt64(value) else { return false }; seed = number
        default: return false
        }
        return true
    }
}
