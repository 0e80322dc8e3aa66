public import ImageLoading
public import Vocabulary

extension FeedPhoto {
    /// A request for `region` of the upright original (of `original` size) drawn at `output`:
    /// a zoomed photo view. The original is what is loaded (a picsum-style server's at the
    /// photo's full size, which its cache then holds for every later pan), and the decoder
    /// reads only the region of it (`ImageProcessor.crop`).
    ///
    /// ```swift
    /// photo.imageRequest(region: PixelRect(x: 2000, y: 1000, width: 400, height: 300),
    ///                    of: PixelSize(width: 5312, height: 2988), output: PixelSize(width: 400, height: 300))
    /// ```
    public func imageRequest(
        region: PixelRect, of original: PixelSize, output: PixelSize, priority: ImageRequest.Priority = .veryHigh
    ) -> ImageRequest {
        let location = location(for: original)
        return ImageRequest(
            url: location.url, processors: [.crop(region), .resize(to: output, mode: .fill)], priority: priority,
            imageID: location.imageID)
    }
}
