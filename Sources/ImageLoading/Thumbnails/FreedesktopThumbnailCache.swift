public import FoundationEssentials
public import ImageCodecs
import FoundationExtras
public import SystemPackage
public import Vocabulary

/// The freedesktop.org thumbnail cache (`$XDG_CACHE_HOME/thumbnails`), shared with file
/// managers and image viewers: a folder any of them has seen opens at once here, and the reverse.
///
/// Thumbnails live in `normal/`, `large/`, `x-large/` and `xx-large/` (longest side 128, 256,
/// 512 and 1024 px) as PNGs named by the MD5 of the file's URI (``ThumbnailURI``), carrying
/// `Thumb::URI` and `Thumb::MTime` (and `Thumb::Size`, `Thumb::Image::Width/Height`,
/// `Software`) in `tEXt` chunks.
///
/// Reading: the smallest stored thumbnail with at least the pixels decoding the original toward
/// the size asked for would give (read from the original's header) wins, if its
/// `Thumb::URI` is the file's, its `Thumb::MTime` the file's modification time (and its
/// `Thumb::Size`, when present, the file's size). A stale, corrupt, oversized or non-regular
/// thumbnail (a symbolic link, a FIFO) is ignored; the caller decodes the original and the
/// thumbnail is written anew.
///
/// The cache is shared with every program of the user, so a thumbnail is hostile input like
/// any file, bounded by what its size class can hold (``ThumbnailSizeClass/side``: 128, 256,
/// 512, 1,024 px) before anything is decoded; breaking a bound makes it corrupt (ignored and
/// rewritten):
/// - file bytes: at most ``ThumbnailSizeClass/maxFileBytes`` (213,136 B for normal, 655,648
///   large, 2,425,408 x-large, 9,503,872 xx-large: the class's largest 16-bit RGBA image
///   stored uncompressed, plus 1/8 and 64 KiB);
/// - chunks: the strict walk of ``PNGTextChunks/validated(_:)`` (at most 10,000 chunks, text
///   chunks at most 64 KiB, every length within the file, an `IEND`);
/// - IHDR: at most ``ThumbnailSizeClass/side`` on each axis, so at most side² pixels decoded;
/// - inflated bytes and chunk counts: the decoder's own bounds (`png_decode.c`: IDAT data at
///   most 9/8 of the raw image plus 64 KiB, at most 1,024 + raw / 256 chunks, and after the
///   last row at most ~4.2 MB (normal) to ~20 MB (xx-large) inflated before it gives up).
/// So the work per thumbnail is bounded by its class: a 15 GB inflate bomb in `normal/` costs
/// one 213 KB read and a failed header check, never the inflate. Writing: into a temporary file (0600) in the same directory, then
/// renamed over the old one, so a reader never sees half a PNG; directories are made 0700, and
/// a `thumbnails` or size directory that is a symbolic link or not ours is never written into.
///
/// ```swift
/// let cache = FreedesktopThumbnailCache(environment: ProcessInfo.processInfo.environment)
/// let pipeline = ImagePipeline(configuration: .init(thumbnailCache: cache))
/// ```
public struct FreedesktopThumbnailCache: ThumbnailCaching {
    /// The `thumbnails` directory.
    public let directory: URL
    /// The software name written in the `Software` chunk.
    public var software = "photofeed"
    /// Larger thumbnail files are not read, whatever their class (the largest class's bound).
    public static let maxThumbnailBytes = ThumbnailSizeClass.xxLarge.maxFileBytes
    /// Thumbnails with more pixels are not decoded (xx-large is at most 1024 × 1024).
    public static let maxThumbnailPixels = ThumbnailSizeClass.xxLarge.side * ThumbnailSizeClass.xxLarge.side

    /// A cache in `directory` (the `thumbnails` directory itself; made when first written).
    public init(directory: URL) {
        self.directory = directory
    }

    /// `$XDG_CACHE_HOME/thumbnails` when that is an absolute path, else `$HOME/.cache/thumbnails`.
    public init(environment: [String: String]) {
        self.init(directory: Self.defaultDirectory(environment: environment))
    }

    /// Where the standard puts the cache for `environment`.
    public static func defaultDirectory(environment: [String: String]) -> URL {
        URL(fileURLWithPath: PathText.appending("thumbnails", to: UserFolders(environment: environment).cacheHome))
    }

    /// The path of the thumbnail of `uri` in `sizeClass`.
    /// Deletes every size class's thumbnail of `file` (the standard asks it when a file is
    /// deleted or moved away, e.g. to the Trash).
    public func removeThumbnails(of file: URL) {
        let uri = ThumbnailURI.uri(for: file)
        for sizeClass in ThumbnailSizeClass.allCases {
            try? FileManager.default.removeItem(at: thumbnailURL(for: uri, in: sizeClass))
        }
    }

    public func thumbnailURL(for uri: String, in sizeClass: ThumbnailSizeClass) -> URL {
        directory.appendingPathComponent(sizeClass.directoryName).appendingPathComponent(ThumbnailURI.fileName(for: uri))
    }

    /// The most bytes of an original read for its header: 256 KiB (a JPEG's SOF comes after its
    /// EXIF block, at most 64 KiB, and any other APPn segments).
    public static let maxOriginalHeaderBytes = 256 << 10

    /// The first ``maxOriginalHeaderBytes`` of the regular file at `path` (an original: its
    /// header, read without reading the photo), or nil. Never blocks on a FIFO.
    public static func originalPrefix(_ path: FilePath) -> [UInt8]? {
        ThumbnailFiles.readPrefix(path, limit: maxOriginalHeaderBytes)
    }

