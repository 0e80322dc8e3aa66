import Foundation
@testable import ImageLoading
import Testing

/// `photofeed cache prune|clear` trims a disk cache another process (a viewer) uses: entries
/// go whole, a reader sees an entry whole or not at all, a write in progress is left alone.
@Suite("Disk cache: prune and clear beside a running cache")
struct DiskCacheMaintenanceTests {
    private static func payload(_ index: Int, _ round: Int) -> [UInt8] {
        (0..<(2_000 + index * 37)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index &+ round) }
    }

    @Test func listedEntriesCarryTheirFileSizes() async throws {
        // Given one entry of a 2,000-byte payload
        let directory = Fixtures.temporaryDirectory()
        let cache = try DiskCache(directory: directory)
        await cache.store(Self.payload(0, 0), for: "k0")
        // When the folder is listed
        let entries = DiskCache.listEntries(in: cache.folder)
        // Then the entry has its file's size (FoundationEssentials gives it as a UInt, not an NSNumber)
        #expect(entries.count == 1)
        #expect((entries.first?.size ?? 0) > 2_000)
    }

    @Test func pruneByAgeThenBySizeRemovesTheLeastRecentlyUsed() async throws {
        // Given four entries used 4, 3, 2 and 1 days ago
        let directory = Fixtures.temporaryDirectory()
        let cache = try DiskCache(directory: directory)
        for index in 0..<4 {
            await cache.store(Self.payload(index, 0), for: "k\(index)")
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(Double(index - 4) * 86_400)],
                ofItemAtPath: cache.fileURL(for: "k\(index)").path)
        }
        // When entries not used within 2.5 days are pruned
        let byAge = await cache.prune(olderThan: Date().addingTimeInterval(-2.5 * 86_400), maxSize: nil)
        // Then the two oldest went
        #expect(byAge.entries == 2)
        #expect(await cache.data(for: "k0") == nil)
        #expect(await cache.data(for: "k1") == nil)
        #expect(byAge.remaining.entries == 2)
        // When pruned to the size of one entry
        let bySize = await cache.prune(olderThan: nil, maxSize: byAge.remaining.bytes - 1)
        // Then the least recently used of the rest went
        #expect(bySize.entries == 1)
        #expect(await cache.data(for: "k2") == nil)
        #expect(await cache.data(for: "k3") == Self.payload(3, 0))
        #expect(DiskCache.usage(of: directory).entries == 1)
    }

    @Test func clearLeavesAWriteInProgressAndTheLockFile() async throws {
        // Given an entry and a temporary file another writer is filling
        let directory = Fixtures.temporaryDirectory()
        let cache = try DiskCache(directory: directory)
        await cache.store([1, 2, 3], for: "k")
        let writing = directory.appendingPathComponent(DiskCacheEntry.temporaryName())
        try Data([9, 9]).write(to: writing)
        // When cleared
        let removed = await cache.clear()
        // Then the entry went, the write in progress is there for its rename
        #expect(removed.entries == 1)
        #expect(removed.remaining.entries == 0)
        #expect(FileManager.default.fileExists(atPath: writing.path))
        #expect(DiskCache.usage(of: directory) == DiskCache.Usage(entries: 0, bytes: 0))
    }

    @Test func aCacheWritingAndReadingWhileAnotherPrunesNeverReadsAHalfEntry() async throws {
        // Given two caches on one directory: a viewer's, and the one `photofeed cache` opens
        let directory = Fixtures.temporaryDirectory()
        let viewer = try DiskCache(directory: directory)
        let command = try DiskCache(directory: directory)
        let rounds = 40
        let keys = 12
        // When the viewer stores and reads back entries while the other prunes and clears
        async let reads: [String] = {
            var wrong: [String] = []
            for round in 0..<rounds {
                for index in 0..<keys {
                    await viewer.store(Self.payload(index, round), for: "k\(index)")
                    // Then every read is either the entry as written or a miss
                    if let read = await viewer.data(for: "k\(index)"), read != Self.payload(index, round) {
                        wrong.append("k\(index) in round \(round): \(read.count) bytes")
                    }
                }
            }
            return wrong
        }()
        async let trims: Int = {
            var removed = 0
            for round in 0..<rounds {
                removed += round.isMultiple(of: 2)
                    ? await command.prune(olderThan: nil, maxSize: 10_000).entries : await command.clear().entries
            }
            return removed
        }()
        let (wrong, removed) = await (reads, trims)
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(removed > 0)
        // And nothing but whole entries is left: each reads back, none is dropped as torn
        for name in DiskCache.listEntries(in: viewer.folder).map(\.name) {
            let bytes = try #require(FileManager.default.contents(atPath: directory.appendingPathComponent(name).path))
            #expect(DiskCacheEntry.decode([UInt8](bytes)) != nil, "\(name)")
        }
    }
}
