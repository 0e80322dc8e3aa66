public import Vocabulary

/// kitty's graphics protocol through Unicode placeholders: the pixels are transmitted once with
/// a virtual placement (`U=1`), and the picture's cells are text (U+10EEEE with marks for row
/// and column) whose foreground colour names the image, so the terminal — and tmux — moves,
/// clips and overwrites them like any other text (kitty ≥ 0.28, ghostty).
///
/// The colour is a 24-bit one, or, where 24-bit colour does not pass (tmux without `RGB`), a
/// 256-colour index with a small id (the transport says: ``GraphicsTransport/indexedPlaceholderIDs``).
public struct KittyPlaceholderGraphics: GraphicsProtocol {
    public init() {}

    public var name: String { "kitty-placeholders" }
    public var summary: String {
        "kitty's Unicode placeholders: kitty 0.28 or newer, 256 or more colours; inside tmux through passthrough"
    }
    public var family: String { "kitty" }
    public var minimumColors: ColorDepth { .palette256 }
    public var erasure: GraphicsErasure { .withItsCells }
    public var holdsImages: Bool { true }
    public var namesImageInCells: Bool { true }

    public func cells(for image: TerminalImage) -> CellBlock {
        KittyPlaceholder.cells(imageID: image.id, size: image.cells)
    }

    public func transmit(_ image: TerminalImage, transport: GraphicsTransport) -> [UInt8] {
        transport.wrap(transport.transmitKitty(image, forPlaceholders: true))
    }

    /// The transmission (a PNG encoded, or a file written).
    public var preparesOffFrame: Bool { true }
    public func prepare(_ image: TerminalImage, transport: GraphicsTransport) -> (any Sendable)? {
        transmit(image, transport: transport)
    }

    /// Nothing: the cells draw it.
    public func encode(
        _ image: TerminalImage, at origin: CellPoint, visible: CellRect, placementID: UInt32,
        transport: GraphicsTransport, cache: inout GraphicsEncodingCache
    ) -> [UInt8] { [] }

    public func release(_ imageID: UInt32, transport: GraphicsTransport) -> [UInt8] {
        transport.wrap(KittyGraphics.delete(id: imageID))
    }

    /// The pixels (through tmux when inside it), then the placeholder text, its lines separated
    /// by `lineBreak`; with palette-named ids, the id is a small one hashed from the pixels (a
    /// printing command keeps no bookkeeping).
    public func printed(_ image: TerminalImage, transport: GraphicsTransport, lineBreak: PrintedLineBreak) -> [UInt8] {
        let indexed = transport.indexedPlaceholderIDs
        let held = indexed ? image.renamed(KittyPlaceholder.indexedID(hashing: image.id)) : image
        let text = FrameText.ansi(KittyPlaceholder.cells(imageID: held.id, size: image.cells, indexed: indexed))
        let separator: String
        switch lineBreak {
        case .newline: separator = "\n"
        case .cursorMove: separator = "\u{1B}[1B\u{1B}[\(image.cells.columns)D"
        }
        return transmit(held, transport: transport)
            + Array(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: separator).utf8)
    }

    /// A kitty that draws placeholders; inside tmux, only when the pane lets passthrough out, the
    /// outer kitty draws placeholders, and (for 24-bit ids) tmux passes 24-bit colour on.
    public func support(in terminal: GraphicsAnswers) -> GraphicsSupport {
        let replies = terminal.replies
        guard terminal.insideTmux else {
            guard replies.kittyGraphics, Self.drawsPlaceholders(replies.version) else { return .unsupported }
            return .supported(rank: 40, reason: "kitty placeholders (terminal answered)")
        }
        guard let pane = terminal.tmux, pane.passthroughAllowed else { return .refused("inside tmux, no passthrough") }
        guard replies.kittyGraphics else {
            return .refused(replies.isComplete ? "tmux passthrough, no kitty reply" : "inside tmux, no reply")
        }
        guard Self.drawsPlaceholders(replies.version) else { return .refused("this kitty cannot draw inside tmux") }
        guard pane.passesTrueColor else {
            // tmux maps 24-bit colours to its palette: the images are named by a 256-colour index.
            return .supported(rank: 40, reason: "kitty placeholders (tmux passthrough, 256-colour ids)")
        }
        return .supported(rank: 40, reason: "kitty placeholders (tmux passthrough)")
    }

    public func asked(insideTmux: Bool) -> GraphicsSelection {
        GraphicsSelection(
            backend: .pixels(self), reason: insideTmux ? "kitty placeholders (asked for, tmux passthrough)" : "kitty placeholders (asked for)")
    }

    /// kitty ≥ 0.28 and ghostty draw Unicode placeholders.
    static func drawsPlaceholders(_ version: String?) -> Bool {
        guard let version else { return false }
        if version.lowercased().hasPrefix("ghostty") { return true }
        guard version.hasPrefix("kitty("), let close = version.firstIndex(of: ")") else { return false }
        let numbers = version[version.index(version.startIndex, offsetBy: 6)..<close].split(separator: ".").compactMap { Int($0) }
        guard numbers.count >= 2 else { return false }
        return numbers[0] > 0 || numbers[1] >= 28
    }
}

extension GraphicsProtocol where Self == KittyPlaceholderGraphics {
    /// `kitty-placeholders`: `PictureBackend.pixels(.kittyPlaceholders)`.
    public static var kittyPlaceholders: KittyPlaceholderGraphics { KittyPlaceholderGraphics() }
}
