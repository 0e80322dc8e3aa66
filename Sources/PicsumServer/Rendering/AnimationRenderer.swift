import ImageCodecs
import Vocabulary

/// An animation (GIF, animated WebP) served at the size asked for, as stills are: scaled down to
/// the smallest size with its aspect that still covers the request on both axes, every frame,
/// and sent as a lossy animated WebP. A request as large as the canvas or larger, an animation
/// too long to scale at once, or one whose WebP would not be smaller, gets the file as it is.
///
/// The first screen of the embedded feed shows a 180×120 GIF of 150 KB in a 72×36 thumbnail:
/// at the `fast` preset's 400 KB/s a connection, the file alone takes 375 ms; scaled, it is a
/// few KB.
///
/// ```swift
/// let image = try AnimationRenderer.render(gif, mediaType: "image/gif", asked: PixelSize(width: 72, height: 36), quality: 85)
/// ```
enum AnimationRenderer {
    /// The most canvas pixels composited to scale one animation (frames × canvas): 64 M.
    static let maxCanvasWork = 1 << 26
    /// The most scaled pixels held at once (frames × scaled size): 16 M, 64 MB.
    static let maxScaledPixels = 1 << 24

    /// The size `canvas` is scaled to for a request of `asked`: the smallest with the canvas'
    /// aspect that covers `asked` on both axes; nil when that is not smaller than the canvas.
    static func scaledSize(canvas: PixelSize, covering asked: PixelSize) -> PixelSize? {
        guard !canvas.isEmpty, !asked.isEmpty else { return nil }
        let size = canvas.aspectCovering(asked)
        guard size.width < canvas.width, size.height < canvas.height else { return nil }
        return size
    }

    /// The animation of `photo` for a request of `asked` pixels: scaled as an animated WebP, or
    /// its file (`mediaType`) when scaling does not apply or would not make it smaller.
    /// `store`: where scaled animations are kept across runs.
    static func render(
        _ photo: Photo, mediaType: String, asked: PixelSize, quality: Int, store: SourceStore? = nil
    ) throws -> EncodedImage {
        let scaled: [UInt8]?
        if let store {
            scaled = try store.animation(of: photo, asked: asked, quality: quality)
        } else {
            scaled = try self.scaled(photo, asked: asked, quality: quality)
        }
        if let scaled { return EncodedImage(encoded: scaled, mediaType: "image/webp") }
        return EncodedImage(encoded: try photo.contents(), mediaType: mediaType)
    }

    /// The animated WebP of `photo` scaled for a request of `asked` pixels (``scaledSize(canvas:covering:)``);
    /// nil when scaling does not apply (asked as large as the canvas, too long to scale at once)
    /// or would not make it smaller than its file.
    static func scaled(_ photo: Photo, asked: PixelSize, quality: Int) throws -> [UInt8]? {
        guard let size = scaledSize(canvas: photo.size, covering: asked) else { return nil }
        let bytes = try photo.contents()
        let decoder: AnimationDecoder
        do {
            decoder = try AnimationDecoder(bytes, frameSize: size)
        } catch {
            throw PicsumServerError.undecodablePhoto(photo.name, error.description)
        }
        let count = decoder.info.frameCount
        guard count * decoder.info.canvasSize.pixelCount <= maxCanvasWork, count * size.pixelCount <= maxScaledPixels else {
            return nil
        }
        let frames = decoder.loopFrames()
        guard !frames.isEmpty else { throw PicsumServerError.undecodablePhoto(photo.name, "its first frame cannot be decoded") }
        let webp = try AnimatedWebPEncoder.encode(frames, loopCount: decoder.info.loopCount, quality: quality)
        return webp.count < bytes.count ? webp : nil
    }
}
