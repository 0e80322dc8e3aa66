import FoundationEssentials
import ImageCodecs
import Vocabulary

extension ImagePipeline {
    /// What the thumbnail cache said for one image job.
    enum ThumbnailOutcome {
        /// A stored thumbnail covered the request: the processed image.
        case found(Result<ProcessedImage, ImageLoadError>)
        /// None: read the original, and store its thumbnail in the slot (when there is one).
        case missing(ThumbnailSlot?)
        /// The job was cancelled while waiting for a decode slot.
        case cancelled
    }

    /// Asks the thumbnail cache (on the decode queue: it reads and decodes a PNG) for a
    /// thumbnail of the file at `url` covering `target`; a hit is processed like a decoded
    /// original, cached in memory, counted as a disk hit, and its source is `.thumbnail` (the
    /// row names the thumbnail cache, not photofeed's disk cache, which it never touched).
    func lookUpThumbnail(
        url: URL, target: PixelSize, thumbnails: any ThumbnailCaching, key: ImageCacheKey, request: ImageRequest,
        control: JobControl
    ) async -> ThumbnailOutcome {
        let processors = request.processors
        let clock = ContinuousClock()
        let started = clock.now
        let looked: (ThumbnailLookup, Bitmap?, Duration, AnimationData?)
        do {
            looked = try await decodeQueue.run(priority: control.priority, following: control) {
                await decoder.run {
                    let lookupStart = clock.now
                    let lookup = thumbnails.lookUp(url, covering: target)
                    guard case .hit(let thumbnail) = lookup else { return (lookup, nil, .zero, nil) }
                    let decoded = clock.now
                    var processed = thumbnail.bitmap
                    for processor in processors { processed = processor.process(processed) }
                    // A thumbnail is one frame: an animated original is read to be played.
                    return (lookup, processed, decoded - lookupStart, AnimationData(animatedFile: url))
                }
            }
        } catch {
            return .cancelled
        }
        switch looked {
        case (.miss(let slot), _, _, _):
            return .missing(slot)
        case (.hit(let thumbnail), let processed?, let decode, let animation):
            emit(.diskHit, stage: .data, url: url.absoluteString, taskID: control.jobID)
            emit(.decoded, stage: .image, url: url.absoluteString, taskID: control.jobID)
            if control.options.writesMemory {
                configuration.memoryCache?.store(ImageContainer(bitmap: processed, animation: animation), for: key)
            }
            let data = FetchedData(bytes: [], source: .thumbnail, transferred: 0, fetch: .zero)
            return .found(
                .success(
                    ProcessedImage(
                        bitmap: processed, originalSize: thumbnail.originalSize ?? thumbnail.bitmap.size, data: data,
                        decode: decode, process: clock.now - started - decode, byteCount: thumbnail.byteCount,
                        animation: animation)))
        case (.hit, nil, _, _):
            return .missing(nil)
        }
    }
}
