import ImageCodecs

extension ImageDecompression {
    /// The preview of a progressive JPEG's bytes so far, decoded toward the processors' box and
    /// processed like the final image; nil when there is none (not progressive, no complete
    /// scan) or when the bytes fail to decode: a preview never fails a load, the final decode
    /// reports what is wrong with the file. Blocking: run it on an `OffloadQueue`.
    func preview(_ bytes: [UInt8], processors: [ImageProcessor], progress: LoadProgress) -> ImagePreview? {
        for case .resize(let size, _) in processors where size.pixelCount > maxPixels { return nil }
        // A zoomed view's part comes whole from its region decode.
        guard processors.decodingRegion == nil else { return nil }
        let decoded: ProgressivePreview?
        do {
            decoded = try ImageDecoder.decodePreview(
                bytes, options: DecodingOptions(targetSize: processors.decodingTargetSize, maxPixels: maxPixels))
        } catch {
            return nil
        }
        guard let decoded else { return nil }
        var bitmap = decoded.image.bitmap
        for processor in processors { bitmap = processor.process(bitmap) }
        return ImagePreview(bitmap: bitmap, scan: decoded.scan, progress: progress, isCoarse: decoded.isCoarse)
    }
}
