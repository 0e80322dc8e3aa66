import ImageCodecs
import Testing
import Vocabulary

@Suite("Animations a frame at a time")
struct AnimationDecoderTests {
    @Test func gifFramesAreCompositedWithTheirDisposalAndTransparency() throws {
        // Given the GIF whose frames are: magenta/green; a blue square with transparent pixels
        // over it (disposal background); a yellow square alone (disposal previous)
        let decoder = try AnimationDecoder(try FormatAssets.bytes("animated.gif"), frameSize: PixelSize(width: 48, height: 32))
        // When its frames are read one after another, past the end
        let frames = try (0..<4).map { _ in try decoder.nextFrame() }
        // Then each is the canvas as a browser composites it, for 200 ms, and the loop starts again
        #expect(decoder.info == AnimationInfo(canvasSize: PixelSize(width: 48, height: 32), frameCount: 3, loopCount: nil))
        #expect(frames.map(\.index) == [0, 1, 2, 0])
        #expect(frames.allSatisfy { $0.duration == .milliseconds(200) })
        #expect(frames[0].bitmap[2, 2] == RGBA(255, 0, 255, 255))
        #expect(frames[0].bitmap[24, 16] == RGBA(0, 255, 0, 255))
        // Transparent pixels of frame 1 leave frame 0 showing through.
        #expect(frames[1].bitmap[2, 2] == RGBA(255, 0, 255, 255))
        #expect(frames[1].bitmap[24, 16] == RGBA(0, 0, 255, 255))
        // Frame 1 was disposed to the background (transparent) before frame 2.
        #expect(frames[2].bitmap[2, 2].a == 0)
        #expect(frames[2].bitmap[12, 8] == RGBA(255, 255, 0, 255))
        #expect(frames[3].bitmap.bytes == frames[0].bitmap.bytes)
    }

    @Test func webpFramesComeFromTheAnimationDecoder() throws {
        // Given the animated WebP: a photo, then half-transparent red and blue squares, each
        // after its predecessor was disposed to the background
        let decoder = try AnimationDecoder(try FormatAssets.bytes("animated.webp"), frameSize: PixelSize(width: 96, height: 64))
        // When three frames are read
        let frames = try (0..<3).map { _ in try decoder.nextFrame() }
        // Then they are 300 ms each, looping forever, composited as libwebp does
        #expect(decoder.info.loopCount == nil)
        #expect(decoder.info.frameCount == 3)
        #expect(frames.allSatisfy { $0.duration == .milliseconds(300) })
        #expect(frames[0].bitmap[2, 2].a == 255)
        #expect(frames[1].bitmap[2, 2].a == 0)
        let red = frames[1].bitmap[20, 20]
        #expect(red.r > 240 && red.g < 16 && (120...136).contains(red.a))
        let blue = frames[2].bitmap[60, 30]
        #expect(blue.b > 240 && (120...136).contains(blue.a))
    }

    @Test func framesComeOutAtTheThumbnailSize() throws {
        // Given an animation and a thumbnail a quarter of its canvas
        let decoder = try AnimationDecoder(try FormatAssets.bytes("animated.webp"), frameSize: PixelSize(width: 24, height: 16))
        // When a frame is read
        let frame = try decoder.nextFrame()
        // Then it has the thumbnail's size and the photo's colours
        #expect(frame.bitmap.size == PixelSize(width: 24, height: 16))
        let full = try ImageDecoder.decode(try FormatAssets.bytes("animated.webp")).bitmap.resized(to: frame.bitmap.size)
        let difference = try #require(FormatAssets.meanDifference(frame.bitmap, full))
        #expect(difference < 4)
    }

    @Test func aGIFCutShortPlaysTheFramesItHolds() throws {
        // Given the animated GIF cut in the middle of its last frame
        let whole = try FormatAssets.bytes("animated.gif")
        let cut = Array(whole.prefix(whole.count - 12))
        let decoder = try AnimationDecoder(cut, frameSize: PixelSize(width: 48, height: 32))
        // When more frames are asked for than it holds
        let indices = try (0..<5).map { _ in try decoder.nextFrame().index }
        // Then the broken frame ends the loop: the frames before it play, over and over
        #expect(indices == [0, 1, 0, 1, 0])
        #expect(decoder.frameCount == 2)
    }

