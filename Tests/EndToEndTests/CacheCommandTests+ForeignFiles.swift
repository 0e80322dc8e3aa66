import Foundation
import TestSupport
import Testing

/// `photofeed cache` and the viewer's trimming on folders holding someone else's files: only
/// photofeed's own files ever go, links are not followed, `/` and the home folder are refused.
extension CacheCommandTests {
    /// A new scratch folder.
    static func scratch(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-\(name)-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Every path under `folder` (links listed, not followed) with its size or link target: a
    /// fingerprint that any removal or change shows in.
    static func tree(_ folder: URL) -> [String] {
        var lines: [String] = []
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        for path in paths.sorted() {
            let full = folder.appendingPathComponent(path).path
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: full) {
                lines.append("\(path) -> \(target)")
            } else {
                let size = (try? FileManager.default.attributesOfItem(atPath: full))?[.size] as? Int ?? -1
                lines.append("\(path) \(size)")
            }
        }
        return lines
    }

    /// `d` with `notes.txt` and a 300,000-byte `big.iso`, as in the issue.
    static func someoneElsesFolder() throws -> URL {
        let folder = try scratch("someone-elses")
        try Data("x\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: folder.appendingPathComponent("big.iso"))
        return folder
    }

    static let entryName = String(format: "%064x", 42)

    @Test func clearPruneAndInfoLeaveAFolderOfSomeoneElsesFiles() async throws {
        // Given a folder holding notes.txt and big.iso, never a cache
        let folder = try Self.someoneElsesFolder()
        let before = Self.tree(folder)
        let environment = ["XDG_CACHE_HOME": try Self.scratch("cache-home").path]
        for arguments in [["cache", "clear"], ["cache", "prune", "--max-size", "1B"], ["cache", "prune", "--older-than", "1s"]] {
            // When it is cleared or pruned as a cache
            let output = try await BuiltBinary.run(arguments + ["--cache-dir", folder.path], environment: environment)
            // Then it is refused in one sentence that says why and how, and nothing in it changed
            #expect(output.status == 1, "\(arguments): \(output.stdout) \(output.stderr)")
            #expect(
                output.stderr.contains("\(folder.path) holds files photofeed did not write (big.iso, notes.txt); give an empty or new folder"),
                "\(arguments): \(output.stderr)")
            #expect(Self.tree(folder) == before, "\(arguments)")
        }
        // When info is asked about it
        let info = try await BuiltBinary.run(["cache", "info", "--cache-dir", folder.path], environment: environment)
        // Then it counts none of them as entries, and writes nothing there (no tag)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("0 entries (0 B)"), "\(info.stdout)")
        #expect(Self.tree(folder) == before)
    }

