import Digests
import Foundation
@testable import ImageLoading
import Testing

@Suite struct DiskCacheTests {
    private let bytes: [UInt8] = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }

    @Test func storesAndReadsBackBytesByURL() async throws {
        let cache = try DiskCache(directory: Fixtures.temporaryDirectory())
        await cache.store(bytes, for: "https://x/1.jpg")
        #expect(await cache.data(for: "https://x/1.jpg") == bytes)
        #expect(await cache.data(for: "https://x/2.jpg") == nil)
        // Files are named by the SHA-256 of the URL, with no temporary files left behind (and
        // the folder carries its cache directory tag)
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
            .filter { !$0.hasPrefix(".lock") && $0 != "CACHEDIR.TAG" }
        #expect(names == [DiskCacheEntry.fileName(for: "https://x/1.jpg")])
        #expect(names.first?.count == 64)
    }

    @Test func aFlippedByteIsDetectedAndTheEntryDropped() async throws {
        // Given a stored entry with one payload byte flipped on disk
        let cache = try DiskCache(directory: Fixtures.temporaryDirectory())
        await cache.store(bytes, for: "k")
        let path = cache.fileURL(for: "k").path
        var file = try #require(FileManager.default.contents(atPath: path))
        file[DiskCacheEntry.headerSize + 100] ^= 0x01
        try file.write(to: URL(fileURLWithPath: path))
        // When it is read
        let read = await cache.data(for: "k")
        // Then it is a miss, and the damaged file is gone
        #expect(read == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aTruncatedFileIsDetectedAndDropped() async throws {
        let cache = try DiskCache(directory: Fixtures.temporaryDirectory())
        await cache.store(bytes, for: "k")
        let path = cache.fileURL(for: "k").path
        let file = try #require(FileManager.default.contents(atPath: path))
        try file.prefix(file.count - 1_000).write(to: URL(fileURLWithPath: path))
        #expect(await cache.data(for: "k") == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
        // A file shorter than the header, or garbage, is a miss too
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        #expect(await cache.data(for: "k") == nil)
    }

    @Test func twoInstancesShareOneDirectory() async throws {
        // Given two caches (as two processes would) on one directory
        let directory = Fixtures.temporaryDirectory()
        let first = try DiskCache(directory: directory)
        let second = try DiskCache(directory: directory)
        // When both write the same and different keys concurrently
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask { await first.store(self.bytes + [UInt8(index)], for: "shared") }
                group.addTask { await second.store(self.bytes + [UInt8(index)], for: "shared") }
                group.addTask { await second.store([UInt8(index)], for: "own-\(index)") }
            }
        }
        // Then every entry reads back whole from either instance
        let shared = try #require(await first.data(for: "shared"))
        #expect(shared.count == bytes.count + 1)
        #expect(Array(shared.prefix(bytes.count)) == bytes)
        for index in 0..<20 { #expect(await first.data(for: "own-\(index)") == [UInt8(index)]) }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func sweepRemovesLeastRecentlyUsedEntriesOverTheLimit() async throws {
        // Given a cache limited to about three entries, holding a, b, c with a read last
        let entrySize = DiskCacheEntry.encode(bytes).count
        let cache = try DiskCache(directory: Fixtures.temporaryDirectory(), sizeLimit: entrySize * 3 + 10)
        for (index, key) in ["a", "b", "c"].enumerated() {
            await cache.store(bytes, for: key)
            let date = Date(timeIntervalSince1970: 1_000_000 + Double(index) * 100)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: cache.fileURL(for: key).path)
        }
        _ = await cache.data(for: "a")  // refreshes a's time to now
        // When a fourth entry pushes it over the limit
        await cache.store(bytes, for: "d")
        // Then the least recently used (b, then c) were swept down to the target
        #expect(await cache.data(for: "b") == nil)
        #expect(await cache.data(for: "a") == bytes)
        #expect(await cache.data(for: "d") == bytes)
        #expect(await cache.totalSize() <= Int(Double(entrySize * 3 + 10) * cache.sweepTarget))
    }

    @Test func defaultDirectoryFollowsXDG() {
        #expect(DiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"]).path == "/x/cache/photofeed")
        #expect(DiskCache.defaultDirectory(environment: ["HOME": "/h"]).path == "/h/.cache/photofeed")
    }

    // MARK: Format versions and freshness

    private var freshness: CacheFreshness {
        CacheFreshness(
            head: DataResponseHead(statusCode: 200, headers: [
                "Cache-Control": "max-age=60, immutable", "ETag": "\"e1\"",
                "Last-Modified": "Wed, 21 Oct 2026 07:28:00 GMT", "Date": "Wed, 21 Oct 2026 08:00:00 GMT",
            ]),
            receivedAt: Date(timeIntervalSince1970: 1_792_569_600.25))
    }

    @Test func aVersion2EntryKeepsItsFreshnessAndAStoreReplacesIt() async throws {
        // Given an entry stored with its freshness
        let cache = try DiskCache(directory: Fixtures.temporaryDirectory())
        await cache.store(CachedData(bytes: bytes, freshness: freshness), for: "k")
        // Then it reads back whole, version 2 on disk
        let read = try #require(await cache.cachedData(for: "k"))
        #expect(read.bytes == bytes)
        #expect(read.freshness == freshness)
        let file = try #require(FileManager.default.contents(atPath: cache.fileURL(for: "k").path))
        #expect(file[4] == 2)
        // When bytes alone are stored over it / Then it has no freshness (always fresh)
        await cache.store([1, 2, 3], for: "k")
        let replaced = try #require(await cache.cachedData(for: "k"))
        #expect(replaced == CachedData(bytes: [1, 2, 3]))
        #expect(replaced.isFresh(at: .distantFuture))
    }

    @Test func aVersion1EntryIsStillReadAndCountsAsFresh() async throws {
        // Given a file in the version-1 layout (magic, 1, length, SHA-256 of the payload, payload)
        let cache = try DiskCache(directory: Fixtures.temporaryDirectory())
        var file = Array("PFDC".utf8) + [1, 0, 0, 0]
        withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { file.append(contentsOf: $0) }
        file.append(contentsOf: SHA256.hash(data: bytes))
        file.append(contentsOf: bytes)
        try Data(file).write(to: cache.fileURL(for: "old"))
        // When it is read
        let read = try #require(await cache.cachedData(for: "old"))
        // Then the bytes come back, with no freshness, fresh at any time (served as before)
        #expect(read.bytes == bytes)
        #expect(read.freshness == nil)
        #expect(read.isFresh(at: .distantFuture))
        #expect(await cache.data(for: "old") == bytes)
        // And a version-1 file with a flipped byte is still caught
        file[file.count - 1] ^= 0x01
        try Data(file).write(to: cache.fileURL(for: "old"))
        #expect(await cache.cachedData(for: "old") == nil)
    }

    @Test func theChecksumCoversTheMetadata() async throws {
        // Given a version-2 entry with a byte of its metadata flipped
        let cache = try DiskCache(directory: Fixtures.temporaryDirectory())
        await cache.store(CachedData(bytes: bytes, freshness: freshness), for: "k")
        let path = cache.fileURL(for: "k").path
        var file = try #require(FileManager.default.contents(atPath: path))
        file[DiskCacheEntry.headerSize + 3] ^= 0x01
        try file.write(to: URL(fileURLWithPath: path))
        // When it is read / Then it is a miss and the file is gone
        #expect(await cache.cachedData(for: "k") == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func unknownVersionsAndShortFilesAreNotEntries() {
        var file = DiskCacheEntry.encode(CachedData(bytes: bytes, freshness: freshness))
        #expect(DiskCacheEntry.decode(file)?.freshness == freshness)
        file[4] = 3
        #expect(DiskCacheEntry.decode(file) == nil)
        #expect(DiskCacheEntry.decode(Array(DiskCacheEntry.encode(bytes).prefix(DiskCacheEntry.headerSize - 1))) == nil)
    }
}