    @Test func oneLoopOfACutGIFIsTheFramesBeforeTheBreak() throws {
        // Given the same cut GIF, and the whole one
        let whole = try FormatAssets.bytes("animated.gif")
        let size = PixelSize(width: 48, height: 32)
        let cut = try AnimationDecoder(Array(whole.prefix(whole.count - 12)), frameSize: size)
        let intact = try AnimationDecoder(whole, frameSize: size)

        // When one loop of each is taken, Then the cut one ends at its broken frame, never
        // wrapping round to its first again, and the whole one holds every frame
        #expect(cut.loopFrames().map(\.index) == [0, 1])
        #expect(intact.loopFrames().map(\.index) == Array(0..<intact.info.frameCount))
    }

    @Test func aStillIsNoAnimation() throws {
        // Given a JPEG-less still: a one-frame GIF and a PNG
        for name in ["still.gif", "upright.png"] {
            // When opened as an animation
            // Then the still GIF opens with one frame; the PNG is refused by name
            if name.hasSuffix(".gif") {
                let decoder = try AnimationDecoder(try FormatAssets.bytes(name), frameSize: PixelSize(width: 96, height: 64))
                #expect(decoder.info.frameCount == 1)
                #expect(try decoder.nextFrame().index == 0)
                #expect(try decoder.nextFrame().index == 0)
            } else {
                #expect(throws: ImageCodecError.self) {
                    _ = try AnimationDecoder(try FormatAssets.bytes(name), frameSize: PixelSize(width: 96, height: 64))
                }
            }
        }
    }

    @Test func aScreenTooLargeToAnimateIsRefusedBeforeAnyCanvas() throws {
        // Given a GIF header claiming a 65535 × 65535 screen (4.3 gigapixels)
        var bytes = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00]
        bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
        // When it is opened as an animation
        // Then it is an error value, no canvas allocated
        #expect(throws: ImageCodecError.self) {
            _ = try AnimationDecoder(bytes, frameSize: PixelSize(width: 80, height: 40))
        }
    }
}

@Suite("APNG played a frame at a time")
struct APNGAnimationTests {
    @Test func framesAreBlendedAndDisposedAsTheirControlChunksSay() throws {
        // Given the APNG: a magenta/green canvas; a half-transparent red square blended over it
        // (disposed to the background after); a blue square replacing pixels (disposed to the previous)
        let bytes = try FormatAssets.bytes("animated.png")
        #expect(try ImageDecoder.probe(bytes).frameCount == 3)
        let decoder = try AnimationDecoder(bytes, frameSize: PixelSize(width: 48, height: 32))
        // When four frames are read
        let frames = try (0..<4).map { _ in try decoder.nextFrame() }
        // Then each is composited as the format says, 200 ms each, looping forever
        #expect(decoder.info == AnimationInfo(canvasSize: PixelSize(width: 48, height: 32), frameCount: 3, loopCount: nil))
        #expect(frames.map(\.index) == [0, 1, 2, 0])
        #expect(frames.allSatisfy { $0.duration == .milliseconds(200) })
        #expect(frames[0].bitmap[2, 2] == RGBA(255, 0, 255, 255))
        #expect(frames[0].bitmap[30, 20] == RGBA(0, 255, 0, 255))
        let blended = frames[1].bitmap[6, 6]
        #expect(blended.r == 255 && blended.g == 0 && (120...135).contains(blended.b) && blended.a == 255, "\(blended)")
        #expect(frames[1].bitmap[2, 2] == RGBA(255, 0, 255, 255))
        #expect(frames[2].bitmap[6, 6].a == 0)
        #expect(frames[2].bitmap[30, 20] == RGBA(0, 0, 255, 255))
        #expect(frames[3].bitmap.bytes == frames[0].bitmap.bytes)
    }

