public import FoundationEssentials
public import ImageCodecs
public import Vocabulary

/// A store of small, upright thumbnails of local files, consulted before an original is read.
///
/// The pipeline asks it first for a file URL whose request resizes (a thumbnail that stands in
/// for the original at the resize box is decoded instead of the original); on a miss it reads
/// and decodes the original toward ``sizeToStore(for:covering:)`` and hands the result to
/// ``store(_:for:)``. Every method blocks (file I/O, PNG coding): the pipeline calls them on its
/// decode queue.
///
/// A thumbnail never costs quality: it stands in for the original only when it has at least
/// the pixels decoding the original toward the box would give (``ImageDecoder/decodedSize(for:options:)``:
/// for a 4000×3000 JPEG and an 80×60 box, 500×375), so the caller's area-average to the box
/// starts from as much detail either way.
///
/// ```swift
/// let thumbnails = FreedesktopThumbnailCache(environment: ProcessInfo.processInfo.environment)
/// if case .hit(let thumbnail) = thumbnails.lookUp(file, covering: PixelSize(width: 96, height: 64)) { … }
/// ```
public protocol ThumbnailCaching: Sendable {
    /// A stored thumbnail of `file` that stands in for decoding it toward `size`: at least the
    /// pixels that decode would give on both axes (or the original's own size on a shorter
    /// side), still valid for the file as it is now; else a miss, with the slot to store one
    /// into (nil when none can be stored: the file is not a regular file, the cache directory
    /// is unusable).
    func lookUp(_ file: URL, covering size: PixelSize) -> ThumbnailLookup

    /// The size of the thumbnail to make for an original with `header` so that a later
    /// `lookUp(covering: size)` hits; nil when no thumbnail should be made (no size class holds
    /// what decoding the original toward `size` gives).
    func sizeToStore(for header: ImageHeader, covering size: PixelSize) -> PixelSize?

    /// Writes `thumbnail` (upright, at ``sizeToStore(for:covering:)``) for the file of `slot`.
    /// Failing to write is not an error for the caller: the next lookup misses again.
    func store(_ thumbnail: Bitmap, for slot: ThumbnailSlot)
}

/// What a thumbnail lookup found.
public enum ThumbnailLookup: Sendable {
    /// A valid thumbnail.
    case hit(StoredThumbnail)
    /// None usable; store the one made from the original into the slot (nil: do not store).
    case miss(ThumbnailSlot?)
}

/// A thumbnail read from the cache.
public struct StoredThumbnail: Sendable {
    /// Its pixels, upright.
    public var bitmap: Bitmap
    /// The PNG's size in bytes.
    public var byteCount: Int
    /// The original's size, when the thumbnail records it (`Thumb::Image::Width/Height`).
    public var originalSize: PixelSize?

    public init(bitmap: Bitmap, byteCount: Int, originalSize: PixelSize?) {
        self.bitmap = bitmap
        self.byteCount = byteCount
        self.originalSize = originalSize
    }
}

/// The file a thumbnail is for, as it was when looked up: where it is and what the standard
/// records of it (URI, modification time, size).
public struct ThumbnailSlot: Sendable, Hashable {
    /// The original file.
    public var file: URL
    /// Its canonical `file://` URI (percent-encoded), whose MD5 names the thumbnail.
    public var uri: String
    /// Its modification time in whole seconds since the epoch (`Thumb::MTime`).
    public var modificationTime: Int
    /// Its size in bytes (`Thumb::Size`).
    public var byteCount: Int
    /// The original's upright size, once decoded (`Thumb::Image::Width/Height`).
    public var originalSize: PixelSize?

    public init(file: URL, uri: String, modificationTime: Int, byteCount: Int, originalSize: PixelSize? = nil) {
        self.file = file
        self.uri = uri
        self.modificationTime = modificationTime
        self.byteCount = byteCount
        self.originalSize = originalSize
    }
}
