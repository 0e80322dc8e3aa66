public import ImageCodecs

/// What the memory cache keeps for a request: the processed picture and, for an animation,
/// the original bytes to play it from (as Nuke keeps an animated image's data in its container).
///
/// A still costs its pixels; an animation its first frame's pixels plus its file.
public struct ImageContainer: Sendable {
    /// The processed picture (an animation's first frame).
    public var bitmap: Bitmap
    /// The original file of an animated GIF or WebP; nil for a still.
    public var animation: AnimationData?
    /// What is missing from a picture decoded from a damaged file: kept with it, so a memory
    /// hit is never taken for whole. Nil for a whole picture.
    public var damage: ImageDamage?

    /// A container.
    public init(bitmap: Bitmap, animation: AnimationData? = nil, damage: ImageDamage? = nil) {
        self.bitmap = bitmap
        self.animation = animation
        self.damage = damage
    }

    /// Bytes it holds: its pixels, and its file when it is an animation.
    public var cost: Int { bitmap.byteCount + (animation?.bytes.count ?? 0) }
}

/// An animated image's original bytes, to play it a frame at a time (``AnimationDecoder``).
public struct AnimationData: Sendable {
    /// The file (GIF, WebP or APNG).
    public var bytes: [UInt8]
    /// Frames in one loop, as the header walk counted them.
    public var frameCount: Int

    /// Animation data.
    public init(bytes: [UInt8], frameCount: Int) {
        self.bytes = bytes
        self.frameCount = frameCount
    }

    /// The data of `bytes` when `header` says it is an animation this build plays (GIF, WebP, APNG).
    public init?(bytes: [UInt8], header: ImageHeader) {
        guard header.isAnimated, [.gif, .webp, .png].contains(header.format) else { return nil }
        self.init(bytes: bytes, frameCount: header.frameCount)
    }
}
