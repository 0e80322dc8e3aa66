public import ImageCodecs

/// Pixels a terminal draws through a ``GraphicsProtocol``, named by an id (kitty holds them
/// under it; placeholder cells refer to it; screens key their encodings by it).
///
/// Two images with the same id are the same image: the id is derived from the pixels, so a
/// reused id never shows another picture.
public struct TerminalImage: Hashable, Sendable {
    /// The id the terminal stores the pixels under (never 0).
    public let id: UInt32
    /// The protocol that draws it.
    public let graphics: any GraphicsProtocol
    /// The pixels.
    public let bitmap: Bitmap
    /// The cells the image covers.
    public let cells: TerminalSize

    /// An image for `bitmap` covering `cells`, its id derived from the pixels and the cells.
    public init(bitmap: Bitmap, cells: TerminalSize, graphics: any GraphicsProtocol) {
        self.bitmap = bitmap
        self.cells = cells
        self.graphics = graphics
        self.id = Self.id(for: bitmap, cells: cells)
    }

    /// The same pixels stored under another id (a small, palette-named one).
    public func renamed(_ id: UInt32) -> TerminalImage {
        TerminalImage(id: id, bitmap: bitmap, cells: cells, graphics: graphics)
    }

    private init(id: UInt32, bitmap: Bitmap, cells: TerminalSize, graphics: any GraphicsProtocol) {
        self.id = id
        self.bitmap = bitmap
        self.cells = cells
        self.graphics = graphics
    }

    public static func == (lhs: TerminalImage, rhs: TerminalImage) -> Bool {
        lhs.id == rhs.id && lhs.cells == rhs.cells && lhs.graphics.isSame(as: rhs.graphics)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(cells)
    }

    /// The pixels of a `width`×`height` rendering of this image that show when its top-left cell
    /// would be at `origin` and only `visible` shows; nil when none do.
    public func visiblePixels(width: Int, height: Int, origin: CellPoint, visible: CellRect) -> PixelRect? {
        guard cells.rows > 0, cells.columns > 0 else { return nil }
        let top = pixelTop(ofRow: visible.origin.row - origin.row, height: height)
        let left = width * (visible.origin.column - origin.column) / cells.columns
        let rows = min(height - top, height * visible.size.rows / cells.rows)
        let columns = min(width - left, width * visible.size.columns / cells.columns)
        guard rows > 0, columns > 0 else { return nil }
        return PixelRect(x: left, y: top, width: columns, height: rows)
    }

    /// The first pixel row of cell row `row` (from the image's top) in a rendering `height`
    /// pixels tall: where a crop whose top cell row is `row` starts (``visiblePixels(width:height:origin:visible:)``).
    public func pixelTop(ofRow row: Int, height: Int) -> Int {
        height * row / max(1, cells.rows)
    }

    /// FNV-1a over the size and the pixels, folded so it is never 0 and its lower 24 bits are
    /// never 0 (a foreground of pure black would be the terminal's default colour in some setups).
    static func id(for bitmap: Bitmap, cells: TerminalSize) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        func mix(_ byte: UInt8) {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        for value in [bitmap.width, bitmap.height, cells.columns, cells.rows] {
            for shift in stride(from: 0, to: 32, by: 8) { mix(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        for byte in bitmap.bytes { mix(byte) }
        if hash & 0x00FF_FFFF == 0 { hash |= 1 }
        return hash
    }
}
