public import ImageCodecs
public import Vocabulary

/// Decodes one animation's frames on demand, at a thumbnail's size, for one row or cell.
///
/// Nothing is decoded until a frame is asked for, and only the frames up to it. When every
/// frame of a loop fits in ``frameCacheLimit`` bytes, the first loop keeps them and later loops
/// decode nothing; otherwise only the decoder's cursor is kept and each loop decodes again
/// (a long or large animation costs a decode per frame shown, never memory per frame).
/// Asking for a frame behind the cursor (after a resume) opens the decoder again and decodes
/// forward to it.
///
/// The decoder opens on the first request (so a player made for an item that never plays costs
/// nothing). Let the player go to release the decoder, its canvas and its frames.
///
/// ```swift
/// let player = AnimationPlayer(data: response.animation!, frameSize: response.bitmap.size)
/// let frame = try await player.frame(at: 0)      // decodes frame 0
/// let next = try await player.frame(at: 1)       // decodes frame 1
/// ```
public actor AnimationPlayer {
    /// The default bytes of frames one player keeps: a loop of 12 frames of 400 × 225.
    public static let defaultFrameCacheLimit = 4 << 20

    /// The animation's bytes and frame count.
    public nonisolated let data: AnimationData
    /// The size of every frame.
    public nonisolated let frameSize: PixelSize
    /// The most bytes of decoded frames kept.
    public nonisolated let frameCacheLimit: Int

    private var decoder: AnimationDecoder?
    /// The index the decoder's next frame has.
    private var cursor = 0
    private var cached: [Int: AnimationFrame] = [:]
    /// Frames decoded so far (tests and the benchmark).
    public private(set) var decodedFrames = 0

    /// A player for `data` at `frameSize`, keeping at most `frameCacheLimit` bytes of frames.
    public init(data: AnimationData, frameSize: PixelSize, frameCacheLimit: Int = AnimationPlayer.defaultFrameCacheLimit) {
        self.data = data
        self.frameSize = frameSize
        self.frameCacheLimit = frameCacheLimit
    }

    /// What the file says about its animation (opens the decoder).
    public func info() throws(ImageCodecError) -> AnimationInfo {
        try openDecoder().info
    }

    /// Frames in one loop as far as the decoder knows (fewer than the header said once a
    /// broken frame cut the loop short).
    public func frameCount() throws(ImageCodecError) -> Int {
        try openDecoder().frameCount
    }

    /// The frame at `index` (modulo the loop), decoding only what is needed to reach it.
    public func frame(at index: Int) throws(ImageCodecError) -> AnimationFrame {
        var decoder = try openDecoder()
        var wanted = index % max(1, decoder.frameCount)
        if let frame = cached[wanted] { return frame }
        if wanted < cursor {
            // Behind the cursor: the loop is walked again from its start.
            self.decoder = nil
            decoder = try openDecoder()
        }
        while true {
            let frame = try decoder.nextFrame()
            decodedFrames += 1
            let count = max(1, decoder.frameCount)
            cursor = frame.index + 1 < count ? frame.index + 1 : 0
            keep(frame, of: count)
            // A broken frame may have cut the loop short: `wanted` then names a frame of the shorter loop.
            wanted %= count
            if frame.index == wanted { return frame }
        }
    }

    /// The frame at `index`, and the animation's description as the decoder knows it after it
    /// (its frame count lowered when a broken frame cut the loop short).
    public func frameWithInfo(at index: Int) throws(ImageCodecError) -> (AnimationFrame, AnimationInfo) {
        let frame = try frame(at: index)
        var info = try openDecoder().info
        info.frameCount = try frameCount()
        return (frame, info)
    }

    /// Bytes of frames kept now.
    public var cachedBytes: Int { cached.values.reduce(0) { $0 + $1.bitmap.byteCount } }

    private func keep(_ frame: AnimationFrame, of frameCount: Int) {
        // A whole loop or nothing: a partial loop would be decoded again each loop anyway.
        let loop = frameCount * frameSize.width * frameSize.height * 4
        guard loop <= frameCacheLimit else { return }
        cached[frame.index] = frame
    }

    private func openDecoder() throws(ImageCodecError) -> AnimationDecoder {
        if let decoder { return decoder }
        let opened = try AnimationDecoder(data.bytes, frameSize: frameSize)
        decoder = opened
        cursor = 0
        return opened
    }
}
