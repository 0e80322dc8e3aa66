import Foundation
import FoundationExtras
import TestSupport
import Testing

/// photofeed run as a person runs it: one home (with a `~/.cache` other programs use, a
/// `~/.config/photofeed/config`, a `~/Pictures`), every command after every other, in the
/// orders people use them. Each step asserts that the next still works and what it left
/// behind. The other end-to-end suites give each command a fresh scratch folder; this one
/// finds what one command leaves for the next.
@Suite("Journeys: one home, every command after every other", .timeLimit(.minutes(5)), .tags(.realTime))
struct JourneyTests {
    /// A person's home: `HOME` set, no `XDG_*` (so `~/.cache` and `~/.config` are used, as on
    /// a fresh desktop), other programs' files in `~/.cache`, photos in `~/Pictures`.
    struct Person {
        let home: URL
        var config: String?

        init(config: String? = nil) throws {
            home = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-journey-" + UUID().uuidString)
            let fileManager = FileManager.default
            try fileManager.createDirectory(at: home.appendingPathComponent(".cache/fontconfig"), withIntermediateDirectories: true)
            try Data("another program's\n".utf8).write(to: home.appendingPathComponent(".cache/fontconfig/cache-7"))
            try fileManager.createDirectory(at: home.appendingPathComponent(".config/photofeed"), withIntermediateDirectories: true)
            try fileManager.createDirectory(at: home.appendingPathComponent("Pictures"), withIntermediateDirectories: true)
            for name in ["coffee.jpg", "rocket.jpg"] {
                try fileManager.copyItem(
                    at: BuiltBinary.assetsDirectory.appendingPathComponent(name), to: home.appendingPathComponent("Pictures/\(name)"))
            }
            self.config = config
            if let config { try Data(config.utf8).write(to: home.appendingPathComponent(".config/photofeed/config")) }
        }

        /// The environment a login shell gives: `HOME`, and no `XDG_*` folder set.
        var environment: [String: String] {
            ["HOME": home.path, "XDG_CACHE_HOME": "", "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": "", "TERM": "xterm-256color"]
        }

        /// photofeed's cache folder in this home.
        var cacheFolder: URL { home.appendingPathComponent(".cache/photofeed") }

        /// Runs `photofeed arguments` as this person; a step that fails says which and why.
        @discardableResult
        func run(_ arguments: [String], expecting status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) async throws
            -> BuiltBinary.Output
        {
            let output = try await BuiltBinary.run(arguments, environment: environment)
            #expect(
                output.status == status, "photofeed \(arguments.joined(separator: " ")): \(output.stdout)\n\(output.stderr)",
                sourceLocation: sourceLocation)
            #expect(!output.stderr.contains("did not write"), "\(arguments): \(output.stderr)", sourceLocation: sourceLocation)
            return output
        }

        /// Waits until `show --grid`'s background thumbnail writer is done (it holds its lock while it works).
        func waitForThumbnailWriter() {
            let descriptor = open(cacheFolder.appendingPathComponent("thumbnail-writer.lock").path, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            flock(descriptor, LOCK_EX)
            close(descriptor)
        }

        /// The names directly in the cache folder.
        func cacheNames() -> Set<String> {
            Set((try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)) ?? [])
        }

