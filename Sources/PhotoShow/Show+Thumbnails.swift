import FoundationEssentials
import FoundationExtras
import ImageCodecs
public import ImageLoading
import SystemPackage
import Vocabulary

#if canImport(Glibc)
import Glibc
#endif

extension Show {
    /// The freedesktop.org thumbnail cache `show --grid` reads and writes, or nil when switched
    /// off; its misses kept for later (``DeferredThumbnails``) when `settings` says where they go.
    static func thumbnailCache(_ settings: ShowSettings) -> (any ThumbnailCaching)? {
        guard settings.thumbnailCache else { return nil }
        let cache = FreedesktopThumbnailCache(environment: ShowGrid.cacheEnvironment())
        return settings.writeThumbnailsLater == nil ? cache : DeferredThumbnails(cache)
    }

    /// The pictures `show` reads back and keeps for block art one picture after another, or nil
    /// when switched off (`--no-thumbnail-cache`): photofeed's picture cache, at the size each
    /// picture is drawn from (``PictureThumbnails``), not the freedesktop.org thumbnails, whose
    /// covering size (512 or 1024 px for a previewer's pane) costs more to read than the JPEG's
    /// DCT-scaled decode, and to make than the picture (`feedbench --scenario previewer`).
    /// What it makes is written by ``handOver(_:_:)`` once the output is written: no second
    /// decode, no background process. Pictures drawn for cells of other proportions than 1:2
    /// (`aspect`) are named with them: one made for other cells is never taken; so are those of
    /// `--raw develop`, whose RAW files are drawn from their sensor data, not their previews.
    static func pictureThumbnails(_ settings: ShowSettings, aspect: CellAspect) -> PictureThumbnails? {
        guard settings.thumbnailCache else { return nil }
        return PictureThumbnails(
            PictureCache(directory: PictureCache.defaultDirectory(environment: ShowGrid.cacheEnvironment())),
            variant: (aspect.ratio == CellAspect.standard.ratio ? "" : " cell \(aspect)") + rawVariant(settings.raw))
    }

    /// What a picture cache's name or layout gains for `raw` (nothing for the preview).
    static func rawVariant(_ raw: RawRendering) -> String {
        raw == .preview ? "" : " raw \(raw.rawValue)"
    }

    /// After the output: writes the pictures `thumbnails` made (``PictureThumbnails``, in this
    /// process, from the pixels decoded for the output), or hands the thumbnails it kept for
    /// later to `settings`' writer (``DeferredThumbnails``, `show --grid`), when there are any.
    static func handOver(_ thumbnails: (any ThumbnailCaching)?, _ settings: ShowSettings) {
        if let pictures = thumbnails as? PictureThumbnails {
            pictures.storePending()
            return
        }
        guard let deferred = thumbnails as? DeferredThumbnails, let write = settings.writeThumbnailsLater else { return }
        let jobs = deferred.takeJobs()
        if !jobs.isEmpty { write.write(jobs) }
    }

    /// Decodes the file `image` toward the pixels `target` asks for its header, through
    /// `thumbnails`: the file's first bytes are read for its header, and a stored picture that
    /// stands in for the decode is returned without the rest of the file being read (a
    /// previewer's warm run reads a small PNG, not a 16 MB photo); otherwise the whole file is
    /// read and decoded as ``decodeFile(bytes:header:file:target:thumbnails:lookedUp:decoder:)``
    /// does. Returns the pixels and the original's size.
    static func decodeFile(
        _ image: String, maxBytes: Int, thumbnails: (any ThumbnailCaching)?, decoder: any PhotoDecoding = LivePhotoDecoding(),
        target: (ImageHeader) -> PixelSize
    ) async throws -> (Bitmap, PixelSize) {
        var lookedUp: ThumbnailLookup?
        if let thumbnails, let path = fileURL(image).localPath,
            let prefix = FreedesktopThumbnailCache.originalPrefix(path),
            let header = try? ImageDecoder.probe(prefix, rawRendering: decoder.rawRendering)
        {
            let found = thumbnails.lookUp(fileURL(image), covering: target(header))
            if case .hit(let stored) = found {
                // A name is a claim the bytes must bear out, whether or not the picture was stored.
                try ImageDecoder.checkClaim(ImageFormat.claimed(byName: fileURL(image).lastPathComponent), of: prefix)
                return (stored.bitmap, header.size)
            }
            lookedUp = found
        }
        let file = try await ShowFile.read(image, limit: maxBytes, rendering: decoder.rawRendering)
        let bitmap = try decodeFile(
            bytes: file.bytes, header: file.header, file: fileURL(image), target: target(file.header), thumbnails: thumbnails,
            lookedUp: lookedUp, decoder: decoder, raw: file.raw)
        return (bitmap, file.header.size)
    }

