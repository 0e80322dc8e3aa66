import ImageCodecs

/// What the data stage hands on: the original bytes and how they were obtained.
struct FetchedData: Sendable {
    var bytes: [UInt8]
    var source: ImageResponse.Source
    /// Bytes that came over the loader this time.
    var transferred: Int
    var queued: Duration = .zero
    var fetch: Duration = .zero
}

/// What the image stage hands on: the processed bitmap plus the data stage's facts.
struct ProcessedImage: Sendable {
    var bitmap: Bitmap
    var originalSize: PixelSize
    var data: FetchedData
    var decode: Duration
    var process: Duration

    var response: ImageResponse {
        var timings = ImageResponse.Timings()
        timings.queued = data.queued
        timings.fetch = data.fetch
        timings.decode = decode
        timings.process = process
        return ImageResponse(
            bitmap: bitmap, source: data.source, byteCount: data.bytes.count,
            bytesTransferred: data.transferred, originalSize: originalSize, timings: timings)
    }
}
