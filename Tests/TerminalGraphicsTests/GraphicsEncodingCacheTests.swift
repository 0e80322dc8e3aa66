import ImageCodecs
import Testing
@testable import TerminalGraphics
import Vocabulary

/// The encodings a screen keeps: bounded by bytes as well as by count, the least recently used
/// going first, one at a time, and never those of the pictures on screen.
@Suite("Graphics encoding cache")
struct GraphicsEncodingCacheTests {
    private let graphics = SixelGraphics()

    /// A distinct 4×4 picture for each seed.
    private func image(_ seed: UInt8) -> TerminalImage {
        TerminalImage(bitmap: Bitmap(width: 4, height: 4, fill: RGBA(seed, 0, 0)), cells: CellSize(columns: 1, rows: 1), graphics: graphics)
    }

    private func bytes(_ count: Int) -> [UInt8] { [UInt8](repeating: 7, count: count) }

    @Test func beyondItsBytesTheLeastRecentlyUsedGoFirst() {
        // Given a cache of 250 bytes holding a and b (100 bytes each), a used since b was made
        var cache = GraphicsEncodingCache(capacity: 10, byteLimit: 250)
        let (a, b, c) = (image(1), image(2), image(3))
        _ = cache.value(for: a, by: graphics) { bytes(100) }
        cache.markShown([])
        _ = cache.value(for: b, by: graphics) { bytes(100) }
        cache.markShown([])
        _ = cache.value(for: a, by: graphics) { bytes(1) }
        cache.markShown([])

        // When c (100 bytes) is kept
        _ = cache.value(for: c, by: graphics) { bytes(100) }

        // Then b went, a and c stay, and the bytes kept are theirs
        #expect(!cache.contains(b, by: graphics))
        #expect(cache.contains(a, by: graphics) && cache.contains(c, by: graphics))
        #expect(cache.byteCount == 200)
    }

    @Test func picturesOnScreenStayPastTheLimitAndGoOnceTheyLeave() {
        // Given a cache of 150 bytes, and two pictures of 100 bytes each on screen
        var cache = GraphicsEncodingCache(capacity: 10, byteLimit: 150)
        let (a, b, c) = (image(1), image(2), image(3))
        cache.markShown([a, b])
        cache.insert(bytes(100), forImage: a.id, by: graphics)
        cache.insert(bytes(100), forImage: b.id, by: graphics)
        cache.markShown([a, b])

        // Then both stay, past the limit
        #expect(cache.count == 2 && cache.byteCount == 200)

        // When a leaves the screen and c comes
        cache.markShown([b, c])
        cache.insert(bytes(100), forImage: c.id, by: graphics)

        // Then a goes, and b and c stay
        #expect(!cache.contains(a, by: graphics))
        #expect(cache.contains(b, by: graphics) && cache.contains(c, by: graphics))
        #expect(cache.byteCount == 200)
    }

    @Test func beyondItsCountTheLeastRecentlyUsedGoOneAtATime() {
        // Given a cache of 2 entries holding a then b
        var cache = GraphicsEncodingCache(capacity: 2)
        let (a, b, c) = (image(1), image(2), image(3))
        cache.insert(bytes(1), forImage: a.id, by: graphics)
        cache.markShown([])
        cache.insert(bytes(1), forImage: b.id, by: graphics)
        cache.markShown([])

        // When c is kept
        cache.insert(bytes(1), forImage: c.id, by: graphics)

        // Then only a went
        #expect(cache.count == 2)
        #expect(!cache.contains(a, by: graphics) && cache.contains(b, by: graphics))
    }

    @Test func aTakenOrReplacedEncodingNoLongerWeighs() {
        var cache = GraphicsEncodingCache()
        let a = image(1)
        cache.insert(bytes(100), forImage: a.id, by: graphics)
        cache.insert(bytes(40), forImage: a.id, by: graphics)
        #expect(cache.byteCount == 40)
        #expect(cache.take(for: a, by: graphics) as? [UInt8] == bytes(40))
        #expect(cache.byteCount == 0 && cache.count == 0)
    }

    @Test func aSixelPictureWeighsItsBandsAndIndices() throws {
        // Given a 40×40 sixel picture prepared
        var bitmap = Bitmap(width: 40, height: 40)
        for y in 0..<40 { for x in 0..<40 { bitmap[x, y] = RGBA(UInt8(x * 6), UInt8(y * 6), 90) } }
        let picture = TerminalImage(bitmap: bitmap, cells: CellSize(columns: 4, rows: 2), graphics: graphics)
        let prepared = try #require(graphics.prepare(picture, transport: GraphicsTransport()))

        // When it is kept
        var cache = GraphicsEncodingCache()
        cache.insert(prepared, forImage: picture.id, by: graphics)

        // Then it weighs at least its bands and one byte a pixel
        let bands = SixelGraphics.prepared(picture).bands
        #expect(cache.byteCount >= bands.byteCount + 40 * 40)
    }
}
