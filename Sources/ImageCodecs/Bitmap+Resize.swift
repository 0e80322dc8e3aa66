public import Vocabulary

extension Bitmap {
    /// Scaled to exactly `size`: area-average (box filter) when shrinking, bilinear when growing,
    /// chosen per axis.
    ///
    /// Colours are averaged premultiplied by alpha, so transparent pixels do not bleed into
    /// their neighbours. An empty `size` gives an empty bitmap.
    ///
    /// ```swift
    /// let thumbnail = photo.resized(to: PixelSize(width: 80, height: 40))
    /// ```
    public func resized(to size: PixelSize) -> Bitmap {
        resampled(from: PixelRect(x: 0, y: 0, width: width, height: height), to: size)
    }

    /// The part of the bitmap inside `rect` (clamped to the bitmap).
    ///
    /// A rectangle wholly outside gives an empty (0×0) bitmap.
    public func cropped(to rect: PixelRect) -> Bitmap {
        let clamped = clampedRect(rect)
        guard clamped.width > 0, clamped.height > 0 else { return Bitmap(width: 0, height: 0) }
        var out = [UInt8]()
        out.reserveCapacity(clamped.width * clamped.height * 4)
        for y in clamped.y..<clamped.y + clamped.height {
            let start = y * bytesPerRow + clamped.x * 4
            out.append(contentsOf: bytes[start..<start + clamped.width * 4])
        }
        return Bitmap(uncheckedWidth: clamped.width, height: clamped.height, bytes: out)
    }

    /// The largest size with this bitmap's aspect ratio that fits inside `box` (at least 1×1).
    public func fittingSize(in box: PixelSize) -> PixelSize {
        let boxWidth = max(1, box.width), boxHeight = max(1, box.height)
        guard width > 0, height > 0 else { return PixelSize(width: boxWidth, height: boxHeight) }
        // Compare the aspect ratios exactly: width/height against boxWidth/boxHeight.
        if width * boxHeight >= height * boxWidth {
            let fitted = Int((Double(height) * Double(boxWidth) / Double(width)).rounded())
            return PixelSize(width: boxWidth, height: min(boxHeight, max(1, fitted)))
        } else {
            let fitted = Int((Double(width) * Double(boxHeight) / Double(height)).rounded())
            return PixelSize(width: min(boxWidth, max(1, fitted)), height: boxHeight)
        }
    }

    /// Scaled to fit inside `box`, keeping the aspect ratio (letterbox without the bars).
    public func fit(into box: PixelSize) -> Bitmap {
        resized(to: fittingSize(in: box))
    }

    /// Scaled and centre-cropped to cover `box` exactly.
    ///
    /// The crop keeps the centre of the image with `box`'s aspect ratio; nothing is copied
    /// before the resample reads it.
    public func fill(_ box: PixelSize) -> Bitmap {
        guard !box.isEmpty, width > 0, height > 0 else {
            return Bitmap(width: max(0, box.width), height: max(0, box.height), fill: .clear)
        }
        return resampled(from: centreCrop(aspect: box), to: box)
    }

    /// The largest centred rectangle with `aspect`'s width-to-height ratio.
    func centreCrop(aspect: PixelSize) -> PixelRect {
        if width * aspect.height > height * aspect.width {
            let cropWidth = max(1, min(width, Int((Double(height) * Double(aspect.width) / Double(aspect.height)).rounded())))
            return PixelRect(x: (width - cropWidth) / 2, y: 0, width: cropWidth, height: height)
        } else {
            let cropHeight = max(1, min(height, Int((Double(width) * Double(aspect.height) / Double(aspect.width)).rounded())))
            return PixelRect(x: 0, y: (height - cropHeight) / 2, width: width, height: cropHeight)
        }
    }

    /// `rect` intersected with the bitmap's bounds (zero-sized when they do not meet).
    func clampedRect(_ rect: PixelRect) -> PixelRect {
        let x0 = min(max(rect.x, 0), width)
        let y0 = min(max(rect.y, 0), height)
        let (right, rightOverflow) = rect.x.addingReportingOverflow(max(0, rect.width))
        let (bottom, bottomOverflow) = rect.y.addingReportingOverflow(max(0, rect.height))
        let x1 = rightOverflow ? width : min(max(right, x0), width)
        let y1 = bottomOverflow ? height : min(max(bottom, y0), height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
