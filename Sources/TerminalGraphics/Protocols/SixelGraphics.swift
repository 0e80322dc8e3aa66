/// Sixel graphics: each picture drawn into its cells after the text, with its own palette of up
/// to 256 colours (median cut, dithered, quantised once per picture and kept), cropped to what
/// shows; the text written over its cells takes it away (xterm `-ti vt340`, foot, mlterm,
/// WezTerm, Konsole).
public struct SixelGraphics: GraphicsProtocol {
    public init() {}

    public var name: String { "sixel" }
    public var summary: String { "xterm -ti vt340, foot, mlterm, WezTerm" }
    public var erasure: GraphicsErasure { .redrawingItsLines }

    public func encode(
        _ image: TerminalImage, at origin: CellPoint, visible: CellRect, placementID: UInt32,
        transport: GraphicsTransport, cache: inout GraphicsEncodingCache
    ) -> [UInt8] {
        let quantized = cache.value(for: image, by: self) {
            PaletteQuantizer.quantize(image.bitmap, colors: 256, dither: true)
        }
        guard
            let rect = image.visiblePixels(
                width: quantized.width, height: quantized.height, origin: origin, visible: visible)
        else { return [] }
        var indices = [UInt8]()
        indices.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<(rect.y + rect.height) {
            let start = y * quantized.width + rect.x
            indices += quantized.indices[start..<(start + rect.width)]
        }
        return SixelEncoder.encode(
            PaletteQuantizer.Result(palette: quantized.palette, indices: indices, width: rect.width, height: rect.height))
    }

    public func printed(_ image: TerminalImage, transport: GraphicsTransport, lineBreak: PrintedLineBreak) -> [UInt8] {
        SixelEncoder.encode(image.bitmap)
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
