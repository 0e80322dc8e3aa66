import ImageCodecs
import Testing
import Vocabulary

/// Opaque pictures as RGB PNGs (what a terminal is sent): exact, and smaller for more effort.
@Suite("PNG: opaque encoding")
struct PNGOpaqueEncodingTests {
    /// A photo-like bitmap: smooth gradients with a little texture.
    private func photoLike(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let grain = UInt8((x * 7 + y * 13) % 11)
                bitmap[x, y] = RGBA(UInt8(x * 200 / width) &+ grain, UInt8(y * 200 / height) &+ grain, UInt8((x + y) % 256))
            }
        }
        return bitmap
    }

    @Test func anOpaqueBitmapIsAnRGBPNGOfExactlyItsPixels() throws {
        let bitmap = photoLike(width: 120, height: 80)
        let png = try PNGEncoder.encodeOpaque(bitmap)
        // Colour type 2 (RGB, no alpha) in IHDR, and the pixels back exactly
        #expect(png[25] == 2)
        #expect(try ImageDecoder.decode(png).bitmap.bytes == bitmap.bytes)
    }

    @Test func theCompressionLevelIsHonoured() throws {
        let bitmap = photoLike(width: 200, height: 150)
        let fast = try PNGEncoder.encodeOpaque(bitmap, compression: .init(level: 1))
        let lazy = try PNGEncoder.encodeOpaque(bitmap, compression: .init(level: 4))
        // Different bytes (the level reached zlib), both decoding to the same pixels
        #expect(fast != lazy)
        #expect(lazy.count < fast.count)
        #expect(try ImageDecoder.decode(fast).bitmap.bytes == ImageDecoder.decode(lazy).bitmap.bytes)
    }

    @Test func aPhotographCompressesAsWellAsLevelFourWithAdaptiveFiltersWithoutTheMatchSearch() throws {
        // Given a photograph resized to what a terminal is sent (about 400×266)
        let bytes = try TestAssets.bytes("coffee.jpg")
        let photo = try ImageDecoder.decode(bytes).bitmap.fit(into: PixelSize(width: 400, height: 400))

        // When it is encoded for a terminal (Average filter, Huffman codes only) and as before (adaptive, level 4)
        let photograph = try PNGEncoder.encodeOpaque(photo, compression: .photograph)
        let levelFour = try PNGEncoder.encodeOpaque(photo, compression: .init(level: 4))

        // Then its pixels come back exactly, the strategy and the filter reached zlib and libpng
        // (other bytes), and it costs at most a tenth more bytes than level 4's match search
        #expect(try ImageDecoder.decode(photograph).bitmap.bytes == photo.bytes)
        #expect(photograph != levelFour)
        #expect(Double(photograph.count) <= Double(levelFour.count) * 1.1, "\(photograph.count) against \(levelFour.count)")
    }
}
