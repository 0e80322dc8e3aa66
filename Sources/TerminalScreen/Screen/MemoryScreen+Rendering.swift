public import TerminalGraphics
extension MemoryScreen {
    /// The visible frame as plain text: one line per row, trailing spaces kept.
    public func plainText() -> String {
        FrameText.plain(visibleCells)
    }

    /// The visible frame as text with ANSI SGR colours, with a reset at the end of every line.
    public func ansiText() -> String {
        FrameText.ansi(visibleCells)
    }

    /// What a terminal that draws pixels needs after the frame's text has been printed and
    /// followed by a newline: the pictures of the last frame (kitty transmissions and
    /// placements, sixels, iTerm2 images), each put at its cells by moving the cursor up from
    /// the line below the frame. Empty for block art.
    public func pictureEscapes(transport: GraphicsTransport = GraphicsTransport()) -> [UInt8] {
        guard let lastFrame else { return [] }
        var store = TerminalImageStore(transport: transport)
        store.addressing = .upFrom(lines: size.rows)
        return store.apply(FrameChanges(from: nil, to: lastFrame))
    }
}