    /// Makes the thumbnails of `jobs` in `cache` (the freedesktop.org cache of this
    /// environment by default), each as a run with the cache on would have: a file whose
    /// thumbnail is there and still valid is skipped; one that cannot be read or decoded is
    /// passed over. Returns how many were written.
    public static func writeThumbnails(
        _ jobs: [ThumbnailJob], into cache: (any ThumbnailCaching)? = nil, maxBytes: Int = ShowSettings.defaultMaxBytes
    ) async -> Int {
        let cache = cache ?? FreedesktopThumbnailCache(environment: ShowGrid.cacheEnvironment())
        var written = 0
        for job in jobs {
            guard case .miss(_?) = cache.lookUp(job.file, covering: job.covering),
                let bytes = try? await readFile(job.file.path, limit: maxBytes),
                let header = try? ImageDecoder.probe(bytes)
            else { continue }
            if (try? decodeFile(bytes: bytes, header: header, file: job.file, target: job.covering, thumbnails: cache)) != nil {
                written += 1
            }
        }
        return written
    }

    /// Decodes a file's `bytes` toward `target` (upright pixels), through the thumbnail cache:
    /// a stored thumbnail with at least the pixels decoding the photo toward `target` gives is
    /// used instead of the photo (so the picture is never worse for it); otherwise the photo is
    /// decoded toward the larger of `target` and the thumbnail to store, and that thumbnail is
    /// written for next time, area-averaged as `show` renders. An EXIF thumbnail covering
    /// `target` stands in for the photo too.
    /// `header` is the file's, which the caller probed to choose `target`.
    /// `lookedUp`: what a lookup of `file` covering `target` just found, when the caller made
    /// it (it is not made again); `decoder`: what decodes `bytes` (once, at most), or `raw`, a
    /// camera RAW file's picture read from the open file (`bytes` are then its first bytes).
    static func decodeFile(
        bytes: [UInt8], header: ImageHeader, file: URL, target: PixelSize, thumbnails: (any ThumbnailCaching)?,
        lookedUp: ThumbnailLookup? = nil, decoder: any PhotoDecoding = LivePhotoDecoding(), raw: RawFilePicture? = nil
    ) throws -> Bitmap {
        // A name is a claim the bytes must bear out (a PNG named .webp is an error naming both).
        try ImageDecoder.checkClaim(ImageFormat.claimed(byName: file.lastPathComponent), of: bytes)
        var slot: ThumbnailSlot?
        if let thumbnails {
            switch lookedUp ?? thumbnails.lookUp(file, covering: target) {
            case .hit(let thumbnail): return thumbnail.bitmap
            case .miss(let missed): slot = missed
            }
        }
        let store = slot.flatMap { _ in thumbnails?.sizeToStore(for: header, covering: target) }
        let decodeTarget = store.map {
            PixelSize(width: max(target.width, $0.width), height: max(target.height, $0.height))
        } ?? target
        var options = DecodingOptions(targetSize: decodeTarget, allowsEmbeddedThumbnail: true, allowsDCOnlyDecoding: true)
        options.rawRendering = decoder.rawRendering
        let decoded = try raw.map { try decoder.decode($0, options: options) } ?? decoder.decode(bytes, options: options)
        // A damaged file's picture is never stored: the next show would take it for whole.
        if let thumbnails, var slot, let store, decoded.damage == nil {
            slot.originalSize = decoded.header.size
            thumbnails.store(decoded.bitmap.size == store ? decoded.bitmap : decoded.bitmap.resized(to: store), for: slot)
        }
        return decoded.bitmap
    }
}
