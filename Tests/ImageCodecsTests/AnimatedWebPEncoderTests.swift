import ImageCodecs
import Testing
import Vocabulary

@Suite("Animated WebP encoding")
struct AnimatedWebPEncoderTests {
    private func frame(_ index: Int, _ colour: RGBA, milliseconds: Int, size: PixelSize = PixelSize(width: 32, height: 20)) -> AnimationFrame {
        AnimationFrame(index: index, bitmap: Bitmap(width: size.width, height: size.height, fill: colour), duration: .milliseconds(milliseconds))
    }

    @Test func framesAndTheirDurationsComeBackThroughTheDecoder() throws {
        // Given three frames of three colours, shown 100, 200 and 300 ms, looping twice
        let colours = [RGBA(255, 0, 0, 255), RGBA(0, 255, 0, 255), RGBA(0, 0, 255, 255)]
        let frames = colours.enumerated().map { frame($0.offset, $0.element, milliseconds: 100 * ($0.offset + 1)) }

        // When they are encoded
        let webp = try AnimatedWebPEncoder.encode(frames, loopCount: 2, quality: 90)

        // Then the file is an animated WebP of their size that plays them back, in order, for
        // their durations, twice
        let header = try ImageDecoder.probe(webp)
        #expect(header.format == .webp && header.isAnimated && header.size == PixelSize(width: 32, height: 20))
        let decoder = try AnimationDecoder(webp, frameSize: PixelSize(width: 32, height: 20))
        #expect(decoder.info == AnimationInfo(canvasSize: PixelSize(width: 32, height: 20), frameCount: 3, loopCount: 2))
        for (index, colour) in colours.enumerated() {
            let played = try decoder.nextFrame()
            #expect(played.duration == .milliseconds(100 * (index + 1)))
            let pixel = played.bitmap[16, 10]
            #expect(abs(Int(pixel.r) - Int(colour.r)) < 16 && abs(Int(pixel.g) - Int(colour.g)) < 16
                && abs(Int(pixel.b) - Int(colour.b)) < 16, "frame \(index): \(pixel)")
        }
    }

    @Test func noFramesOrFramesOfDifferentSizesAreRefused() {
        // Given no frames, and two frames of different sizes
        let mixed = [
            frame(0, RGBA(255, 0, 0, 255), milliseconds: 100),
            frame(1, RGBA(0, 255, 0, 255), milliseconds: 100, size: PixelSize(width: 10, height: 10)),
        ]
        // When they are encoded / Then each is an invalid argument, never a file
        #expect(throws: ImageCodecError.self) { try AnimatedWebPEncoder.encode([], loopCount: nil) }
        #expect(throws: ImageCodecError.self) { try AnimatedWebPEncoder.encode(mixed, loopCount: nil) }
    }
}
