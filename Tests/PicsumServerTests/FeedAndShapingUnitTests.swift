import Testing
@testable import PicsumServer
import Vocabulary

@Suite("Feed mapping, shaping fates, LRU (no socket)")
struct FeedAndShapingUnitTests {
    let sizes = [PixelSize(width: 512, height: 512), PixelSize(width: 600, height: 400), PixelSize(width: 300, height: 450)]

    @Test func requestCounterTellsRetriesAndStaysBounded() {
        // Given a counter that remembers at most 4 keys
        let counter = RequestCounter(capacity: 4)
        // When a path is asked for three times
        // Then the attempts are 0, 1, 2
        #expect([counter.next("/a"), counter.next("/a"), counter.next("/a")] == [0, 1, 2])
        // When a client asks for 1,000 distinct paths while "/a" keeps being asked for
        var attempts: [Int] = []
        for index in 0..<1_000 {
            _ = counter.next("/x\(index)")
            if index.isMultiple(of: 2) { attempts.append(counter.next("/a")) }
        }
        // Then the counter holds at most its capacity, keeps counting the recent "/a",
        // and has forgotten the old paths (they count as first tries again)
        #expect(counter.count <= 4)
        #expect(attempts == Array(3..<503))
        #expect(counter.next("/x0") == 0)
    }

    @Test func recordedRequestHeadersAreBounded() {
        // Given a hostile request: 100 headers, one 10,000 characters long, one repeated
        var fields = (0..<100).map { (name: "X-H\($0)", value: "v") }
        fields.insert((name: "X-Long", value: String(repeating: "a", count: 10_000)), at: 0)
        fields.insert((name: "Accept", value: "image/jpeg"), at: 0)
        fields.insert((name: "accept", value: "image/png"), at: 1)
        // When the log keeps them
        let headers = RequestLogEntry.recordedHeaders(fields)
        // Then it keeps at most 64, cut to 256 characters, names lowercased, repeats joined
        #expect(headers.count == RequestLogEntry.maxRecordedHeaders)
        #expect(headers["x-long"]?.count == RequestLogEntry.maxRecordedValueLength)
        #expect(headers["accept"] == "image/jpeg, image/png")
        #expect(headers["x-h99"] == nil)
    }

    @Test func feedIsDeterministicAndVaried() {
        // Given two feeds over the same photos / When ids are mapped / Then the mapping repeats exactly.
        let feed = PhotoFeed(photoSizes: sizes, count: 100)
        let again = PhotoFeed(photoSizes: sizes, count: 100)
        #expect((0..<100).map { feed.item($0) } == (0..<100).map { again.item($0) })
        // Neighbouring ids show different photos; crops stay inside their photo with a sane aspect.
        for id in 0..<99 {
            let item = try! #require(feed.item(id))
            #expect(item.photoIndex != feed.item(id + 1)?.photoIndex)
            let photo = sizes[item.photoIndex]
            #expect(item.crop.x >= 0 && item.crop.y >= 0)
            #expect(item.crop.x + item.crop.width <= photo.width && item.crop.y + item.crop.height <= photo.height)
            let aspect = Double(item.crop.width) / Double(item.crop.height)
            #expect(aspect > 0.5 && aspect < 2)
        }
        #expect(Set((0..<100).compactMap { feed.item($0)?.mirrored }).count == 2)
        #expect(Set((0..<100).compactMap { feed.item($0)?.author }).count > 10)
        #expect((0..<100).contains { feed.item($0)?.author.unicodeScalars.contains { !$0.isASCII } == true })
        #expect(feed.item(100) == nil && feed.item(-1) == nil)
        #expect(feed.id(forSeed: "abc") == again.id(forSeed: "abc"))
    }

    @Test func fatesAreSeededAndReproducible() {
        // Given a shaping with every rate at one half / When fates are decided twice / Then they match.
        let shaping = NetworkShaping(failureRate: 0.5, stallRate: 0.5, truncateRate: 0.5, seed: 42)
        let targets = (0..<200).map { "/id/\($0)/100/100" }
        let first = targets.map { ShapingFate.decide(target: $0, attempt: 0, shaping: shaping) }
        let second = targets.map { ShapingFate.decide(target: $0, attempt: 0, shaping: shaping) }
        #expect(first == second)
        // Every kind of fate shows up, and another seed gives another sequence.
        #expect(first.contains(.fail) && first.contains(.stall) && first.contains(.deliver))
        #expect(first.contains { if case .truncate = $0 { true } else { false } })
        var other = shaping
        other.seed = 43
        #expect(targets.map { ShapingFate.decide(target: $0, attempt: 0, shaping: other) } != first)
        // A failed first attempt is followed, sooner or later, by a delivered retry.
        let failing = try! #require(targets.first { ShapingFate.decide(target: $0, attempt: 0, shaping: shaping) == .fail })
        #expect((1..<50).contains { ShapingFate.decide(target: failing, attempt: $0, shaping: shaping) != .fail })
    }

    @Test func extremeRates() {
        let always = NetworkShaping(failureRate: 1, seed: 1)
        let never = NetworkShaping(seed: 1)
        for n in 0..<100 {
            #expect(ShapingFate.decide(target: "/\(n)", attempt: n, shaping: always) == .fail)
            #expect(ShapingFate.decide(target: "/\(n)", attempt: n, shaping: never) == .deliver)
        }
    }

    @Test func shapingValidation() {
        #expect(throws: PicsumServerError.self) { try NetworkShaping(failureRate: 1.5).validate() }
        #expect(throws: PicsumServerError.self) { try NetworkShaping(stallRate: -0.1).validate() }
        #expect(throws: PicsumServerError.self) { try NetworkShaping(bandwidth: 0).validate() }
        #expect(throws: PicsumServerError.self) { try NetworkShaping(latency: .milliseconds(-1)).validate() }
        #expect(throws: Never.self) { try NetworkShaping(latency: .milliseconds(5), bandwidth: 10, truncateRate: 1).validate() }
    }

    @Test func lruEvictsLeastRecentlyUsedWithinCost() {
        // Given a cache of cost 10 / When a third entry overflows it / Then the least recently used goes.
        var cache = CostLimitedLRU<String, Int>(costLimit: 10, countLimit: 10)
        cache.insert(1, for: "a", cost: 4)
        cache.insert(2, for: "b", cost: 4)
        _ = cache.value(for: "a")
        cache.insert(3, for: "c", cost: 4)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1 && cache.value(for: "c") == 3)
        #expect(cache.totalCost == 8)
        cache.insert(9, for: "huge", cost: 11)
        #expect(cache.value(for: "huge") == nil && cache.count == 2)
    }
}
