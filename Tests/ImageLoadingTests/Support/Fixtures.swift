import Foundation
import ImageCodecs
@testable import ImageLoading
import TestSupport

/// Small real images and pipelines wired to fakes.
enum Fixtures {
    /// A real JPEG of a horizontal gradient.
    static func jpeg(width: Int = 64, height: Int = 48, seed: UInt8 = 0) -> [UInt8] {
        var bitmap = Bitmap(width: width, height: height, fill: .black)
        for y in 0..<height {
            for x in 0..<width {
                bitmap[x, y] = RGBA(UInt8((x * 255) / max(1, width - 1)), UInt8((y * 255) / max(1, height - 1)), seed)
            }
        }
        return (try? JPEGEncoder.encode(bitmap, quality: 90)) ?? []
    }

    static let url = "https://images.test/a.jpg"

    /// A pipeline on a fake loader, with no disk cache, no retries and a manual clock unless given.
    static func pipeline(
        loader: MockDataLoader,
        memoryCache: (any ImageCaching)? = ImageCache(),
        diskCache: (any DataCaching)? = nil,
        limits: ImagePipeline.Limits = .init(),
        retryPolicy: RetryPolicy = .never,
        clock: any Clock<Duration> = ManualClock(),
        width: Int = 6
    ) -> ImagePipeline {
        ImagePipeline(
            configuration: .init(
                dataLoader: loader, memoryCache: memoryCache, diskCache: diskCache, limits: limits,
                retryPolicy: retryPolicy, clock: clock, maxConcurrentDownloads: width, decodeConcurrency: 2))
    }

    /// A fresh empty directory under the temporary directory.
    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("photofeed-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension AsyncStream where Element == ImagePipeline.Event {
    /// Reads events until one matches; returns it (nil if the stream ended first).
    func first(where predicate: (ImagePipeline.Event) -> Bool) async -> ImagePipeline.Event? {
        for await event in self where predicate(event) { return event }
        return nil
    }

    /// Collects events until (and including) the first that matches.
    func collect(until predicate: (ImagePipeline.Event) -> Bool) async -> [ImagePipeline.Event] {
        var events: [ImagePipeline.Event] = []
        for await event in self {
            events.append(event)
            if predicate(event) { break }
        }
        return events
    }
}

extension ImagePipeline.Event.Kind {
    var name: String {
        switch self {
        case .queued: "queued"
        case .started: "started"
        case .progress: "progress"
        case .resumed: "resumed"
        case .coalesced: "coalesced"
        case .memoryHit: "memoryHit"
        case .diskHit: "diskHit"
        case .revalidated(let notModified): notModified ? "revalidated304" : "revalidated200"
        case .decoded: "decoded"
        case .damaged: "damaged"
        case .cut: "cut"
        case .preview: "preview"
        case .cancelled: "cancelled"
        case .retried: "retried"
        case .kept: "kept"
        case .discarded: "discarded"
        case .failed: "failed"
        case .finished: "finished"
        }
    }
}
