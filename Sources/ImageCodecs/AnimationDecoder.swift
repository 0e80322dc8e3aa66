import CImageShim
public import Vocabulary

/// Plays an animated GIF, WebP or PNG (APNG) a frame at a time, each frame at a thumbnail's size.
///
/// The decoder holds the library's cursor (giflib's record walk, `WebPAnimDecoder`), one canvas
/// (two for GIF's "restore to previous") and a copy of the file; nothing grows with the frame
/// count. Each ``nextFrame()`` composites the next frame on the canvas, area-averages it by the
/// largest integer factor that still covers ``frameSize``, then resizes it to exactly that size
/// (the size of the still picture the pipeline made, so frames replace it in place). After the
/// last frame the next call starts the loop again.
///
/// Bounds: the canvas at most 2²⁴ pixels (4096 × 4096, 64 MiB), at most 10,000 frames a loop,
/// a GIF frame at most 4 canvases of LZW work. A frame that fails after the first ends the
/// loop there (a file cut short plays what it holds).
///
/// Not `Sendable`: one owner (an actor) uses it at a time.
///
/// ```swift
/// let decoder = try AnimationDecoder(bytes, frameSize: PixelSize(width: 80, height: 40))
/// let frame = try decoder.nextFrame()   // frame.index 0, frame.duration 300 ms
/// ```
public final class AnimationDecoder {
    /// What the file says about its animation.
    public let info: AnimationInfo
    /// The size of every frame this decoder returns (displayed orientation).
    public let frameSize: PixelSize

    /// The shim's handle (GIF, WebP), or the APNG reader.
    private let handle: OpaquePointer?
    private var apng: APNGAnimation?
    private let format: ImageFormat
    private let orientation: ExifOrientation
    /// The canvas after the area average (stored orientation).
    private let reducedSize: PixelSize

    /// Opens `bytes` (a GIF or an animated WebP, sniffed from the bytes) to play at `frameSize`.
    /// Throws for another format, a still, a canvas over the bound, or a file whose first frame
    /// cannot be read.
    public init(_ bytes: [UInt8], frameSize: PixelSize) throws(ImageCodecError) {
        let header: ImageHeader
        do {
            header = try ImageDecoder.probe(bytes)
        } catch let error as ImageCodecError {
            throw error
        } catch {
            throw .decoder(String(describing: error))
        }
        guard !frameSize.isEmpty else { throw .invalidArgument("an empty frame size") }
        if header.format == .png {
            let apng = try APNGAnimation(bytes)
            self.apng = apng
            self.handle = nil
            self.format = .png
            self.orientation = .up
            self.frameSize = frameSize
            self.reducedSize = apng.canvasSize
            self.info = AnimationInfo(
                canvasSize: apng.canvasSize, frameCount: apng.frames.count, loopCount: apng.plays == 0 ? nil : apng.plays)
            return
        }
        guard header.format == .gif || header.format == .webp, let code = LibraryDecoding.shimFormat(header.format)
        else { throw .unsupportedFormat("\(header.format) animations") }
        let storedTarget = header.orientation.swapsAxes ? frameSize.transposed : frameSize
        let reduce = DecodePlan.reductionFactor(for: header.storedSize, covering: storedTarget)
        var about = pf_anim_info()
        var status = PF_OK
        var opened: OpaquePointer?
        try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
            try ShimCall.run("\(header.format) animation") { message, capacity in
                opened = pf_anim_open(code, input.baseAddress, input.count, Int32(reduce), &about, &status, message, capacity)
                return status
            }
        }
        guard let opened else { throw .decoder("\(header.format) animation: the decoder did not open") }
        let canvas = PixelSize(width: Int(about.canvas_width), height: Int(about.canvas_height))
        self.handle = opened
        self.format = header.format
        self.orientation = header.orientation
        self.frameSize = frameSize
        self.reducedSize = DecodePlan.reducedSize(canvas, by: reduce)
        self.info = AnimationInfo(
            canvasSize: header.orientation.swapsAxes ? canvas.transposed : canvas,
            frameCount: Int(about.frame_count), loopCount: about.loop_count == 0 ? nil : Int(about.loop_count))
    }

    deinit {
        pf_anim_close(handle)
    }

    /// Frames in one loop as far as the decoder knows: fewer than ``info``'s count once a frame
    /// failed and cut the loop short.
    public var frameCount: Int { apng?.frames.count ?? Int(pf_anim_frame_count(handle)) }

    /// Every frame of the first loop, for a decoder that has returned none yet: up to
    /// ``info``'s count, ending at a frame that cannot be decoded (the loop is cut short there);
    /// empty when not even the first can be. Holds them all: bound frames × ``frameSize`` first.
    public func loopFrames() -> [AnimationFrame] {
        var frames: [AnimationFrame] = []
        for _ in 0..<info.frameCount {
            guard let frame = try? nextFrame(), frame.index == frames.count else { break }
            frames.append(frame)
        }
        return frames
    }

    /// Composites and returns the next frame (after the last, the first again).
    public func nextFrame() throws(ImageCodecError) -> AnimationFrame {
        if var apng {
            self.apng = nil  // the canvas stays uniquely referenced while it is drawn on
            defer { self.apng = apng }
            let (canvas, index, duration) = try apng.nextFrame()
            let bitmap = canvas.size == frameSize ? canvas : canvas.resized(to: frameSize)
            return AnimationFrame(index: index, bitmap: bitmap, duration: duration)
        }
        var index: Int32 = 0
        var milliseconds: Int32 = 0
        let reduced = try ImageDecoder.allocatePixels(reducedSize) { (pixels, stride) throws(ImageCodecError) in
            try ShimCall.run("\(format) frame") { message, capacity in
                pf_anim_next(
                    handle, pixels, stride, Int32(reducedSize.width), Int32(reducedSize.height), &index, &milliseconds,
                    message, capacity)
            }
        }
        var bitmap = reduced.oriented(orientation)
        if bitmap.size != frameSize { bitmap = bitmap.resized(to: frameSize) }
        return AnimationFrame(index: Int(index), bitmap: bitmap, duration: .milliseconds(Int(milliseconds)))
    }
}

/// What an animation says about itself.
public struct AnimationInfo: Sendable, Hashable {
    /// The canvas every frame is drawn on (displayed orientation).
    public var canvasSize: PixelSize
    /// Frames in one loop (counted by a walk of the file, at most 10,000).
    public var frameCount: Int
    /// How many times the file asks to be played; nil: forever.
    public var loopCount: Int?

    /// Creates an animation's description.
    public init(canvasSize: PixelSize, frameCount: Int, loopCount: Int?) {
        self.canvasSize = canvasSize
        self.frameCount = frameCount
        self.loopCount = loopCount
    }
}

/// One frame of an animation, composited, at the decoder's frame size.
public struct AnimationFrame: Sendable {
    /// The frame's place in its loop (0 first).
    public var index: Int
    /// The frame's pixels.
    public var bitmap: Bitmap
    /// How long it shows.
    public var duration: Duration

    /// Creates a frame.
    public init(index: Int, bitmap: Bitmap, duration: Duration) {
        self.index = index
        self.bitmap = bitmap
        self.duration = duration
    }
}