    @Test func aStillPNGIsNoAnimationAndBrokenChunksAreErrors() throws {
        // Given a still PNG, and the APNG with a frame control that leaves the canvas
        let still = try FormatAssets.bytes("upright.png")
        var broken = try FormatAssets.bytes("animated.png")
        // The second fcTL's x offset (at its payload + 12) set to 40: 40 + 16 > 48.
        let second = try #require(Self.offsets(of: "fcTL", in: broken).dropFirst().first)
        broken[second + 8 + 12 + 3] = 40
        let checksum = Self.crc(Array(broken[(second + 4)..<(second + 34)]))
        for index in 0..<4 { broken[second + 34 + index] = UInt8(truncatingIfNeeded: checksum >> (24 - 8 * UInt32(index))) }
        // Then the still has one frame and is refused as an animation; the broken one is an error
        #expect(try ImageDecoder.probe(still).frameCount == 1)
        #expect(throws: ImageCodecError.self) { _ = try AnimationDecoder(still, frameSize: PixelSize(width: 96, height: 64)) }
        #expect(throws: ImageCodecError.self) { _ = try AnimationDecoder(broken, frameSize: PixelSize(width: 48, height: 32)) }
        // And a frame's data changed under its CRC is refused before it is rewritten into a PNG
        var flipped = try FormatAssets.bytes("animated.png")
        let data = try #require(Self.offsets(of: "fdAT", in: flipped).first)
        flipped[data + 8 + 6] ^= 0x10
        #expect(throws: ImageCodecError.self) { _ = try AnimationDecoder(flipped, frameSize: PixelSize(width: 48, height: 32)) }
    }

    /// PNG's CRC-32 (to forge chunks that pass it).
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    static func offsets(of type: String, in bytes: [UInt8]) -> [Int] {
        let pattern = Array(type.utf8)
        return (4..<(bytes.count - 4)).filter { Array(bytes[$0..<($0 + 4)]) == pattern }.map { $0 - 4 }
    }
}

extension APNGAnimationTests {
    @Test func aSecondIHDRIsAnErrorNotALargerCanvas() throws {
        // Given the APNG with a second IHDR after its image data claiming 53 × 53,792 pixels
        // (found by the thumbnail fuzzer: the canvas came from the last IHDR, libpng reads the first)
        var bytes = try FormatAssets.bytes("animated.png")
        let end = try #require(APNGAnimationTests.offsets(of: "IEND", in: bytes).first)
        var ihdr = Array(bytes[16..<29])
        ihdr[0...7] = [0, 0, 0, 53, 0, 0, 0xD2, 0x20][...]
        var crc = [UInt8](repeating: 0, count: 4)
        let checksum = APNGAnimationTests.crc(Array("IHDR".utf8) + ihdr)
        for index in 0..<4 { crc[index] = UInt8(truncatingIfNeeded: checksum >> (24 - 8 * UInt32(index))) }
        let chunk: [UInt8] = [0, 0, 0, 13] + Array("IHDR".utf8) + ihdr + crc
        bytes.insert(contentsOf: chunk, at: end)
        // When it is opened as an animation
        // Then it is refused, no canvas made
        #expect(throws: ImageCodecError.self) { _ = try AnimationDecoder(bytes, frameSize: PixelSize(width: 48, height: 32)) }
    }
}

extension AnimationDecoderTests {
    @Test func webpFramesBlendOverTheCanvasWhenTheySaySo() throws {
        // Given a WebP whose second and third frames are half-transparent squares blended over the
        // photo and kept (dispose none)
        let decoder = try AnimationDecoder(
            try FormatAssets.bytes("animated-blend.webp"), frameSize: PixelSize(width: 96, height: 64))
        // When its frames are read
        let frames = try (0..<3).map { _ in try decoder.nextFrame() }
        // Then each square is half its colour, half the photo under it, and opaque; and the red
        // square stays when the blue one comes
        func expectBlend(_ pixel: RGBA, of color: RGBA, over photo: RGBA) {
            func mixed(_ top: UInt8, _ below: UInt8) -> Int { (Int(top) * 128 + Int(below) * 127) / 255 }
            #expect(abs(Int(pixel.r) - mixed(color.r, photo.r)) <= 4, "\(pixel) vs \(photo)")
            #expect(abs(Int(pixel.g) - mixed(color.g, photo.g)) <= 4, "\(pixel) vs \(photo)")
            #expect(abs(Int(pixel.b) - mixed(color.b, photo.b)) <= 4, "\(pixel) vs \(photo)")
            #expect(pixel.a == 255)
        }
        let photo = frames[0].bitmap
        expectBlend(frames[1].bitmap[20, 20], of: RGBA(255, 0, 0), over: photo[20, 20])
        expectBlend(frames[2].bitmap[60, 30], of: RGBA(0, 0, 255), over: photo[60, 30])
        #expect(frames[2].bitmap[20, 20] == frames[1].bitmap[20, 20])
        #expect(frames[1].bitmap[2, 2] == photo[2, 2])
    }
}
