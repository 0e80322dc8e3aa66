public import ImageCodecs

/// Pictures as real pixels: through the kitty graphics protocol (placed with Unicode
/// placeholders, or directly), as sixel graphics, or as iTerm2 inline images.
///
/// The pipeline is asked for the box times the cell size in pixels, fitted to the photo's
/// aspect, so the terminal shows exactly the pixels decoded. The picture's cells are
/// placeholders; its ``TerminalImage`` is what a screen that speaks the protocol transmits
/// (once per image) before the placeholders show it.
///
/// ```swift
/// let pictures = PixelPictures(cellPixels: PixelSize(width: 10, height: 20))
/// let picture = pictures.picture(for: bitmap, in: TerminalSize(rows: 16, columns: 32))
/// ```
public struct PixelPictures: PictureRenderer {
    /// One cell's size in pixels.
    public let cellPixels: PixelSize
    /// Placeholders (the terminal moves them like text) or direct placement (the screen does).
    public let placement: TerminalImage.Placement

    /// A kitty backend for cells of `cellPixels` (10×20 when the terminal did not say).
    public init(cellPixels: PixelSize = PixelSize(width: 10, height: 20), placement: TerminalImage.Placement = .placeholders) {
        self.cellPixels = PixelSize(width: max(1, cellPixels.width), height: max(1, cellPixels.height))
        self.placement = placement
    }

    public var name: String {
        switch placement {
        case .sixel: "sixel"
        case .iterm: "iterm"
        case .direct, .placeholders: "kitty"
        }
    }

    public func pixelSize(forImage imageSize: PixelSize?, in box: TerminalSize) -> PixelSize {
        let limit = PixelBudget.clamp(PixelSize(
            width: max(1, box.columns * cellPixels.width), height: max(1, box.rows * cellPixels.height)))
        guard let imageSize, imageSize.width > 0, imageSize.height > 0 else { return limit }
        let scale = min(Double(limit.width) / Double(imageSize.width), Double(limit.height) / Double(imageSize.height))
        return PixelSize(
            width: max(1, Int((Double(imageSize.width) * scale).rounded())),
            height: max(1, Int((Double(imageSize.height) * scale).rounded())))
    }

    public func picture(for bitmap: Bitmap, in box: TerminalSize) -> Picture {
        let cells = TerminalSize(
            rows: min(box.rows, max(1, (bitmap.height + cellPixels.height - 1) / cellPixels.height)),
            columns: min(box.columns, max(1, (bitmap.width + cellPixels.width - 1) / cellPixels.width)))
        let image = TerminalImage(bitmap: bitmap, cells: cells, placement: placement)
        switch placement {
        case .placeholders:
            return Picture(cells: KittyPlaceholder.cells(imageID: image.id, size: cells), image: image)
        case .direct, .sixel, .iterm:
            // Blank cells under the pixels: nothing of the text layer shows through.
            return Picture(cells: CellBlock(size: cells), image: image)
        }
    }

    /// The symbol sets of block art mean nothing here.
    public func nextVariant() -> (any PictureRenderer)? { nil }
}
