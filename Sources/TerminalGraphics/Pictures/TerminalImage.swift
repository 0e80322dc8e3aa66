public import ImageCodecs
public import Vocabulary

/// Pixels a terminal draws through a ``GraphicsProtocol``, named by an id (kitty holds them
/// under it; placeholder cells refer to it; screens key their encodings by it).
///
/// Two images with the same id are the same image: the id is derived from the pixels, so a
/// reused id never shows another picture. It is also derived from a number this process drew
/// at random (``processSalt``): the same photo shown by two processes in one kitty (`show`
/// twice, or a `show` and then the viewer) gets two ids, so the second transmission never
/// replaces the first's image and takes its placements away.
public struct TerminalImage: Hashable, Sendable {
    /// The id the terminal stores the pixels under (never 0).
    public let id: UInt32
    /// The protocol that draws it.
    public let graphics: any GraphicsProtocol
    /// The pixels.
    public let bitmap: Bitmap
    /// The cells the image covers.
    public let cells: CellSize
    /// `bitmap` already encoded as a PNG (a picture read back from a cache): kitty is sent
    /// these bytes instead of a new encoding. Not part of the image's identity.
    public var encodedPNG: [UInt8]?

    /// An image for `bitmap` covering `cells`, its id derived from the pixels and the cells.
    public init(bitmap: Bitmap, cells: CellSize, graphics: any GraphicsProtocol) {
        self.bitmap = bitmap
        self.cells = cells
        self.graphics = graphics
        self.id = Self.id(for: bitmap, cells: cells)
    }

    /// The same pixels stored under another id (a small, palette-named one), within
    /// ``KittyGraphics/imageIDs``.
    public func renamed(_ id: UInt32) -> TerminalImage {
        precondition(KittyGraphics.imageIDs.contains(id), "kitty image id \(id) out of 1…2³¹−1")
        var renamed = TerminalImage(id: id, bitmap: bitmap, cells: cells, graphics: graphics)
        renamed.encodedPNG = encodedPNG
        return renamed
    }

    private init(id: UInt32, bitmap: Bitmap, cells: CellSize, graphics: any GraphicsProtocol) {
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

    /// Mixed into every id this process makes: random, drawn once.
    static let processSalt = UInt64.random(in: .min ... .max)

    /// FNV-1a (64-bit) over the process's salt, the size and the pixels, eight bytes a step (a byte a
    /// step is a visible part of a `show`), folded to 32 bits so it is never 0 and its lower
    /// 24 bits are never 0 (a foreground of pure black would be the terminal's default colour in
    /// some setups).
    static func id(for bitmap: Bitmap, cells: CellSize, salt: UInt64 = processSalt) -> UInt32 {
        var wide: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ word: UInt64) {
            wide ^= word
            wide = wide &* 0x0000_0100_0000_01B3
        }
        mix(salt)
        for value in [bitmap.width, bitmap.height, cells.columns, cells.rows] { mix(UInt64(truncatingIfNeeded: value)) }
        bitmap.withBytes { bytes in
            let words = bytes.count / 8
            let raw = UnsafeRawBufferPointer(bytes)
            for index in 0..<words { mix(raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) }
            for index in (words * 8)..<bytes.count { mix(UInt64(bytes[index])) }
        }
        var hash = UInt32(truncatingIfNeeded: wide ^ (wide >> 32)) & KittyGraphics.imageIDs.upperBound
        if hash & 0x00FF_FFFF == 0 { hash |= 1 }
        return hash
    }
}
