import Foundation
import TestSupport
import Testing

/// `photofeed cache info|clear|prune` end to end, on a scratch `XDG_CACHE_HOME`.
@Suite("Cache command end to end", .timeLimit(.minutes(2)), .tags(.realTime))
struct CacheCommandTests {
    /// A scratch cache home with `entries` files of `size` bytes in `photofeed/`, each used
    /// `age(index)` seconds ago, and a temporary file being written.
    private static func cacheHome(entries: Int, size: Int, age: (Int) -> Double) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-cache-cmd-" + UUID().uuidString)
        let directory = home.appendingPathComponent("photofeed")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for index in 0..<entries {
            let file = directory.appendingPathComponent(String(format: "%064x", index))
            try Data(repeating: UInt8(index), count: size).write(to: file)
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-age(index))], ofItemAtPath: file.path)
        }
        try Data("half".utf8).write(to: directory.appendingPathComponent(writing))
        return home
    }

    /// The name of a temporary file a writer is filling (photofeed's own form: `.tmp-` and a UUID).
    private static let writing = ".tmp-" + UUID().uuidString

    private static func entries(in home: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("photofeed").path)) ?? [])
            .filter { !$0.hasPrefix(".") && $0 != "CACHEDIR.TAG" }.sorted()
    }

    @Test func infoSaysWhereAndHowMuch() async throws {
        // Given a cache of three 1000-byte entries
        let home = try Self.cacheHome(entries: 3, size: 1000) { _ in 60 }
        // When info is asked for
        let output = try await BuiltBinary.run(["cache", "info"], environment: ["XDG_CACHE_HOME": home.path])
        // Then it names the directory, the entries and bytes, and the thumbnail cache
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains(home.appendingPathComponent("photofeed").path), "\(output.stdout)")
        #expect(output.stdout.contains("3 entries (2.9 KiB)"), "\(output.stdout)")
        #expect(output.stdout.contains(home.appendingPathComponent("thumbnails").path), "\(output.stdout)")
        #expect(output.stdout.contains("photofeed's: 0 thumbnails"), "\(output.stdout)")
        // And `photofeed cache` alone is info, with --cache-dir naming another directory
        let other = try Self.cacheHome(entries: 1, size: 10) { _ in 60 }
        let byFlag = try await BuiltBinary.run(
            ["cache", "--cache-dir", other.appendingPathComponent("photofeed").path], environment: ["XDG_CACHE_HOME": home.path])
        #expect(byFlag.status == 0, "\(byFlag.stderr)")
        #expect(byFlag.stdout.contains("1 entry (10 B)"), "\(byFlag.stdout)")
    }

    @Test func pruneByAgeThenBySize() async throws {
        // Given five 1000-byte entries used an hour, a day, two, three and four days (and an hour) ago
        let home = try Self.cacheHome(entries: 5, size: 1000) { Double($0) * 86_400 + 3_600 }
        let environment = ["XDG_CACHE_HOME": home.path]
        // When entries not used within 36 hours are pruned
        let byAge = try await BuiltBinary.run(["cache", "prune", "--older-than", "36h"], environment: environment)
        // Then the three oldest went, and it says so
        #expect(byAge.status == 0, "\(byAge.stderr)")
        #expect(byAge.stdout.contains("removed 3 entries (2.9 KiB) not used within 36h"), "\(byAge.stdout)")
        #expect(Self.entries(in: home) == [String(format: "%064x", 0), String(format: "%064x", 1)])
        // When the rest is pruned to 1500 bytes
        let bySize = try await BuiltBinary.run(["cache", "prune", "--max-size", "1500"], environment: environment)
        // Then the least recently used went until one is left: the newest
        #expect(bySize.status == 0, "\(bySize.stderr)")
        #expect(bySize.stdout.contains("kept 1 entry (1000 B)"), "\(bySize.stdout)")
        #expect(Self.entries(in: home) == [String(format: "%064x", 0)])
        // And a temporary file being written is left alone
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("photofeed/" + Self.writing).path))
    }

    @Test func clearRemovesEverythingAndSaysWhat() async throws {
        // Given a cache of four entries, and two of show's pictures (named as show names them)
        let home = try Self.cacheHome(entries: 4, size: 512) { _ in 60 }
        let pictures = home.appendingPathComponent("photofeed/.pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        for index in 0..<2 {
            try Data(repeating: 7, count: 100).write(to: pictures.appendingPathComponent(String(format: "%064x", index) + ".png"))
        }
        let info = try await BuiltBinary.run(["cache", "info"], environment: ["XDG_CACHE_HOME": home.path])
        #expect(info.stdout.contains(pictures.path) && info.stdout.contains("2 pictures (200 B)"), "\(info.stdout)")
        #expect(info.stdout.contains("4 entries (2 KiB)"), "\(info.stdout)")
        // When it is cleared
        let output = try await BuiltBinary.run(["cache", "clear"], environment: ["XDG_CACHE_HOME": home.path])
        // Then nothing is asked, every entry went, and it says how many
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("removed 4 entries (2 KiB)"), "\(output.stdout)")
        #expect(output.stdout.contains("of photofeed's"), "\(output.stdout)")
        #expect(output.stdout.contains("removed 2 pictures (200 B) from \(pictures.path)"), "\(output.stdout)")
        #expect(Self.entries(in: home).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: pictures.path).isEmpty)
    }

    @Test func nonsenseIsAUsageError() async throws {
        // Given sizes and ages that mean nothing
        for (arguments, message) in [
            (["cache", "prune"], "prune needs --older-than AGE, --max-size SIZE or both"),
            (["cache", "prune", "--older-than", "soon"], "--older-than 'soon' is not an age"),
            (["cache", "prune", "--max-size", "12XB"], "--max-size '12XB': unknown unit 'xb'"),
            (["snapshot", "--memory-cache", "lots"], "--memory-cache 'lots' is not a size"),
            (["snapshot", "--disk-cache=-5MB"], "--disk-cache '-5MB' is not a size"),
            (["snapshot", "--disk-cache", "2000TB"], "--disk-cache '2000TB' is more than 1 PiB"),
        ] {
            // When they are given
            let output = try await BuiltBinary.run(arguments)
            // Then the exit is 64 with a message naming the flag
            #expect(output.status == 64, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        }
    }
}
