import Foundation
import FoundationExtras
@testable import ImageLoading
import Testing

/// The disk cache removes, trims and counts only its own files: entries named as it names
/// them, regular files, found without following links. Someone else's files in its folder stay.
@Suite("Disk cache: someone else's files")
struct DiskCacheForeignFilesTests {
    /// A cache folder photofeed made, where someone has since put notes.txt, a 300 KB big.iso
    /// (older than anything), a link named like an entry to a file outside, and a folder named like one.
    struct Setup {
        let directory = Fixtures.temporaryDirectory().appendingPathComponent("cache")
        let victim = Fixtures.temporaryDirectory().appendingPathComponent("victim.txt")
        let link = String(repeating: "a", count: 64)
        let folder = String(repeating: "b", count: 64)

        func addForeignFiles() throws {
            try Data("x\n".utf8).write(to: directory.appendingPathComponent("notes.txt"))
            try Data(count: 300_000).write(to: directory.appendingPathComponent("big.iso"))
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: directory.appendingPathComponent("big.iso").path)
            try Data(count: 50_000).write(to: victim)
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(link).path, withDestinationPath: victim.path)
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder + "/inside"), withIntermediateDirectories: true)
        }

        func foreignFilesAreThere() -> Bool {
            let size = { (name: String) in (try? Data(contentsOf: directory.appendingPathComponent(name)))?.count }
            return size("notes.txt") == 2 && size("big.iso") == 300_000 && (try? Data(contentsOf: victim))?.count == 50_000
                && (try? FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent(link).path)) == victim.path
                && FileManager.default.fileExists(atPath: directory.appendingPathComponent(folder + "/inside").path)
        }
    }

    @Test func clearPruneAndRemoveAllTakeOnlyTheEntries() async throws {
        for trim in ["clear", "prune", "removeAll"] {
            // Given a cache with two entries and someone else's files
            let setup = Setup()
            let cache = try DiskCache(directory: setup.directory)
            await cache.store([1, 2, 3], for: "a")
            await cache.store([4, 5, 6], for: "b")
            try setup.addForeignFiles()
            // When it is counted, then cleared, pruned to nothing, or emptied by the pipeline
            let usage = DiskCache.usage(of: setup.directory)
            switch trim {
            case "clear": #expect(await cache.clear().entries == 2)
            case "prune": #expect(await cache.prune(olderThan: nil, maxSize: 0).entries == 2)
            default: await cache.removeAll()
            }
            // Then only the two entries were counted and went; the rest is as it was
            #expect(usage.entries == 2, "\(trim)")
            let (a, b) = (await cache.data(for: "a"), await cache.data(for: "b"))
            #expect(a == nil && b == nil, "\(trim)")
            #expect(setup.foreignFilesAreThere(), "\(trim)")
        }
    }

    @Test func theViewersSweepTakesOnlyTheEntries() async throws {
        // Given a 100 KB cache holding someone else's files (big.iso alone is 300 KB, and the oldest)
        let setup = Setup()
        _ = try DiskCache(directory: setup.directory)
        try setup.addForeignFiles()
        let cache = try DiskCache(directory: setup.directory, sizeLimit: 100_000)
        // When entries past the limit are stored, so that its sweep runs
        for index in 0..<6 { await cache.store([UInt8](repeating: UInt8(index), count: 30_000), for: "k\(index)") }
        await cache.sweep()
        // Then the sweep trimmed its own entries under the limit and left the rest
        #expect(await cache.totalSize() <= 100_000)
        #expect(await cache.data(for: "k5") != nil)
        #expect(setup.foreignFilesAreThere())
    }

    @Test func aFolderOfSomeoneElsesFilesIsRefused() throws {
        // Given a folder that photofeed never made, holding someone else's files
        let setup = Setup()
        try FileManager.default.createDirectory(at: setup.directory, withIntermediateDirectories: true)
        try setup.addForeignFiles()
        // When a disk cache is made on it
        let error = #expect(throws: CacheDirectoryError.self) { _ = try DiskCache(directory: setup.directory) }
        // Then it is refused, naming the files, and nothing is written there
        #expect(error?.reason == .foreign([setup.link, "big.iso", "notes.txt"].map { Array($0.utf8) }, count: 3))
        #expect(!FileManager.default.fileExists(atPath: setup.directory.appendingPathComponent("CACHEDIR.TAG").path))
        #expect(setup.foreignFilesAreThere())
    }

    @Test func aCacheAnOlderPhotofeedLeftUntaggedIsTakenAndTagged() async throws {
        // Given the folder an older photofeed filled, before caches were tagged: an entry, a
        // temporary file, the lock file, the pictures, the server's sources, compiled terminfo
        // entries and the viewer's stderr log
        let directory = Fixtures.temporaryDirectory().appendingPathComponent("photofeed")
        for folder in [".pictures", ".server-sources", "terminfo/x"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for name in [DiskCacheEntry.fileName(for: "k"), DiskCacheEntry.temporaryName(), ".lock", "viewer-stderr.log"] {
            try Data([1]).write(to: directory.appendingPathComponent(name))
        }
        // When a cache is made on it
        let cache = try DiskCache(directory: directory)
        // Then it is taken as photofeed's, and tagged
        #expect(cache.folder.isTagged)
    }

    @Test func namesAreExactlyTheOnesTheCacheWrites() {
        // Given an entry's name and a temporary file's, and near misses
        let entry = DiskCacheEntry.fileName(for: "https://example.com/a.jpg")
        // Then only the exact forms are the cache's
        #expect(DiskCacheEntry.isFileName(entry) && DiskCache.isOwnName(entry))
        #expect(DiskCacheEntry.isTemporaryName(DiskCacheEntry.temporaryName()))
        for name in [entry.uppercased(), entry + "0", String(entry.dropLast()), "notes.txt", ".tmp-writing", "bin", "CACHEDIR.TAG"] {
            #expect(!DiskCache.isOwnName(name), "\(name)")
        }
    }
}
