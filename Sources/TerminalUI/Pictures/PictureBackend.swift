public import BlockArt
public import ImageCodecs

/// Which picture backend the viewer draws with (`--graphics`).
public enum PictureBackend: String, Hashable, Sendable, CaseIterable {
    /// Colour block art: every terminal.
    case blocks
    /// Real pixels through the kitty graphics protocol, placed by the screen at each picture's
    /// cells (every kitty version).
    case kitty
    /// Real pixels through the kitty graphics protocol, placed with Unicode placeholders, which
    /// the terminal moves like text (kitty ≥ 0.28; needs 24-bit colour).
    case kittyPlaceholders = "kitty-placeholders"
    /// Real pixels as sixel graphics, written at each picture's cells after the text (xterm
    /// `-ti vt340`, foot, mlterm, WezTerm, …).
    case sixel
    /// Real pixels as iTerm2 inline images (`OSC 1337`), written at each picture's cells after
    /// the text (iTerm2, WezTerm, Konsole, mintty).
    case iterm

    /// The fewest colours the backend needs: placeholder cells name their image by colour (a
    /// 24-bit one, or a 256-colour index with a small id).
    public var minimumColors: ColorCapability { self == .kittyPlaceholders ? .palette256 : .none }

    /// The renderer for this backend.
    public func renderer(art: BlockArtOptions, cellPixels: PixelSize? = nil) -> any PictureRenderer {
        switch self {
        case .blocks: BlockArtPictures(options: art)
        case .kitty: PixelPictures(cellPixels: cellPixels ?? PixelSize(width: 10, height: 20), placement: .direct)
        case .kittyPlaceholders:
            PixelPictures(cellPixels: cellPixels ?? PixelSize(width: 10, height: 20), placement: .placeholders)
        case .sixel: PixelPictures(cellPixels: cellPixels ?? PixelSize(width: 10, height: 20), placement: .sixel)
        case .iterm: PixelPictures(cellPixels: cellPixels ?? PixelSize(width: 10, height: 20), placement: .iterm)
        }
    }
}
