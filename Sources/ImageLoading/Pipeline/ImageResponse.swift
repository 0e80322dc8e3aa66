public import ImageCodecs
public import Vocabulary

/// A loaded image: the processed bitmap, where it came from, and what it cost.
public struct ImageResponse: Sendable {
    /// The decoded, processed pixels.
    public var bitmap: Bitmap
    /// Memory, disk, the thumbnail cache or network.
    public var source: Source
    /// The size of the encoded original in bytes.
    public var byteCount: Int
    /// Bytes that crossed the network for this load (0 from a cache; less than `byteCount` when resumed).
    public var bytesTransferred: Int
    /// The original image's size before processing (zero when served from memory).
    public var originalSize: PixelSize
    /// Where the time went.
    public var timings: Timings
    /// The original bytes when the image is an animated GIF or WebP (``bitmap`` is its first
    /// frame): what a player decodes the other frames from. Nil for a still.
    public var animation: AnimationData?
    /// What is missing when the picture was drawn from a damaged file or a download that ended
    /// early (the pipeline's ``ImagePipeline/Configuration/allowsPartialImages``): the rows
    /// decoded and why the rest is grey. Nil for a whole picture.
    public var damage: ImageDamage?

    public init(
        bitmap: Bitmap, source: Source, byteCount: Int, bytesTransferred: Int,
        originalSize: PixelSize, timings: Timings
    ) {
        self.bitmap = bitmap
        self.source = source
        self.byteCount = byteCount
        self.bytesTransferred = bytesTransferred
        self.originalSize = originalSize
        self.timings = timings
    }

    /// Where an image came from.
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        /// The in-memory cache of processed images.
        case memory
        /// The disk cache of original bytes.
        case disk
        /// A thumbnail of the file from the freedesktop.org thumbnail cache
        /// (`$XDG_CACHE_HOME/thumbnails`, shared with file managers), not photofeed's disk cache.
        case thumbnail
        /// Downloaded (or read from a file) from the start.
        case network
        /// Downloaded, appending to `resumedFrom` bytes kept from an interrupted load.
        case networkResumed(from: Int)

        /// `.network(resumedFrom: n)`: a resumed download.
        public static func network(resumedFrom bytes: Int) -> Source { .networkResumed(from: bytes) }

        /// True for `network` and resumed downloads.
        public var isNetwork: Bool {
            switch self {
            case .network, .networkResumed: true
            case .memory, .disk, .thumbnail: false
            }
        }

        public var description: String {
            switch self {
            case .memory: "memory"
            case .disk: "disk"
            case .thumbnail: "thumbnail"
            case .network: "network"
            case .networkResumed(let bytes): "network(resumedFrom: \(bytes))"
            }
        }
    }

    /// Durations of each stage of one load.
    public struct Timings: Sendable, Hashable {
        /// Waiting for a slot in the network queue.
        public var queued: Duration = .zero
        /// Reading the disk cache or downloading.
        public var fetch: Duration = .zero
        /// Decoding the bytes.
        public var decode: Duration = .zero
        /// Running the processors.
        public var process: Duration = .zero
        /// From the task's start to its result.
        public var total: Duration = .zero

        public init() {}
    }
}
