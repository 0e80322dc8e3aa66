public import Vocabulary

/// How the viewer draws pictures (`--graphics`): colour block art, or real pixels through a
/// ``GraphicsProtocol``.
///
/// ```swift
/// let backend = PictureBackend.pixels(SixelGraphics())
/// backend.name                                             // "sixel"
/// ```
public struct PictureBackend: Hashable, Sendable, CustomStringConvertible {
    /// The protocol that draws the pixels; nil: block art.
    public let graphics: (any GraphicsProtocol)?

    /// Colour block art: every terminal.
    public static let blocks = PictureBackend(graphics: nil)

    /// Real pixels through `graphics`.
    public static func pixels(_ graphics: any GraphicsProtocol) -> PictureBackend {
        PictureBackend(graphics: graphics)
    }

    private init(graphics: (any GraphicsProtocol)?) {
        self.graphics = graphics
    }

    /// `blocks`, or the protocol's name.
    public var name: String { graphics?.name ?? "blocks" }

    public var description: String { name }

    /// The fewest colours the backend needs (placeholder cells name their image by colour).
    public var minimumColors: ColorDepth { graphics?.minimumColors ?? .none }

    public static func == (lhs: PictureBackend, rhs: PictureBackend) -> Bool { lhs.name == rhs.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
