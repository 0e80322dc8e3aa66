import ImageCodecs
import Vocabulary

/// What the image stage hands on: the processed bitmap plus the data stage's facts.
struct ProcessedImage: Sendable {
    var bitmap: Bitmap
    var originalSize: PixelSize
    var data: FetchedData
    var decode: Duration
    var process: Duration
    /// The encoded size when it is not the data's (a thumbnail read instead of the original).
    var byteCount: Int?
    /// The original bytes of an animation.
    var animation: AnimationData?
    /// What is missing from a picture of a damaged file or a cut download.
    var damage: ImageDamage?

    var response: ImageResponse {
        var timings = ImageResponse.Timings()
        timings.queued = data.queued
        timings.fetch = data.fetch
        timings.decode = decode
        timings.process = process
        var response = ImageResponse(
            bitmap: bitmap, source: data.source, byteCount: byteCount ?? data.byteCount,
            bytesTransferred: data.transferred, originalSize: originalSize, timings: timings)
        response.animation = animation
        response.damage = damage
        return response
    }
}
