import ImageCodecs
import Testing
import Vocabulary

@Suite("Decoding every asset")
struct AssetDecodingTests {
    @Test func assetsArePresent() {
        // Given the package's photo library, Then it holds the photos the feed serves.
        #expect(TestAssets.names.count >= 15)
        #expect(TestAssets.names.contains("horse.png"))
    }

    @Test(arguments: TestAssets.names)
    func decodesAtFullSize(name: String) throws {
        // Given an asset's bytes
        let bytes = try TestAssets.bytes(name)

        // When it is probed and decoded with no target
        let header = try ImageDecoder.probe(bytes)
        let image = try ImageDecoder.decode(bytes)

        // Then the bitmap has the header's size, decoded at 1/1, with real content
        #expect(header.format == (name.hasSuffix(".png") ? .png : .jpeg))
        #expect(image.bitmap.size == header.size)
        #expect(image.scaleDenominator == 1)
        #expect(image.bitmap.byteCount == header.size.pixelCount * 4)
        let grid = stride(from: 0, to: image.bitmap.height, by: 9).flatMap { y in
            stride(from: 0, to: image.bitmap.width, by: 7).map { x in image.bitmap[x, y] }
        }
        #expect(Set(grid).count > 1, "a flat image means the pixels were not decoded")
    }

    @Test(arguments: TestAssets.names)
    func decodesToSmallTarget(name: String) throws {
        // Given an asset and an 80×40 target
        let bytes = try TestAssets.bytes(name)
        let target = PixelSize(width: 80, height: 40)

        // When it is decoded toward the target and filled into it
        let image = try ImageDecoder.decode(bytes, options: DecodingOptions(targetSize: target))
        let thumbnail = image.bitmap.fill(target)

        // Then the decode still covers the target and the thumbnail is exactly the target
        #expect(image.bitmap.width >= target.width && image.bitmap.height >= target.height)
        #expect(thumbnail.size == target)
    }
}
