import ImageCodecs
@testable import ImageLoading
import TestSupport

/// Progressive JPEGs, where their scans end, and a loader the test feeds chunk by chunk.
enum ProgressiveFixtures {
    /// A progressive JPEG of a gradient (libjpeg's simple progression: 10 scans).
    static func jpeg(width: Int = 320, height: Int = 240) -> [UInt8] {
        var bitmap = Bitmap(width: width, height: height, fill: .black)
        for y in 0..<height {
            for x in 0..<width {
                bitmap[x, y] = RGBA(UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), UInt8((x ^ y) & 0xFF))
            }
        }
        return (try? JPEGEncoder.encode(bitmap, quality: 85, progressive: true)) ?? []
    }

    /// The shortest prefix of `jpeg` in which `scans` scans are complete.
    static func cut(afterScans scans: Int, of jpeg: [UInt8]) -> Int {
        var counter = JPEGScanCounter()
        var prefix: [UInt8] = []
        prefix.reserveCapacity(jpeg.count)
        for byte in jpeg {
            prefix.append(byte)
            if counter.advance(over: prefix) >= scans { return prefix.count }
        }
        return jpeg.count
    }

    /// A pipeline on `loader` that previews every new scan (interval zero) unless told otherwise;
    /// previews are spaced on `clock`.
    static func pipeline(
        loader: any DataLoading, previewInterval: Duration? = .zero, clock: ManualClock = ManualClock()
    ) -> ImagePipeline {
        var configuration = ImagePipeline.Configuration(
            dataLoader: loader, retryPolicy: .never, clock: clock, decodeConcurrency: 2)
        configuration.previewInterval = previewInterval
        return ImagePipeline(configuration: configuration)
    }
}

/// A `DataLoading` whose one response body is whatever the test sends, when it sends it.
final class ChunkFeedLoader: DataLoading {
    private let total: Int
    private let stream: AsyncThrowingStream<[UInt8], any Error>
    private let continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation

    init(total: Int) {
        self.total = total
        (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self)
    }

    func load(_ request: DataRequest) async throws -> DataResponse {
        DataResponse(head: DataResponseHead(statusCode: 200, headers: ["Content-Length": String(total)]), body: stream)
    }

    /// Delivers `bytes` as one chunk.
    func send(_ bytes: ArraySlice<UInt8>) { continuation.yield(Array(bytes)) }

    /// Ends the body.
    func finish() { continuation.finish() }
}
