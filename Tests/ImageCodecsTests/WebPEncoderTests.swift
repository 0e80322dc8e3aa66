import Testing

@testable import ImageCodecs

/// The WebP encoder the embedded server uses: lossy, alpha kept, bad sizes refused in words.
@Suite("WebP encoder")
struct WebPEncoderTests {
    @Test func aBitmapRoundTripsThroughLibwebp() throws {
        // Given a 64×40 gradient with a transparent corner
        var bitmap = Bitmap(width: 64, height: 40)
        for y in 0..<40 {
            for x in 0..<64 { bitmap[x, y] = RGBA(UInt8(x * 4), UInt8(y * 6), 128, x < 8 && y < 8 ? 0 : 255) }
        }
        // When it is encoded and decoded again
        let webp = try WebPEncoder.encode(bitmap, quality: 90)
        let decoded = try ImageDecoder.decode(webp).bitmap
        // Then it is a WebP of the same size, close in colour, and the corner is still transparent
        #expect(ImageFormat.sniff(webp) == .webp)
        #expect(decoded.size == bitmap.size)
        #expect(decoded[2, 2].a < 16)
        #expect(abs(Int(decoded[40, 30].r) - 160) < 12)
        #expect(abs(Int(decoded[40, 30].g) - 180) < 12)
    }

    @Test func anEmptyOrHugeBitmapIsRefusedInWords() {
        #expect(throws: ImageCodecError.self) { try WebPEncoder.encode(Bitmap(width: 0, height: 0)) }
        #expect(throws: ImageCodecError.self) { try WebPEncoder.encode(Bitmap(width: 16_384, height: 1)) }
    }
}
