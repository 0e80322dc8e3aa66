import Foundation
import ImageCodecs
import Testing

@testable import PicsumServer
import Vocabulary

/// Animations served at the size asked for: scaled to cover it as an animated WebP, or their
/// file when they are asked for at their own size or larger.
@Suite("Animation renderer")
struct AnimationRendererTests {
    private static let animated = Fixtures.assets.appendingPathComponent("animated")

    private func photo(_ name: String) throws -> Photo {
        let url = Self.animated.appendingPathComponent(name)
        return Photo(name: name, url: url, header: try ImageDecoder.probe([UInt8](try Data(contentsOf: url))))
    }

    @Test func theScaledSizeCoversTheRequestWithTheCanvasAspect() {
        // Given a 180×120 canvas
        let canvas = PixelSize(width: 180, height: 120)
        // When it is asked for wider, taller, at its aspect, and at its size or larger
        // Then it covers the request on both axes with its own aspect, and is never enlarged
        #expect(AnimationRenderer.scaledSize(canvas: canvas, covering: PixelSize(width: 72, height: 36)) == PixelSize(width: 72, height: 48))
        #expect(AnimationRenderer.scaledSize(canvas: canvas, covering: PixelSize(width: 30, height: 60)) == PixelSize(width: 90, height: 60))
        #expect(AnimationRenderer.scaledSize(canvas: canvas, covering: PixelSize(width: 90, height: 60)) == PixelSize(width: 90, height: 60))
        #expect(AnimationRenderer.scaledSize(canvas: canvas, covering: PixelSize(width: 7, height: 5)) == PixelSize(width: 8, height: 5))
        #expect(AnimationRenderer.scaledSize(canvas: canvas, covering: PixelSize(width: 180, height: 10)) == nil)
        #expect(AnimationRenderer.scaledSize(canvas: canvas, covering: PixelSize(width: 400, height: 300)) == nil)
    }

    @Test func aThumbnailOfAGIFIsASmallAnimatedWebPOfEveryFrame() throws {
        // Given the 180×120 GIF of the assets (150 KB)
        let gif = try photo("chelsea-pan.gif")
        let file = try gif.contents()
        let original = try AnimationDecoder(file, frameSize: gif.size)

        // When it is asked for as a 72×36 thumbnail
        let image = try AnimationRenderer.render(gif, mediaType: "image/gif", asked: PixelSize(width: 72, height: 36), quality: 85)

        // Then it is an animated WebP of 72×48 with every frame and the same timing, a tenth of
        // the file or less
        let bytes = Array(image.bytes.readableBytesView)
        #expect(image.mediaType == "image/webp")
        let header = try ImageDecoder.probe(bytes)
        #expect(header.format == .webp && header.size == PixelSize(width: 72, height: 48))
        let scaled = try AnimationDecoder(bytes, frameSize: header.size)
        #expect(scaled.info.frameCount == original.info.frameCount && scaled.info.frameCount > 1)
        #expect(scaled.info.loopCount == original.info.loopCount)
        #expect(try scaled.nextFrame().duration == original.nextFrame().duration)
        #expect(bytes.count * 10 <= file.count, "\(bytes.count) bytes of \(file.count)")
    }

    @Test func atItsOwnSizeOrLargerTheFileIsServedAsItIs() throws {
        // Given the GIF and the animated WebP of the assets
        for (name, mediaType) in [("chelsea-pan.gif", "image/gif"), ("rocket-astronaut-fade.webp", "image/webp")] {
            let animation = try photo(name)
            // When each is asked for at its canvas size and at twice it
            for factor in [1, 2] {
                let asked = PixelSize(width: animation.size.width * factor, height: animation.size.height * factor)
                let image = try AnimationRenderer.render(animation, mediaType: mediaType, asked: asked, quality: 85)
                // Then the answer is the file, with its own media type
                #expect(Array(image.bytes.readableBytesView) == (try animation.contents()), "\(name) ×\(factor)")
                #expect(image.mediaType == mediaType)
            }
        }
    }
}
