public import FoundationEssentials
public import ImageCodecs
import FoundationExtras
import Synchronization
public import Vocabulary

/// `show`'s block-art pictures kept in photofeed's ``PictureCache``: each at exactly the pixel
/// size it is drawn from, made from the pixels the run decoded anyway and written once the
/// run's output is written (``storePending()``), never by a second decode or another process.
///
/// A previewer (fzf, lf, ranger…) starts one `show` per cursor move. The freedesktop.org
/// thumbnail that covers a 60×30-cell picture of a large photo is a 512- or 1024-pixel PNG,
/// and reading it back costs more than decoding the JPEG at 1/8 (`feedbench --scenario
/// previewer` measured it); the picture at its own size (120×90 pixels) is read in well under
/// a millisecond, and making it from the decoded pixels costs an area average and a small PNG.
///
/// A picture is named by its file (path, device, inode, size, modification time to the
/// nanosecond: ``PictureCache/key(forFile:layout:)``), the size asked for and the drawing's
/// ``variant`` (the cell's proportions when they are not 1:2), so a file that changes is
/// decoded again and a picture made for other cells is never taken; the cache's own bound
/// (least recently used pictures go) keeps it small.
///
/// ```swift
/// let pictures = PictureThumbnails(PictureCache(directory: PictureCache.defaultDirectory(environment: environment)))
/// // … decode through `pictures` (a miss is stored in memory) and print …
/// pictures.storePending()   // after the output: the pictures the run made, written
/// ```
public final class PictureThumbnails: ThumbnailCaching {
    /// Where the pictures are kept.
    public let cache: PictureCache
    /// What else the pictures' names carry (empty, or e.g. ` cell 8:19`).
    public let variant: String
    private let state = Mutex(State())

    private struct State {
        /// The key each lookup's file and size had, for its store.
        var keys: [ThumbnailJob: PictureKey] = [:]
        /// Pictures made and not yet written, in the order they were made.
        var pending: [(key: PictureKey, bitmap: Bitmap)] = []
    }

    /// Pictures read from and kept for `cache`, named with `variant` besides the file and size.
    public init(_ cache: PictureCache, variant: String = "") {
        self.cache = cache
        self.variant = variant
    }

    /// The layout a picture of `size` pixels is stored under, with `variant` after it.
    static func layout(_ size: PixelSize, variant: String = "") -> String { "blocks \(size.width)x\(size.height)\(variant)" }

    public func lookUp(_ file: URL, covering size: PixelSize) -> ThumbnailLookup {
        guard let path = file.localPath, let key = cache.key(forFile: path, layout: Self.layout(size, variant: variant)) else {
            return .miss(nil)
        }
        if let picture = cache.picture(for: key), picture.bitmap.size == size {
            return .hit(StoredThumbnail(bitmap: picture.bitmap, byteCount: picture.png.count, originalSize: nil))
        }
        state.withLock { $0.keys[ThumbnailJob(file: file, covering: size)] = key }
        return .miss(ThumbnailSlot(file: file, uri: file.absoluteString, modificationTime: 0, byteCount: 0))
    }

    /// `size` itself, when decoding `header` toward it gives at least that many pixels on both
    /// axes (a picture smaller than its box is cheap to decode again, and is never stored
    /// enlarged); nil otherwise.
    public func sizeToStore(for header: ImageHeader, covering size: PixelSize) -> PixelSize? {
        guard !size.isEmpty else { return nil }
        let decoded = ImageDecoder.decodedSize(for: header, options: DecodingOptions(targetSize: size))
        return decoded.width >= size.width && decoded.height >= size.height ? size : nil
    }

    /// The most pictures kept in memory: past it they are written at once (a `show` of
    /// thousands of files, whose first pictures are printed long before it ends).
    public static let maxPending = 32

    /// Keeps `picture` (at the size looked up) in memory until ``storePending()``, or writes
    /// the pictures kept when there are ``maxPending`` of them.
    public func store(_ picture: Bitmap, for slot: ThumbnailSlot) {
        let full = state.withLock { state in
            guard let key = state.keys.removeValue(forKey: ThumbnailJob(file: slot.file, covering: picture.size)) else { return false }
            state.pending.append((key, picture))
            return state.pending.count >= Self.maxPending
        }
        if full { storePending() }
    }

    /// How many pictures are waiting for ``storePending()``.
    public var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Writes the pictures kept so far (a small PNG each, zlib level 1) and forgets them;
    /// returns how many. A picture that cannot be written is passed over: the next run misses
    /// and makes it again.
    @discardableResult
    public func storePending() -> Int {
        let pending = state.withLock { state in
            defer { state.pending.removeAll() }
            return state.pending
        }
        var stored = 0
        for (key, bitmap) in pending {
            guard let png = try? PNGEncoder.encode(bitmap, text: [], compressionLevel: 1) else { continue }
            if cache.store(png, for: key) { stored += 1 }
        }
        return stored
    }
}
