@_spi(Testing) @testable import ImageCodecs
import Testing

/// A photograph's PNG made on two threads (`pf_png_encode_photograph`): the rows deflated in two
/// halves that join into one stream. libpng (with its CRC and Adler-32 checks) must read back
/// exactly the pixels, whatever the size, and the bytes must be libpng's own give or take a few.
@Suite("PNG: a photograph in two halves")
struct PNGPhotographTests {
    /// Smooth gradients with grain, from a seed.
    static func photo(width: Int, height: Int, seed: Int = 0) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let grain = UInt8((x * 7 + y * 13 + seed) % 11)
                bitmap[x, y] = RGBA(
                    UInt8(x * 200 / max(1, width)) &+ grain, UInt8(y * 200 / max(1, height)) &+ grain, UInt8((x + y + seed) % 256))
            }
        }
        return bitmap
    }

    @Test(arguments: [(1, 1), (1, 2), (3, 1), (640, 1), (1, 700), (400, 250), (401, 251), (256, 256)])
    func readsBackExactlyOnOneThreadAndOnTwo(width: Int, height: Int) throws {
        // Given a photo-like picture (sizes below and above the two-thread threshold, odd and even rows)
        let bitmap = Self.photo(width: width, height: height, seed: width ^ height)
        for threads in [1, 2] {
            // When it is encoded as a photograph on one thread and on two
            let png = try PNGEncoder.encodePhotograph(bitmap, threads: threads)
            // Then it is an RGB PNG whose pixels are the bitmap's exactly
            #expect(png[25] == 2, "colour type, \(width)×\(height), \(threads) threads")
            #expect(try ImageDecoder.decode(png).bitmap.bytes == bitmap.bytes, "\(width)×\(height), \(threads) threads")
        }
    }

    @Test func aPaddedBitmapLeavesItsPaddingOut() throws {
        // Given a bitmap whose rows carry padding, large enough for two threads
        let source = Self.photo(width: 300, height: 240)
        var rows: [UInt8] = []
        let padding = [UInt8](repeating: 0xEE, count: 8)
        for y in 0..<240 {
            rows += source.bytes[(y * 1200)..<(y * 1200 + 1200)]
            rows += padding
        }
        let padded = try Bitmap(width: 300, height: 240, bytesPerRow: 300 * 4 + 8, rgba: rows)
        // When encoded
        let png = try PNGEncoder.encodePhotograph(padded, threads: 2)
        // Then the padding never reaches a pixel
        #expect(try ImageDecoder.decode(png).bitmap.bytes == source.bytes)
    }

    @Test func aboutAsManyBytesAsLibpngWritesForTheSameSettings() throws {
        // Given a 400×250 photo-like picture
        let bitmap = Self.photo(width: 400, height: 250, seed: 5)
        // When it is encoded in two halves, and by libpng with the same filter and strategy
        let halves = try PNGEncoder.encodePhotograph(bitmap, threads: 2)
        var raw = PNGEncoder.RawImage(
            samples: bitmap.packedSamples(alpha: false), bytesPerRow: 1200, size: bitmap.size, colorType: .rgb, bitDepth: 8)
        raw.compressionLevel = 1
        raw.compressionStrategy = PNGEncoder.Strategy.huffmanOnly
        raw.filters = 64
        let libpng = try PNGEncoder.encode(raw)
        // Then the sizes differ by less than 2 % (the halves have their own Huffman tables)
        let difference = abs(halves.count - libpng.count)
        #expect(difference * 50 < libpng.count, "\(halves.count) bytes against libpng's \(libpng.count)")
        // And encodeOpaque with .photograph is this encoder
        #expect(try PNGEncoder.encodeOpaque(bitmap, compression: .photograph) == halves)
    }
}
