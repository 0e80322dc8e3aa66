import Vocabulary

extension ImageDecoder {
    /// `region` of the upright image (clamped to it) toward `storedTarget` (stored axes; nil:
    /// full size), upright when `options.appliesOrientation`.
    ///
    /// JPEG: the stored part at the smallest DCT scale that still covers the target, only its
    /// rows and iMCU columns decoded (`pf_jpeg_decode_region`). Other formats have no region
    /// decoding in their libraries here: the whole image decodes, area-averaged toward the
    /// whole image's share of the target, and the part is cut from it.
    static func decodeRegion(
        _ bytes: [UInt8], header: ImageHeader, region: PixelRect, storedTarget: PixelSize?, options: DecodingOptions
    ) throws -> DecodedImage {
        let upright = options.appliesOrientation ? header.size : header.storedSize
        let x = min(max(0, region.x), max(0, upright.width - 1))
        let y = min(max(0, region.y), max(0, upright.height - 1))
        let clamped = PixelRect(
            x: x, y: y, width: min(max(1, region.width), upright.width - x), height: min(max(1, region.height), upright.height - y))
        guard clamped.width > 0, clamped.height > 0 else {
            throw ImageCodecError.invalidArgument("the region \(region) is outside the \(upright) image")
        }
        let stored = header.storedSize
        let part = options.appliesOrientation ? header.orientation.storedRect(for: clamped, stored: stored) : clamped
        var bitmap: Bitmap
        var denominator = 1
        switch header.format {
        case .jpeg:
            if let storedTarget { denominator = JPEGDecoding.scaleDenominator(for: part.size, covering: storedTarget) }
            let scaled = JPEGDecoding.scaledSize(stored, denominator: denominator)
            let x0 = part.x / denominator
            let y0 = part.y / denominator
            let x1 = min(scaled.width, (part.x + part.width + denominator - 1) / denominator)
            let y1 = min(scaled.height, (part.y + part.height + denominator - 1) / denominator)
            bitmap = try JPEGDecoding.decodeRegion(
                bytes, region: PixelRect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0)),
                scaleDenominator: denominator, maxMemory: options.decoderMemoryCap(inputBytes: bytes.count))
        case let format:
            // The whole image's share of the target: the part's target scaled by whole / part.
            let wholeTarget = storedTarget.map { target in
                PixelSize(
                    width: (target.width * stored.width + part.width - 1) / part.width,
                    height: (target.height * stored.height + part.height - 1) / part.height)
            }
            let plan = DecodePlan(format: format, stored: stored, target: wholeTarget, threshold: options.reductionThreshold)
            denominator = plan.reduction
            let whole = switch format {
            case .png: try PNGDecoding.decode(bytes, size: stored, reduce: plan.reduction)
            case .bmp: try BMPDecoding.decode(bytes, reduce: plan.reduction)
            default: try LibraryDecoding.decode(bytes, format: format, size: stored, reduce: plan.reduction)
            }
            let r = plan.reduction
            let x0 = part.x / r
            let y0 = part.y / r
            let x1 = min(whole.width, (part.x + part.width + r - 1) / r)
            let y1 = min(whole.height, (part.y + part.height + r - 1) / r)
            bitmap = whole.cropped(to: PixelRect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0)))
        }
        if options.appliesOrientation { bitmap = bitmap.oriented(header.orientation) }
        return DecodedImage(bitmap: bitmap, header: header, scaleDenominator: denominator)
    }
}
