import ImageCodecs

/// Decodes original bytes and runs the processors: sniffs the format from the bytes (whatever the
/// server claimed), checks the pixel limit from the header before allocating, decodes with DCT
/// scaling toward the first resize's box, then processes.
struct ImageDecompression: Sendable {
    var maxPixels: Int

    struct Output: Sendable {
        var bitmap: Bitmap
        var originalSize: PixelSize
        var decode: Duration
        var process: Duration
    }

    /// Blocking: run it on an `OffloadQueue`.
    func run(_ bytes: [UInt8], processors: [ImageProcessor]) -> Result<Output, ImageLoadError> {
        for case .resize(let size, _) in processors where size.pixelCount > maxPixels {
            return .failure(.tooLarge(width: size.width, height: size.height, limit: maxPixels))
        }
        let clock = ContinuousClock()
        let decodeStart = clock.now
        let decoded: DecodedImage
        var probed: ImageHeader?
        do {
            let header = try ImageDecoder.probe(bytes)
            probed = header
            guard header.storedSize.pixelCount <= maxPixels else {
                return .failure(.tooLarge(width: header.size.width, height: header.size.height, limit: maxPixels))
            }
            decoded = try ImageDecoder.decode(
                bytes, options: DecodingOptions(targetSize: processors.decodingTargetSize, maxPixels: maxPixels))
        } catch let error as ImageCodecError {
            return .failure(ImageDecompression.map(error, byteCount: bytes.count, header: probed, maxPixels: maxPixels))
        } catch {
            return .failure(.decodingFailed(String(describing: error)))
        }
        let decodeEnd = clock.now
        var bitmap = decoded.bitmap
        for processor in processors { bitmap = processor.process(bitmap) }
        return .success(
            Output(
                bitmap: bitmap, originalSize: decoded.header.size, decode: decodeEnd - decodeStart,
                process: clock.now - decodeEnd))
    }

    static func map(_ error: ImageCodecError, byteCount: Int, header: ImageHeader?, maxPixels: Int) -> ImageLoadError {
        switch error.kind {
        case .unsupportedFormat: .unsupportedFormat("\(error) (\(byteCount) bytes)")
        case .tooManyPixels:
            .tooLarge(width: header?.size.width ?? 0, height: header?.size.height ?? 0, limit: maxPixels)
        default: .decodingFailed(error.description)
        }
    }
}
