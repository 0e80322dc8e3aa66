public import Vocabulary
/// iTerm2's inline images (`OSC 1337 ; File=…`): each picture written at its cells after the
/// text as a JPEG (PNG with alpha), encoded once per picture and kept; a part-visible one is
/// cropped and encoded for what shows. Some terminals (Konsole) keep such an image through text
/// written over it, so one that moved or went costs a cleared screen (iTerm2, WezTerm, Konsole,
/// mintty).
public struct ITermInlineGraphics: GraphicsProtocol {
    public init() {}

    public var name: String { "iterm" }
    public var summary: String { "iTerm2 inline images: iTerm2, WezTerm, Konsole, mintty" }
    public var erasure: GraphicsErasure { .clearingTheScreen }

    /// The whole picture's escape (a JPEG encoded).
    public var preparesOffFrame: Bool { true }
    public func prepare(_ image: TerminalImage, transport: GraphicsTransport) -> (any Sendable)? {
        ITermGraphics.inlineImage(image.bitmap, cells: image.cells)
    }

    public func encode(
        _ image: TerminalImage, at origin: CellPoint, visible: CellRect, placementID: UInt32,
        transport: GraphicsTransport, cache: inout GraphicsEncodingCache
    ) -> [UInt8] {
        guard visible.size != image.cells || visible.origin != origin else {
            return cache.value(for: image, by: self) { ITermGraphics.inlineImage(image.bitmap, cells: image.cells) }
        }
        let bitmap = image.bitmap
        guard let rect = image.visiblePixels(width: bitmap.width, height: bitmap.height, origin: origin, visible: visible) else {
            return []
        }
        return ITermGraphics.inlineImage(bitmap.cropped(to: rect), cells: visible.size)
    }

    public var printsPixelsAlone: Bool { true }

    public func printed(_ image: TerminalImage, transport: GraphicsTransport, lineBreak: PrintedLineBreak) -> [UInt8] {
        ITermGraphics.inlineImage(image.bitmap, cells: image.cells, movesCursor: true)
    }

    /// A terminal that names itself iTerm2 or WezTerm; else `TERM_PROGRAM` says so and the
    /// terminal answered (nothing better did).
    public func support(in terminal: GraphicsAnswers) -> GraphicsSupport {
        guard !terminal.insideTmux else { return .unsupported }
        if terminal.version.hasPrefix("iterm2") || terminal.version.hasPrefix("wezterm") {
            return .supported(rank: 30, reason: "iterm (terminal answered)")
        }
        if terminal.replies.isComplete, ["iTerm.app", "WezTerm"].contains(terminal.environment["TERM_PROGRAM"] ?? "") {
            return .supported(rank: 5, reason: "iterm (TERM_PROGRAM)")
        }
        return .unsupported
    }
}

extension GraphicsProtocol where Self == ITermInlineGraphics {
    /// `iterm`: `PictureBackend.pixels(.iterm)`.
    public static var iterm: ITermInlineGraphics { ITermInlineGraphics() }
}
