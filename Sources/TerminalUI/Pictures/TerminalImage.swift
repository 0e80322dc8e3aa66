public import ImageCodecs

/// Pixels a terminal holds and draws itself (kitty graphics), named by an id the picture's
/// cells refer to.
///
/// Two images with the same id are the same image: the id is derived from the pixels, so a
/// reused id never shows another picture.
public struct TerminalImage: Hashable, Sendable {
    /// How the terminal puts the image on screen.
    public enum Placement: Hashable, Sendable {
        /// Where the picture's cells (Unicode placeholders naming the image) are: the terminal
        /// moves and clips them like text (kitty ≥ 0.28).
        case placeholders
        /// At the picture's visible cells, placed by the screen after the text and moved or
        /// deleted when the frame changes (every kitty version).
        case direct
        /// As a sixel graphic written at the picture's visible cells after the text; the text
        /// written over its cells when it moves or goes erases it.
        case sixel
        /// As an iTerm2 inline image (`OSC 1337`) written at the picture's visible cells after
        /// the text, erased like a sixel (iTerm2, WezTerm, Konsole, mintty).
        case iterm

        /// Whether the picture is drawn into the cells after the text and stays until text is
        /// written over them (sixel, iTerm2), rather than held and placed by the terminal (kitty).
        public var isDrawnOverText: Bool { self == .sixel || self == .iterm }
    }

    /// The id the terminal stores the pixels under (never 0).
    public let id: UInt32
    /// How it is put on screen.
    public let placement: Placement
    /// The pixels.
    public let bitmap: Bitmap
    /// The cells the image covers.
    public let cells: TerminalSize

    /// An image for `bitmap` covering `cells`, its id derived from the pixels and the cells.
    public init(bitmap: Bitmap, cells: TerminalSize, placement: Placement = .placeholders) {
        self.bitmap = bitmap
        self.cells = cells
        self.placement = placement
        self.id = Self.id(for: bitmap, cells: cells)
    }

    /// The same pixels stored under another id (a small, palette-named one).
    public func renamed(_ id: UInt32) -> TerminalImage {
        TerminalImage(id: id, bitmap: bitmap, cells: cells, placement: placement)
    }

    private init(id: UInt32, bitmap: Bitmap, cells: TerminalSize, placement: Placement) {
        self.id = id
        self.bitmap = bitmap
        self.cells = cells
        self.placement = placement
    }

    public static func == (lhs: TerminalImage, rhs: TerminalImage) -> Bool {
        lhs.id == rhs.id && lhs.cells == rhs.cells && lhs.placement == rhs.placement
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(cells)
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