    public func lookUp(_ file: URL, covering size: PixelSize) -> ThumbnailLookup {
        guard let path = file.localPath, let status = ThumbnailFiles.status(ofOriginal: path) else { return .miss(nil) }
        let slot = ThumbnailSlot(
            file: file, uri: ThumbnailURI.uri(for: file), modificationTime: status.modificationTime,
            byteCount: status.byteCount)
        let classes = ThumbnailSizeClass.allCases.filter {
            FileManager.default.fileExists(atPath: thumbnailURL(for: slot.uri, in: $0).path)
        }
        // What decoding the original would give: a thumbnail with fewer pixels would cost quality.
        guard !classes.isEmpty,
            let prefix = Self.originalPrefix(path),
            let header = try? ImageDecoder.probe(prefix)
        else { return .miss(slot) }
        let needed = Self.neededPixels(for: header, covering: size)
        for sizeClass in classes {
            if let thumbnail = validThumbnail(in: sizeClass, slot: slot, covering: needed) {
                return .hit(thumbnail)
            }
        }
        return .miss(slot)
    }

    public func sizeToStore(for header: ImageHeader, covering size: PixelSize) -> PixelSize? {
        let original = header.size
        guard !original.isEmpty else { return nil }
        let needed = Self.neededPixels(for: header, covering: size)
        return ThumbnailSizeClass.smallest(for: original, covering: needed)?.thumbnailSize(for: original)
    }

    /// The pixels a thumbnail needs to stand in for decoding an original of `header` toward
    /// `size`: what that decode gives (DCT scaling and area-average factor), at least `size`,
    /// at most ``coverFactor`` × `size`.
    static func neededPixels(for header: ImageHeader, covering size: PixelSize) -> PixelSize {
        let decoded = ImageDecoder.decodedSize(for: header, options: DecodingOptions(targetSize: size))
        return PixelSize(
            width: max(size.width, min(decoded.width, coverFactor * size.width)),
            height: max(size.height, min(decoded.height, coverFactor * size.height)))
    }

    /// How many times the drawn size a thumbnail must cover: an area average from 6× is as
    /// good as one from the DCT-scaled decode (up to 8×), measured against the full-size photo
    /// by `ThumbnailQualityTests` (4× loses SSIM). Uncapped, a 20-column grid cell would write
    /// a 512-px thumbnail of a large photo, and a cold `show --grid` of many files would take
    /// many times longer than without the cache (`feedbench --scenario grid-scale` times it
    /// cold, warm and with the cache off).
    static let coverFactor = 6

    /// zlib's level for the thumbnails written: 1. libpng's default, 6, makes a cold `show`
    /// spend far longer writing for files only a little smaller (`feedbench --scenario
    /// grid-scale` times cold runs).
    static let compressionLevel = 1

    public func store(_ thumbnail: Bitmap, for slot: ThumbnailSlot) {
        let longest = max(thumbnail.width, thumbnail.height)
        guard longest > 0, let sizeClass = ThumbnailSizeClass.allCases.first(where: { $0.side >= longest }) else { return }
        var text = [
            PNGText(keyword: "Thumb::URI", text: slot.uri),
            PNGText(keyword: "Thumb::MTime", text: String(slot.modificationTime)),
            PNGText(keyword: "Thumb::Size", text: String(slot.byteCount)),
            PNGText(keyword: "Software", text: software),
        ]
        if let original = slot.originalSize {
            text += [
                PNGText(keyword: "Thumb::Image::Width", text: String(original.width)),
                PNGText(keyword: "Thumb::Image::Height", text: String(original.height)),
            ]
        }
        guard let png = try? PNGEncoder.encode(thumbnail, text: text, compressionLevel: Self.compressionLevel) else { return }
        let folder = directory.appendingPathComponent(sizeClass.directoryName)
        guard ThumbnailFiles.makePrivateDirectory(directory.path), ThumbnailFiles.makePrivateDirectory(folder.path) else {
            return
        }
        ThumbnailFiles.writeAtomically(png, to: thumbnailURL(for: slot.uri, in: sizeClass).path)
    }

    /// The decoded thumbnail of `slot` in `sizeClass` when it is within the class's bounds,
    /// valid for `slot` and covers `size`.
    private func validThumbnail(in sizeClass: ThumbnailSizeClass, slot: ThumbnailSlot, covering size: PixelSize)
        -> StoredThumbnail?
    {
        let path = thumbnailURL(for: slot.uri, in: sizeClass).path
        guard let bytes = ThumbnailFiles.readRegularFile(path, limit: sizeClass.maxFileBytes),
            let text = PNGTextChunks.validated(bytes)
        else { return nil }
        guard text["Thumb::URI"] == slot.uri, text["Thumb::MTime"].flatMap({ Int($0) }) == slot.modificationTime else {
            return nil
        }
        if let recorded = text["Thumb::Size"], Int(recorded) != slot.byteCount { return nil }
        let original = Self.recordedOriginalSize(text)
        guard let header = try? ImageDecoder.probe(bytes), header.format == .png,
            header.size.width <= sizeClass.side, header.size.height <= sizeClass.side,
            ThumbnailSizeClass.covers(header.size, original: original, needed: size)
        else { return nil }
        let options = DecodingOptions(maxPixels: sizeClass.side * sizeClass.side)
        guard let decoded = try? ImageDecoder.decode(bytes, options: options) else { return nil }
        return StoredThumbnail(bitmap: decoded.bitmap, byteCount: bytes.count, originalSize: original)
    }

    private static func recordedOriginalSize(_ text: [String: String]) -> PixelSize? {
        guard let width = text["Thumb::Image::Width"].flatMap({ Int($0) }),
            let height = text["Thumb::Image::Height"].flatMap({ Int($0) }), width > 0, height > 0
        else { return nil }
        return PixelSize(width: width, height: height)
    }
}