        /// Every path under the home, relative to it.
        func tree() -> Set<String> {
            guard let walker = FileManager.default.enumerator(atPath: home.path) else { return [] }
            var paths: Set<String> = []
            while let path = walker.nextObject() as? String { paths.insert(path) }
            return paths
        }
    }

    /// A snapshot of the embedded feed with no network shaping: a viewer run headless.
    static let snapshot = ["snapshot", "--width", "80", "--height", "24", "--colors", "none", "--latency", "0", "--bandwidth", "0"]

    @Test("show, then the viewer, then every cache command: each step works and leaves only declared names")
    func showThenViewThenTheCacheCommands() async throws {
        // Given a home with a config file, and no photofeed cache yet
        let person = try Person(config: "# my settings\nsymbols = quad\n")
        // When a photo is shown first (its picture kept in the cache folder's .pictures)
        try await person.run(["show", "--width", "30", person.home.appendingPathComponent("Pictures/coffee.jpg").path])
        person.waitForThumbnailWriter()
        // Then the viewer starts on that folder, and so do snapshot's and the cache commands' second runs
        try await person.run(Self.snapshot)
        let info = try await person.run(["cache", "info"])
        #expect(info.stdout.contains(person.cacheFolder.path), "\(info.stdout)")
        try await person.run(["prefetch", "--count", "3"])
        try await person.run(["cache", "prune", "--older-than", "30d"])
        try await person.run(["show", "--width", "30", person.home.appendingPathComponent("Pictures/rocket.jpg").path])
        person.waitForThumbnailWriter()
        try await person.run(["cache", "clear"])
        try await person.run(Self.snapshot)
        // And every name left in the cache folder is one photofeed declares (OwnFiles)
        let names = person.cacheNames()
        #expect(!names.isEmpty)
        for name in names { #expect(OwnFiles.contains(name), "\(name) is left in the cache folder but declared nowhere") }
        // And nothing outside photofeed's folders and the freedesktop thumbnails changed in the home
        let outside = person.tree().filter {
            !$0.hasPrefix(".cache/photofeed") && !$0.hasPrefix(".cache/thumbnails")
        }
        #expect(
            outside == [
                ".cache", ".cache/fontconfig", ".cache/fontconfig/cache-7", ".config", ".config/photofeed",
                ".config/photofeed/config", "Pictures", "Pictures/coffee.jpg", "Pictures/rocket.jpg",
            ], "\(outside.sorted())")
    }

    @Test("a file someone put in photofeed's default folder is left alone and counted, never a refusal")
    func theDefaultFolderIsNeverRefused() async throws {
        // Given a default cache folder, untagged, holding a name photofeed never writes
        let person = try Person()
        try FileManager.default.createDirectory(at: person.cacheFolder, withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: person.cacheFolder.appendingPathComponent("notes.txt"))
        // When the viewer, prefetch and every cache command run on it
        try await person.run(Self.snapshot)
        try await person.run(["prefetch", "--count", "2"])
        let info = try await person.run(["cache", "info"])
        try await person.run(["cache", "prune", "--max-size", "1B"])
        try await person.run(["cache", "clear"])
        // Then each ran, info counted the file, and it is still there, unchanged
        #expect(info.stdout.contains("1 name photofeed did not write"), "\(info.stdout)")
        #expect(try String(contentsOf: person.cacheFolder.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine\n")
    }

    @Test("the config file's cache-dir, written ~/…, is the folder the viewer fills and cache reports and clears")
    func theConfigsCacheDirIsEveryCommands() async throws {
        // Given a config naming the cache folder with ~ (HOME is not the password file's home)
        let person = try Person(config: "cache-dir = ~/photo-cache   # on the big disk\n")
        let configured = person.home.appendingPathComponent("photo-cache")
        // When the viewer runs
        try await person.run(Self.snapshot)
        // Then it filled ~/photo-cache in this HOME, not the default folder
        let entries = try FileManager.default.contentsOfDirectory(atPath: configured.path).filter { $0.count == 64 }
        #expect(!entries.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: person.cacheFolder.appendingPathComponent("CACHEDIR.TAG").path))
        // When cache info and cache clear run
        let info = try await person.run(["cache", "info"])
        let clear = try await person.run(["cache", "clear"])
        // Then they report and clear that folder
        #expect(info.stdout.contains("disk cache:  \(configured.path)"), "\(info.stdout)")
        #expect(info.stdout.contains("\(entries.count) entr"), "\(info.stdout)")
        #expect(clear.stdout.contains("removed \(entries.count) entr"), "\(clear.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: configured.path).filter { $0.count == 64 }.isEmpty)
        // And --cache-dir on the command line still wins over the file
        let other = person.home.appendingPathComponent("other-cache")
        let byFlag = try await person.run(["cache", "info", "--cache-dir", other.path])
        #expect(byFlag.stdout.contains("disk cache:  \(other.path)"), "\(byFlag.stdout)")
    }

    @Test("~ and $HOME in --cache-dir and the config mean $HOME for every command")
    func tildeIsHOMEForEveryCommand() async throws {
        // Given a HOME that is not the password file's home
        let person = try Person(config: "cache-dir = $HOME/from-config\n")
        // When the viewer, prefetch and cache info are given '~/…' unexpanded (as a quoted shell argument)
        try await person.run(Self.snapshot + ["--cache-dir", "~/from-flag"])
        try await person.run(["prefetch", "--count", "2", "--cache-dir", "~/from-flag"])
        let info = try await person.run(["cache", "info", "--cache-dir", "~/from-flag"])
        // Then each used $HOME/from-flag
        let folder = person.home.appendingPathComponent("from-flag")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("CACHEDIR.TAG").path))
        #expect(info.stdout.contains("disk cache:  \(folder.path)"), "\(info.stdout)")
        #expect(!info.stdout.contains("none yet"), "\(info.stdout)")
        // And the config's $HOME/… is expanded the same way
        try await person.run(Self.snapshot)
        #expect(FileManager.default.fileExists(atPath: person.home.appendingPathComponent("from-config/CACHEDIR.TAG").path))
    }

    @Test("the embedded feed serves the photos beside the binary, whatever folder it starts in")
    func theEmbeddedFeedDoesNotDependOnTheCurrentFolder() async throws {
        // Given a folder with an Assets/photos of its own (two photos)
        let person = try Person()
        let elsewhere = person.home.appendingPathComponent("project")
        let photos = elsewhere.appendingPathComponent("Assets/photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in ["coffee.jpg", "rocket.jpg"] {
            try FileManager.default.copyItem(at: BuiltBinary.assetsDirectory.appendingPathComponent(name), to: photos.appendingPathComponent(name))
        }
        // When the viewer runs there, and then in the home
        let binary = try BuiltBinary.photofeed.path
        let there = try await BuiltBinary.runShell(
            "cd '\(elsewhere.path)' && exec '\(binary)' " + Self.snapshot.joined(separator: " "), environment: person.environment)
        let here = try await BuiltBinary.runShell(
            "cd '\(person.home.path)' && exec '\(binary)' " + Self.snapshot.joined(separator: " "), environment: person.environment)
        // Then both show the same feed, the package's, from the cache the first filled
        #expect(there.status == 0 && here.status == 0, "\(there.stderr)\n\(here.stderr)")
        #expect(Self.rows(there.stdout) == Self.rows(here.stdout), "\(there.stdout)\n---\n\(here.stdout)")
        #expect(!there.stdout.contains("2 photos"), "\(there.stdout)")
    }

    @Test("installed with other photos, the viewer never shows a cached picture of the old ones under a new caption")
    func anotherPhotoSetIsNeverShownFromTheCache() async throws {
        // Given photofeed installed with two photos, viewed once in a home
        let person = try Person()
        let prefix = person.home.appendingPathComponent("prefix")
        let photos = prefix.appendingPathComponent("share/photofeed/photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        let binary = prefix.appendingPathComponent("bin/photofeed")
        // Copied by cp, in a child: a descriptor of ours open for writing on the copy, inherited by
        // a child another test forks meanwhile, would make running it fail (ETXTBSY).
        let copy = try await BuiltBinary.runShell("cp '\(try BuiltBinary.photofeed.path)' '\(binary.path)'")
        #expect(copy.status == 0, "\(copy.stderr)")
        func install(_ names: [String]) throws {
            for old in try FileManager.default.contentsOfDirectory(atPath: photos.path) {
                try FileManager.default.removeItem(at: photos.appendingPathComponent(old))
            }
            for name in names {
                try FileManager.default.copyItem(at: BuiltBinary.assetsDirectory.appendingPathComponent(name), to: photos.appendingPathComponent(name))
            }
        }
        func view(_ someone: Person) async throws -> [String] {
            let output = try await BuiltBinary.runShell(
                "exec '\(binary.path)' " + Self.snapshot.joined(separator: " "), environment: someone.environment)
            #expect(output.status == 0, "\(output.stderr)")
            return Self.pictures(output.stdout)
        }
        try install(["coffee.jpg", "rocket.jpg"])
        let first = try await view(person)
        // When it is installed again with two other photos and viewed in the same home, and in a new one
        try install(["brick.jpg", "camera.jpg"])
        let again = try await view(person)
        let fresh = try await view(try Person())
        // Then the same home shows the new photos' pictures, as a new home does
        #expect(again == fresh, "\(again.joined(separator: "\n"))\n---\n\(fresh.joined(separator: "\n"))")
        #expect(again != first)
    }

    @Test("view, then show, then prefetch, then view: the second view's rows come from the disk cache")
    func viewThenShowThenPrefetchThenView() async throws {
        // Given a home where the viewer ran first
        let person = try Person(config: "sort = name\n")
        try await person.run(Self.snapshot)
        // When a photo is shown, the feed prefetched, and the viewer run again
        try await person.run(["show", "--width", "24", person.home.appendingPathComponent("Pictures/rocket.jpg").path])
        person.waitForThumbnailWriter()
        let prefetch = try await person.run(["prefetch", "--count", "6"])
        let again = try await person.run(Self.snapshot)
        // Then each ran, prefetch filled the cache the viewer reads, and the viewer found its rows there
        #expect(prefetch.stdout.contains(person.cacheFolder.path), "\(prefetch.stdout)")
        #expect(again.stdout.contains("disk"), "\(again.stdout)")
        for name in person.cacheNames() { #expect(OwnFiles.contains(name), "\(name)") }
    }

    @Test("serve in one terminal, the viewer on it in another, then cache info and clear")
    func serveThenViewOnIt() async throws {
        // Given photofeed serve on a free port
        let person = try Person()
        let serve = try RunningProcess(try BuiltBinary.photofeed, ["serve", "--port", "0", "--count", "40"])
        let line = try #require(try await serve.firstLine(within: .seconds(60)), "\(serve.standardError)")
        let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        // When the viewer is pointed at it, and the cache looked at and cleared
        let frame = try await person.run(Self.snapshot + ["--feed", url])
        let info = try await person.run(["cache", "info"])
        let clear = try await person.run(["cache", "clear"])
        // Then the viewer showed its photos, and the cache held and lost the originals it downloaded
        #expect(frame.stdout.contains("#0 ·"), "\(frame.stdout)")
        #expect(!info.stdout.contains(" 0 entries"), "\(info.stdout)")
        #expect(clear.stdout.contains("removed"), "\(clear.stdout)")
        // And serve, told to stop, ends cleanly
        serve.send(SIGTERM)
        #expect(try await serve.exitStatus(within: .seconds(30)) == 0)
    }

    @Test("cache clear while a viewer runs: the viewer goes on, loads again what it needs, and quits cleanly")
    func clearWhileAViewerRuns() async throws {
        // Given the viewer running in a terminal in a home
        let person = try Person()
        let binary = try BuiltBinary.photofeed.path
        let session = try TmuxSession(
            command: "env -u XDG_CACHE_HOME -u XDG_CONFIG_HOME -u XDG_DATA_HOME HOME='\(person.home.path)' '\(binary)' "
                + "--latency 0 --bandwidth 0 --colors none --graphics blocks; echo \"exit $?\"; sleep 600",
            columns: 100, rows: 30)
        let first = try await session.waitForScreen(within: .seconds(60)) { $0.contains("#1 ·") && !$0.contains("loading") }
        #expect(first != nil, "\((try? session.capture()) ?? "")")
        // When the cache is cleared beside it, and the viewer scrolls and reloads everything (R)
        let clear = try await person.run(["cache", "clear"])
        #expect(clear.stdout.contains("removed"), "\(clear.stdout)")
        try session.send("G")
        try session.send("g")
        try session.send("R")
        // Then its rows load again, with no error
        let reloaded = try await session.waitForScreen(within: .seconds(60)) {
            $0.contains("#1 ·") && !$0.contains("loading") && !$0.contains("✗")
        }
        #expect(reloaded != nil, "\((try? session.capture()) ?? "")")
        // And q ends it with status 0
        try session.send("q")
        let ended = try await session.waitForScreen(within: .seconds(30)) { $0.contains("exit ") }
        #expect(ended?.contains("exit 0") == true, "\((try? session.capture()) ?? "")")
        // And it left only declared names, no empty stderr log among them
        for name in person.cacheNames() { #expect(OwnFiles.contains(name), "\(name)") }
        let log = person.cacheFolder.appendingPathComponent("viewer-stderr.log")
        let size = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? nil
        #expect(size == nil || size! > 0, "an empty viewer-stderr.log was left")
    }

    @Test("every command in one home: each name left in the cache folder is declared, and each folder and lock they make is there")
    func everyCommandLeavesOnlyDeclaredNames() async throws {
        // Given a home, where photos are shown in block art, in pixels and in a grid, the feed viewed,
        // prefetched, viewed in a terminal (whose 8-colour TERM gets a compiled 16-colour entry) and pruned
        let person = try Person()
        let photo = person.home.appendingPathComponent("Pictures/coffee.jpg").path
        try await person.run(["show", "--width", "24", photo])
        try await person.run(["show", "--graphics", "kitty", "--width", "24", "--height", "10", photo])
        // (show keeps its pictures itself; the grid hands its thumbnails to the background writer and its lock)
        try await person.run(["show", "--grid", "2", "--width", "24", photo, photo])
        person.waitForThumbnailWriter()
        try await person.run(Self.snapshot)
        try await person.run(["prefetch", "--count", "4"])
        let binary = try BuiltBinary.photofeed.path
        let session = try TmuxSession(
            command: "env -u XDG_CACHE_HOME -u COLORTERM TERM=linux HOME='\(person.home.path)' '\(binary)' "
                + "--latency 0 --bandwidth 0 --graphics blocks --colors 16; echo \"exit $?\"; sleep 600",
            columns: 100, rows: 30)
        #expect(try await session.waitForScreen(within: .seconds(60)) { $0.contains("#1 ·") } != nil)
        try session.send("q")
        #expect(try await session.waitForScreen(within: .seconds(30)) { $0.contains("exit 0") } != nil)
        try await person.run(["cache", "prune", "--older-than", "30d"])
        // Then every name left is one photofeed declares
        let names = person.cacheNames()
        for name in names { #expect(OwnFiles.contains(name), "\(name) is left in the cache folder but declared nowhere") }
        // And the ones these commands make are all there (what each is for: `photofeed cache files`)
        for made in [OwnFiles.tag, OwnFiles.lock, OwnFiles.pictures, OwnFiles.serverSources, OwnFiles.thumbnailWriterLock, OwnFiles.terminfo] {
            #expect(names.contains(made.name), "\(made.name) was not made: \(names.sorted())")
        }
        #expect(names.contains { OwnFiles.entries.matches($0) })
    }

    @Test("two homes: one person's commands never touch another's home")
    func aSecondHomeIsUntouched() async throws {
        // Given two people, the second having used photofeed already
        let first = try Person()
        let second = try Person(config: "sort = name\n")
        try await second.run(Self.snapshot)
        let before = second.tree()
        // When the first runs every command
        try await first.run(Self.snapshot)
        try await first.run(["show", "--width", "20", first.home.appendingPathComponent("Pictures/coffee.jpg").path])
        first.waitForThumbnailWriter()
        try await first.run(["cache", "clear"])
        // Then nothing in the second home changed
        #expect(second.tree() == before)
    }

    /// The frame's pictures: each line's first 19 columns (the thumbnail box, left of the
    /// captions and of the state lines, which say where a picture came from and how fast).
    static func pictures(_ frame: String) -> [String] {
        frame.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2).map { String($0.prefix(19)) }
    }

    /// The frame's photo rows: the lines naming an id and a size (`#0 · 870×1305`), without
    /// the state and status lines, which say where a picture came from and how fast.
    static func rows(_ frame: String) -> [String] {
        frame.split(separator: "\n").map(String.init).filter { $0.contains("#") && $0.contains("×") }.map { line in
            String(line.drop { $0 != "#" })
        }
    }
}
