import ImageCodecs
import Testing
import Vocabulary

/// A JPEG whose header is damaged but readable (issue 50): its signature's third byte lost, or
/// junk between its markers. libjpeg skips to the next marker, as browsers and chafa do.
@Suite("A JPEG with a damaged but readable header")
struct DamagedJPEGHeaderTests {
    static let partial = DecodingOptions(allowsPartialDecoding: true)

    @Test func aSignatureMissingItsThirdByteIsDrawnAndSaidDamaged() throws {
        // Given coffee.jpg with its third byte (the FF of its first marker) zeroed
        let whole = try TestAssets.bytes("coffee.jpg")
        var damaged = whole
        damaged[2] = 0

        // When decoded with partial decoding allowed, and without
        let image = try ImageDecoder.decode(damaged, options: Self.partial)
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(damaged) }

        // Then it is drawn whole, said damaged in its signature; refused as before by default
        let damage = try #require(image.damage)
        #expect(damage.percent == 100 && !damage.isTruncated)
        #expect(damage.reason == "the JPEG signature is damaged (its third byte is not 0xFF)")
        #expect(image.bitmap == (try ImageDecoder.decode(whole).bitmap))
        #expect(error?.kind == .unsupportedFormat)
        #expect(try ImageDecoder.probe(damaged).format == .jpeg)  // (its header reads: callers probe first)
    }

    @Test func junkBetweenTheHeadersMarkersIsNoDamageToThePicture() throws {
        // Given coffee.jpg with 16 zero bytes after its APP0 segment (before the next marker)
        let whole = try TestAssets.bytes("coffee.jpg")
        let app0End = 4 + (Int(whole[4]) << 8 | Int(whole[5]))
        let junked = Array(whole[..<app0End]) + [UInt8](repeating: 0, count: 16) + Array(whole[app0End...])

        // When decoded with partial decoding allowed
        let image = try ImageDecoder.decode(junked, options: Self.partial)

        // Then it is whole, as a strict decode takes it (libjpeg's "extraneous bytes" warning in the
        // header is not damage to the image data)
        #expect(image.damage == nil)
        #expect(image.bitmap == (try ImageDecoder.decode(junked).bitmap))
    }
}
