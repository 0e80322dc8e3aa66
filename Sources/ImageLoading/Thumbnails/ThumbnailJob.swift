public import FoundationEssentials
public import Vocabulary

/// A thumbnail to make later: the file, and the size the thumbnail must stand in for decoding
/// it toward (``ThumbnailCaching/lookUp(_:covering:)``'s `size`). ``DeferredThumbnails``
/// collects them so a run prints before it writes.
///
/// ```swift
/// let job = ThumbnailJob(file: URL(fileURLWithPath: "/photos/a.jpg"), covering: PixelSize(width: 80, height: 60))
/// ThumbnailJob(argument: job.argument) == job   // true: one command-line argument each way
/// ```
public struct ThumbnailJob: Sendable, Hashable {
    /// The original file.
    public var file: URL
    /// The size a later lookup of it will ask to be covered.
    public var covering: PixelSize

    /// A job for `file` covering `covering`.
    public init(file: URL, covering: PixelSize) {
        self.file = file
        self.covering = covering
    }

    /// The job as one argument: `WxH:` and the file's URL, percent-encoded (a name that is not
    /// UTF-8 goes through unchanged).
    public var argument: String { "\(covering.width)x\(covering.height):\(file.absoluteString)" }

    /// The job an ``argument`` names; nil for anything else (a bad size, a URL that is not a
    /// file's).
    public init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        let size = argument[..<colon].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]), width > 0, height > 0,
            width <= 1 << 16, height <= 1 << 16,
            let file = URL(string: String(argument[argument.index(after: colon)...])), file.isFileURL
        else { return nil }
        self.init(file: file, covering: PixelSize(width: width, height: height))
    }
}
