public import Vocabulary

/// How to turn a bitmap into cells: symbol set, colour mode, dithering, fit or fill.
///
/// Configure once, then render many bitmaps with a `BlockArtRenderer`:
///
/// ```swift
/// let renderer = BlockArtRenderer(options: .init(symbols: .sextant, colors: .palette256, dither: .diffusion))
/// ```
public struct BlockArtOptions: Sendable, Hashable {
    /// How the picture maps onto the cell box.
    public enum Scaling: String, Sendable, Hashable, CaseIterable {
        /// Keep the whole picture and its aspect; the grid is the fitted size (no padding),
        /// so it may be narrower or shorter than the box. Centre it yourself if you need to.
        case fit
        /// Cover the whole box, cropping the picture's centre; the grid is the box.
        case fill
    }

    /// Glyphs to use.
    public var symbols: SymbolSet
    /// Colours to use.
    public var colors: ColorDepth
    /// Dithering for quantised colour modes (and for `none`, over glyph patterns).
    public var dither: Dithering
    /// Fit (letterbox, no padding) or fill (centre crop).
    public var scaling: Scaling
    /// A cell's height divided by its width; 2 for nearly every terminal font.
    public var cellAspect: Double

    public init(
        symbols: SymbolSet = .sextant,
        colors: ColorDepth = .truecolor,
        dither: Dithering = .none,
        scaling: Scaling = .fit,
        cellAspect: Double = 2
    ) {
        self.symbols = symbols
        self.colors = colors
        self.dither = dither
        self.scaling = scaling
        self.cellAspect = cellAspect > 0 && cellAspect.isFinite ? cellAspect : 2
    }
}
