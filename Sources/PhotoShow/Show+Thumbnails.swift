import FoundationEssentials
import ImageCodecs
public import ImageLoading
import Vocabulary

extension Show {
    /// The freedesktop.org thumbnail cache `show` reads and writes, or nil when switched off;
    /// its misses kept for later (``DeferredThumbnails``) when `settings` says where they go.
    static func thumbnailCache(_ settings: ShowSettings) -> (any ThumbnailCaching)? {
        guard settings.thumbnailCache else { return nil }
        let cache = FreedesktopThumbnailCache(environment: ShowGrid.cacheEnvironment())
        return settings.writeThumbnailsLater == nil ? cache : DeferredThumbnails(cache)
    }

    /// Hands the thumbnails `thumbnails` kept for later to `settings`' writer, when there are any.
    static func handOver(_ thumbnails: (any ThumbnailCaching)?, _ settings: ShowSettings) {
        guard let deferred = thumbnails as? DeferredThumbnails, let write = settings.writeThumbnailsLater else { return }
        let jobs = deferred.takeJobs()
        if !jobs.isEmpty { write.write(jobs) }
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
    static func decodeFile(
        bytes: [UInt8], header: ImageHeader, file: URL, target: PixelSize, thumbnails: (any ThumbnailCaching)?
    ) throws -> Bitmap {
        // A name is a claim the bytes must bear out (a PNG named .webp is an error naming both).
        try ImageDecoder.checkClaim(ImageFormat.claimed(byName: file.lastPathComponent), of: bytes)
        var slot: ThumbnailSlot?
        if let thumbnails {
            switch thumbnails.lookUp(file, covering: target) {
            case .hit(let thumbnail): return thumbnail.bitmap
            case .miss(let missed): slot = missed
            }
        }
        let store = slot.flatMap { _ in thumbnails?.sizeToStore(for: header, covering: target) }
        let decodeTarget = store.map {
            PixelSize(width: max(target.width, $0.width), height: max(target.height, $0.height))
        } ?? target
        let decoded = try ImageDecoder.decode(
            bytes, options: DecodingOptions(targetSize: decodeTarget, allowsEmbeddedThumbnail: true, allowsDCOnlyDecoding: true))
        if let thumbnails, var slot, let store {
            slot.originalSize = decoded.header.size
            thumbnails.store(decoded.bitmap.size == store ? decoded.bitmap : decoded.bitmap.resized(to: store), for: slot)
        }
        return decoded.bitmap
    }
}
