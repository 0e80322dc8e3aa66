public import Vocabulary
/// Sixel graphics: each picture drawn into its cells after the text, with its own palette
/// (median cut, quantised once per picture and kept), cropped to what shows (from bands
/// encoded once per picture and row offset); the text written
/// over its cells takes it away (xterm `-ti vt340`, foot, mlterm, WezTerm, Konsole).
public struct SixelGraphics: GraphicsProtocol {
    /// Colours in a picture's palette: 128, dithered, write fewer bytes a picture than 256 and
    /// than img2sixel at a PSNR close to 256's (`feedbench --scenario graphics --assets …`
    /// measures bytes and PSNR beside img2sixel). Undithered pictures are a little smaller, but
    /// smooth gradients show bands: PSNR does not see them, eyes in xterm do.
    public static let colors = 128
    /// Whether the quantised picture is dithered (Floyd–Steinberg): no bands in skies.
    public static let dithers = true

    public init() {}

    public var name: String { "sixel" }
    public var summary: String { "xterm -ti vt340, foot, mlterm, WezTerm" }
    public var erasure: GraphicsErasure { .redrawingItsLines }

    /// What drawing a picture costs wherever it is: its palette and indices, and its sixel
    /// bands encoded for every row offset a crop of it may start at (``SixelBands``), so that
    /// neither the whole picture nor a part of it at the screen's edge is encoded on a frame.
    struct Prepared: Sendable, ByteCounting {
        var bands: SixelBands
        var quantized: PaletteQuantizer.Result { bands.image }
        /// The bands, and the palette and indices they were encoded from (kept for crops the
        /// bands do not join).
        var byteCount: Int { bands.byteCount + quantized.indices.count + 3 * quantized.palette.count }
    }

    public var preparesOffFrame: Bool { true }
    public func prepare(_ image: TerminalImage, transport: GraphicsTransport) -> (any Sendable)? {
        Self.prepared(image)
    }

    static func prepared(_ image: TerminalImage) -> Prepared {
        let quantized = PaletteQuantizer.quantize(image.bitmap, colors: colors, dither: dithers)
        return Prepared(bands: SixelBands(quantized, crops: edgeCrops(image, width: quantized.width, height: quantized.height)))
    }

    /// The runs of pixel rows of `image`, `width`×`height` pixels, that show when it is whole
    /// and when it is cut at the screen's top or bottom edge (as ``TerminalImage/visiblePixels(width:height:origin:visible:)``
    /// crops it): for 20-pixel cells, they start at rows 0, 2 and 4 modulo six.
    static func edgeCrops(_ image: TerminalImage, width: Int, height: Int) -> [Range<Int>] {
        var crops: [Range<Int>] = []
        for shown in 0..<image.cells.rows {
            let visible = CellRect(origin: .zero, size: CellSize(columns: image.cells.columns, rows: shown + 1))
            let cutAtTop = image.visiblePixels(
                width: width, height: height, origin: CellPoint(row: shown + 1 - image.cells.rows, column: 0), visible: visible)
            let cutAtBottom = image.visiblePixels(width: width, height: height, origin: .zero, visible: visible)
            for rect in [cutAtTop, cutAtBottom].compactMap({ $0 }) { crops.append(rect.y..<(rect.y + rect.height)) }
        }
        return crops
    }

    public func encode(
        _ image: TerminalImage, at origin: CellPoint, visible: CellRect, placementID: UInt32,
        transport: GraphicsTransport, cache: inout GraphicsEncodingCache
    ) -> [UInt8] {
        let prepared = cache.value(for: image, by: self) { Self.prepared(image) }
        let quantized = prepared.quantized
        guard
            let rect = image.visiblePixels(
                width: quantized.width, height: quantized.height, origin: origin, visible: visible)
        else { return [] }
        // The whole width (the picture whole, or cut at the top or bottom edge while scrolling):
        // joined from the bands prepared.
        if rect.x == 0, rect.width == quantized.width, let sixel = prepared.bands.sixel(rows: rect.y..<(rect.y + rect.height)) {
            return sixel
        }
        // Cut at the left or right edge: encoded once per rectangle (a crop is drawn again
        // whenever text on its lines changes: a spinner beside it, the status bar).
        return cache.value(for: image, by: self, part: [rect.x, rect.y, rect.width, rect.height]) {
            var indices = [UInt8]()
            indices.reserveCapacity(rect.width * rect.height)
            for y in rect.y..<(rect.y + rect.height) {
                let start = y * quantized.width + rect.x
                indices += quantized.indices[start..<(start + rect.width)]
            }
            return SixelEncoder.encode(
                PaletteQuantizer.Result(palette: quantized.palette, indices: indices, width: rect.width, height: rect.height))
        }
    }

    public var printsPixelsAlone: Bool { true }

    public func printed(_ image: TerminalImage, transport: GraphicsTransport, lineBreak: PrintedLineBreak) -> [UInt8] {
        SixelEncoder.encode(image.bitmap, colors: Self.colors, dither: Self.dithers)
    }

    /// `4` among the DA1 attributes, outside tmux.
    public func support(in terminal: GraphicsAnswers) -> GraphicsSupport {
        guard !terminal.insideTmux, terminal.replies.sixel else { return .unsupported }
        return .supported(rank: 10, reason: "sixel (terminal answered)")
    }
}

extension GraphicsProtocol where Self == SixelGraphics {
    /// `sixel`: `PictureBackend.pixels(.sixel)`.
    public static var sixel: SixelGraphics { SixelGraphics() }
}
