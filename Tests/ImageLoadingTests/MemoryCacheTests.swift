import ImageCodecs
@testable import ImageLoading
import Testing

@Suite struct MemoryCacheTests {
    @Test func evictsLeastRecentlyUsedFirstByCount() {
        // Given an LRU of three entries, with "a" read after "b" and "c" were inserted
        var lru = LRUState<String, Int>(costLimit: 1_000, countLimit: 3)
        lru.insert(1, for: "a", cost: 1)
        lru.insert(2, for: "b", cost: 1)
        lru.insert(3, for: "c", cost: 1)
        _ = lru.value(for: "a")
        // When a fourth is inserted
        let evicted = lru.insert(4, for: "d", cost: 1)
        // Then "b", the least recently used, goes
        #expect(evicted == ["b"])
        #expect(lru.keysByRecency == ["c", "a", "d"])
    }

    @Test func evictsByCostUntilUnderTheLimit() {
        var lru = LRUState<String, Int>(costLimit: 10, countLimit: 100)
        lru.insert(1, for: "a", cost: 4)
        lru.insert(2, for: "b", cost: 4)
        let evicted = lru.insert(3, for: "c", cost: 6)
        #expect(evicted == ["a"])
        #expect(lru.totalCost == 10)
        // An entry bigger than the whole cache is not stored
        #expect(lru.insert(9, for: "huge", cost: 11).isEmpty)
        #expect(lru.value(for: "huge") == nil)
    }

    @Test func replacingAnEntryUpdatesItsCost() {
        var lru = LRUState<String, Int>(costLimit: 10, countLimit: 10)
        lru.insert(1, for: "a", cost: 4)
        lru.insert(2, for: "a", cost: 6)
        #expect(lru.totalCost == 6)
        #expect(lru.count == 1)
        #expect(lru.value(for: "a") == 2)
    }

    @Test func manyReadsKeepTheAccessLogBounded() {
        var lru = LRUState<Int, Int>(costLimit: 1_000, countLimit: 3)
        for key in 0..<3 { lru.insert(key, for: key, cost: 1) }
        for round in 0..<10_000 { _ = lru.value(for: round % 3) }
        #expect(lru.insert(9, for: 9, cost: 1) == [(10_000 - 3) % 3])
    }

    @Test func imageCacheCountsBitmapBytes() {
        // Given a cache of 2 × (4×4 RGBA) bytes
        let cache = ImageCache(costLimit: 2 * 64, countLimit: 10)
        let key = { (index: Int) in ImageCacheKey(url: "https://x/\(index)", processors: []) }
        for index in 0..<3 { cache.store(ImageContainer(bitmap: Bitmap(width: 4, height: 4)), for: key(index)) }
        // Then only the two most recent fit
        #expect(cache.count == 2)
        #expect(cache.totalCost == 128)
        #expect(cache.image(for: key(0)) == nil)
        #expect(cache.image(for: key(2)) != nil)
    }
}