    @Test func theViewersTrimmingLeavesSomeoneElsesFiles() async throws {
        // Given a folder holding notes.txt and big.iso (300 KB)
        let folder = try Self.someoneElsesFolder()
        let before = Self.tree(folder)
        // When a snapshot is taken with it as a 100 KB disk cache
        let refused = try await BuiltBinary.run([
            "snapshot", "--width", "60", "--height", "12", "--colors", "none", "--latency", "0", "--bandwidth", "0",
            "--cache-dir", folder.path, "--disk-cache", "100KB",
        ])
        // Then it is refused with the sentence, exit 1, and the folder is as it was
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("holds files photofeed did not write (big.iso, notes.txt)"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("Fatal error"), "\(refused.stderr)")
        #expect(Self.tree(folder) == before)

        // Given an empty folder photofeed took as its cache (tagged), where big.iso (older than
        // anything) and a link named like an entry were put since
        let cache = try Self.scratch("tagged")
        let taken = try await BuiltBinary.run(["cache", "prune", "--max-size", "0", "--cache-dir", cache.path])
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("CACHEDIR.TAG").path))
        let victim = try Self.scratch("victim").appendingPathComponent("victim.txt")
        try Data(count: 50_000).write(to: victim)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("big.iso"), to: cache.appendingPathComponent("big.iso"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: cache.appendingPathComponent("big.iso").path)
        try FileManager.default.createSymbolicLink(atPath: cache.appendingPathComponent(Self.entryName).path, withDestinationPath: victim.path)
        // When a snapshot stores its images there with a 100 KB limit (after its first store it
        // measures the folder, and sweeps when its entries pass the limit)
        let trimmed = try await BuiltBinary.run([
            "snapshot", "--width", "60", "--height", "12", "--colors", "none", "--latency", "0", "--bandwidth", "0",
            "--cache-dir", cache.path, "--disk-cache", "100KB",
        ])
        #expect(trimmed.status == 0, "\(trimmed.stderr)")
        // Then its entries are there (big.iso counted as none of them: no sweep took them)
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.count == 64 && $0 != Self.entryName }
        #expect(!entries.isEmpty)
        // And big.iso, the link and what it points to are all still there
        #expect((try? Data(contentsOf: cache.appendingPathComponent("big.iso")))?.count == 300_000)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: cache.appendingPathComponent(Self.entryName).path)) == victim.path)
        #expect((try? Data(contentsOf: victim))?.count == 50_000)
        // And the cache command counts only photofeed's entries, and clears only those
        let cleared = try await BuiltBinary.run(["cache", "clear", "--cache-dir", cache.path])
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect((try? Data(contentsOf: cache.appendingPathComponent("big.iso")))?.count == 300_000)
        #expect((try? Data(contentsOf: victim))?.count == 50_000)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: cache.appendingPathComponent(Self.entryName).path)) == victim.path)
    }

    @Test func aCopyOfTheRootsTopLevelIsLeftWhole() async throws {
        // Given a copy of `/`'s top level: folders with files, links to folders, links named
        // like entries, plain files and a file named like an entry
        let root = try Self.scratch("root-copy")
        for folder in ["bin", "lib", "usr/bin", "etc", "var/cache"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try Data("#!/bin/sh\n".utf8).write(to: root.appendingPathComponent(folder + "/program"))
        }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("lib64").path, withDestinationPath: "lib")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("sbin").path, withDestinationPath: "usr/bin")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent(String(format: "%064x", 7)).path, withDestinationPath: "etc/program")
        try FileManager.default.createDirectory(at: root.appendingPathComponent(String(format: "%064x", 8)), withIntermediateDirectories: true)
        try Data(count: 1234).write(to: root.appendingPathComponent("vmlinuz"))
        try Data(count: 99).write(to: root.appendingPathComponent(Self.entryName))
        let before = Self.tree(root)
        let environment = ["XDG_CACHE_HOME": try Self.scratch("cache-home").path]
        // When info, clear and prune are run on it
        let info = try await BuiltBinary.run(["cache", "info", "--cache-dir", root.path], environment: environment)
        let clear = try await BuiltBinary.run(["cache", "clear", "--cache-dir", root.path], environment: environment)
        let prune = try await BuiltBinary.run(["cache", "prune", "--max-size", "0", "--cache-dir", root.path], environment: environment)
        // Then info counts the one regular file named like an entry, not the folders, links or files
        #expect(info.stdout.contains("1 entry (99 B)"), "\(info.stdout)")
        // And clear and prune refuse the folder, naming what is not photofeed's (a link named
        // like an entry among them), and nothing changed
        let link = String(format: "%064x", 7)
        for output in [clear, prune] {
            #expect(output.status == 1, "\(output.stdout) \(output.stderr)")
            #expect(output.stderr.contains("holds files photofeed did not write (\(link), bin, etc and 6 more)"), "\(output.stderr)")
        }
        #expect(Self.tree(root) == before)
    }

    @Test func theRootTheHomeAndTheCacheHomeAreRefused() async throws {
        // Given a home folder and a cache home (both empty), and the system's folders
        let home = try Self.scratch("home")
        let cacheHome = try Self.scratch("cache-home")
        let environment = ["HOME": home.path, "XDG_CACHE_HOME": cacheHome.path]
        for (folder, why) in [
            ("/", "/ is the root folder"), ("/tmp", "/tmp is a top-level folder of the system"),
            ("/usr/bin", "/usr/bin is a folder of the system's (in /usr)"), (home.path, "\(home.path) is your home folder"),
            (cacheHome.path, "\(cacheHome.path) is the cache home every program shares"),
        ] {
            for command in [["cache", "info"], ["cache", "clear"], ["cache", "prune", "--max-size", "0"]] {
                // When a cache command is pointed at it
                let output = try await BuiltBinary.run(command + ["--cache-dir", folder], environment: environment)
                // Then it is refused outright, in a sentence that says why
                #expect(output.status == 1, "\(command) \(folder): \(output.stdout)")
                #expect(output.stderr.contains(why + ": photofeed keeps a cache only in a folder of its own"), "\(command) \(folder): \(output.stderr)")
            }
        }
        // And an empty home was not tagged either
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cacheHome.path).isEmpty)
    }

    @Test func aPicturesFolderThatIsALinkIsNotFollowed() async throws {
        // Given a cache photofeed made, whose .pictures is a link to a folder holding
        // holiday.png and a file named like one of photofeed's pictures
        let cacheHome = try Self.scratch("cache-home")
        let other = try Self.scratch("photos")
        try Data(count: 500).write(to: other.appendingPathComponent("holiday.png"))
        try Data(count: 600).write(to: other.appendingPathComponent(String(format: "%064x", 3) + ".png"))
        try FileManager.default.createDirectory(at: cacheHome.appendingPathComponent("photofeed"), withIntermediateDirectories: true)
        try Data("Signature: 8a477f597d28d172789f06886806bc55\n# photofeed's\n".utf8)
            .write(to: cacheHome.appendingPathComponent("photofeed/CACHEDIR.TAG"))
        try FileManager.default.createSymbolicLink(
            atPath: cacheHome.appendingPathComponent("photofeed/.pictures").path, withDestinationPath: other.path)
        let before = Self.tree(other)
        // When the caches are cleared
        let output = try await BuiltBinary.run(["cache", "clear"], environment: ["XDG_CACHE_HOME": cacheHome.path])
        // Then the linked folder is untouched, and it says the link was not followed
        #expect(Self.tree(other) == before)
        #expect(output.status == 1, "\(output.stdout) \(output.stderr)")
        #expect(output.stderr.contains(".pictures is a symbolic link"), "\(output.stderr)")
        // When `show` prints a photo in pixels, which keeps its picture in .pictures
        let photo = BuiltBinary.assetsDirectory.appendingPathComponent("chelsea.jpg").path
        let show = try await BuiltBinary.run(
            ["show", photo, "--width", "20", "--graphics", "kitty"], environment: ["XDG_CACHE_HOME": cacheHome.path])
        // Then it refuses the link in a sentence, and writes nothing through it
        #expect(show.status == 1, "\(show.stderr)")
        #expect(show.stderr.contains("photofeed show: \(cacheHome.path)/photofeed/.pictures is a symbolic link"), "\(show.stderr)")
        #expect(Self.tree(other) == before)
    }

    @Test func aCacheFolderThatIsALinkIsNotFollowed() async throws {
        // Given $XDG_CACHE_HOME/photofeed a link to a home-like folder of the user's files
        let cacheHome = try Self.scratch("cache-home")
        let homeLike = try Self.scratch("home-like")
        try Data("chapter 1".utf8).write(to: homeLike.appendingPathComponent("thesis.docx"))
        try Data(count: 700).write(to: homeLike.appendingPathComponent("holiday.png"))
        try Data(count: 800).write(to: homeLike.appendingPathComponent(Self.entryName))
        try FileManager.default.createDirectory(at: homeLike.appendingPathComponent(".pictures"), withIntermediateDirectories: true)
        try Data(count: 900).write(to: homeLike.appendingPathComponent(".pictures/" + String(format: "%064x", 3) + ".png"))
        try FileManager.default.createSymbolicLink(
            atPath: cacheHome.appendingPathComponent("photofeed").path, withDestinationPath: homeLike.path)
        let before = Self.tree(homeLike)
        let environment = ["XDG_CACHE_HOME": cacheHome.path]
        for arguments in [
            ["cache", "clear"], ["cache", "prune", "--max-size", "0"], ["cache", "info"],
            ["snapshot", "--width", "60", "--height", "12", "--colors", "none", "--disk-cache", "100KB"],
        ] {
            // When the caches are cleared, pruned, counted, or a snapshot uses the default cache
            let output = try await BuiltBinary.run(arguments, environment: environment)
            // Then each refuses the link in a sentence, and the folder it points to is untouched
            #expect(output.status == 1, "\(arguments): \(output.stdout) \(output.stderr)")
            #expect(output.stderr.contains("photofeed is a symbolic link"), "\(arguments): \(output.stderr)")
            #expect(Self.tree(homeLike) == before, "\(arguments)")
        }
    }

    @Test func anEmptyOrNewFolderIsTaggedAndUsed() async throws {
        // Given an empty folder and a path to a folder not made yet
        let empty = try Self.scratch("empty")
        let new = try Self.scratch("parent").appendingPathComponent("new/cache")
        for folder in [empty, new] {
            // When a snapshot caches into it
            let output = try await BuiltBinary.run([
                "snapshot", "--width", "60", "--height", "12", "--colors", "none", "--latency", "0", "--bandwidth", "0",
                "--cache-dir", folder.path,
            ])
            // Then it runs, and the folder carries the cache directory tag
            #expect(output.status == 0, "\(output.stderr)")
            let tag = try String(contentsOf: folder.appendingPathComponent("CACHEDIR.TAG"), encoding: .utf8)
            #expect(tag.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55\n#"), "\(tag)")
        }
    }
}
