public import Vocabulary
/// kitty's graphics protocol with the screen placing each picture: the pixels are transmitted
/// once and held by the terminal under the image's id; each frame places the visible part at its
/// cells (`a=p`, cropped to what shows) and deletes placements that moved or went. Every kitty
/// version draws it; tmux does not (it does not move the placements when it scrolls), so
/// naming it inside tmux gives ``KittyPlaceholderGraphics``.
public struct KittyDirectGraphics: GraphicsProtocol {
    public init() {}

    public var name: String { "kitty" }
    public var summary: String { "real pixels through the kitty graphics protocol, placed at each picture: every kitty version" }
    public var erasure: GraphicsErasure { .command }
    public var holdsImages: Bool { true }

    public func transmit(_ image: TerminalImage, transport: GraphicsTransport) -> [UInt8] {
        transport.wrap(transport.transmitKitty(image, forPlaceholders: false))
    }

    /// The transmission (a PNG encoded, or a file written), off the frame: it takes longer than a
    /// frame should (`feedbench --scenario graphics` times it).
    public var preparesOffFrame: Bool { true }
    public func prepare(_ image: TerminalImage, transport: GraphicsTransport) -> (any Sendable)? {
        transmit(image, transport: transport)
    }

    public func encode(
        _ image: TerminalImage, at origin: CellPoint, visible: CellRect, placementID: UInt32,
        transport: GraphicsTransport, cache: inout GraphicsEncodingCache
    ) -> [UInt8] {
        transport.wrap(KittyGraphics.place(image, placementID: placementID, origin: origin, visible: visible))
    }

    public func erase(_ image: TerminalImage, placementID: UInt32, transport: GraphicsTransport) -> [UInt8] {
        transport.wrap(KittyGraphics.deletePlacement(id: image.id, placementID: placementID))
    }

    public func release(_ imageID: UInt32, transport: GraphicsTransport) -> [UInt8] {
        transport.wrap(KittyGraphics.delete(id: imageID))
    }

    /// Transmitted and displayed at the cursor in one go (`a=T`), `image.cells` large.
    public func printed(_ image: TerminalImage, transport: GraphicsTransport, lineBreak: PrintedLineBreak) -> [UInt8] {
        transport.wrap(KittyGraphics.display(image, transport: transport))
    }

    /// A kitty `OK` outside tmux. (kitty ≥ 0.28 also draws placeholders, which rank higher;
    /// WezTerm answers kitty too, but its iTerm2 images rank higher.)
    public func support(in terminal: GraphicsAnswers) -> GraphicsSupport {
        guard !terminal.insideTmux, terminal.replies.kittyGraphics else { return .unsupported }
        return .supported(rank: 20, reason: "kitty (terminal answered)")
    }

    public func asked(insideTmux: Bool) -> GraphicsSelection {
        // Only placeholders, which tmux moves like text, show inside it.
        insideTmux
            ? KittyPlaceholderGraphics().asked(insideTmux: true)
            : GraphicsSelection(backend: .pixels(self), reason: "kitty (asked for)")
    }
}

extension GraphicsProtocol where Self == KittyDirectGraphics {
    /// `kitty`: `PictureBackend.pixels(.kitty)`.
    public static var kitty: KittyDirectGraphics { KittyDirectGraphics() }
}
