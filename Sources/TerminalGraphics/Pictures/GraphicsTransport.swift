public import TerminalKit

/// How a screen's terminal-held images travel to the terminal: inline in the escape
/// sequences (as PNG, or raw samples) or as temporary files the terminal reads, and whether
/// they pass through tmux to the terminal outside it.
///
/// ```swift
/// var transport = GraphicsTransport()                       // inline, as PNG
/// transport.medium = .files(TemporaryImageFiles())         // kitty on this machine: a path per image
/// transport.passthrough = true                              // inside tmux
/// ```
public struct GraphicsTransport: Sendable {
    /// Where kitty pixels go.
    public enum Medium: Sendable {
        /// In the escape sequence, base64 (every terminal, over ssh too).
        case inline
        /// In the escape sequence as a PNG (`f=100`) then base64: the fewest bytes on the tty
        /// for the time (``KittyGraphics/pngCompression``: fewer bytes a pixel of a photo than
        /// deflated samples; `feedbench --scenario graphics` counts both).
        case compressed
        /// In a temporary file the terminal reads and deletes (`t=t`): the terminal must be on
        /// this machine (the start-up probe checks).
        case files(any ImageFileSink)
    }

    /// Where kitty pixels go.
    public var medium: Medium
    /// Wrap graphics escapes in tmux passthrough (the screen is a tmux pane).
    public var passthrough: Bool
    /// Name placeholder images by a 256-colour index and a small id (``IndexedImageIDs``): the
    /// screen does not pass 24-bit colour (tmux without `RGB`).
    public var indexedPlaceholderIDs = false

    /// A transport: compressed inline pixels, no passthrough, unless said otherwise.
    public init(medium: Medium = .compressed, passthrough: Bool = false) {
        self.medium = medium
        self.passthrough = passthrough
    }

    /// The bytes that transmit `image` to a kitty terminal this way, with a virtual placement for
    /// Unicode placeholders or for placing directly.
    public func transmitKitty(_ image: TerminalImage, forPlaceholders: Bool) -> [UInt8] {
        transmitKitty(image, action: forPlaceholders ? .holdForPlaceholders : .hold)
    }

    /// `image` transmitted for `action` the way this transport carries pixels.
    public func transmitKitty(_ image: TerminalImage, action: KittyGraphics.Action) -> [UInt8] {
        switch medium {
        case .inline: return KittyGraphics.transmit(image, action: action, payload: .raw)
        case .compressed: return KittyGraphics.transmit(image, action: action, payload: .png)
        case .files(let sink):
            let (pixels, format) = KittyGraphics.pixelBytes(image.bitmap)
            guard let path = sink.write(pixels, name: "\(image.id)") else {
                return KittyGraphics.transmit(image, action: action, payload: .png)
            }
            return KittyGraphics.transmit(image, action: action, file: path, format: format)
        }
    }

    /// `bytes` as the terminal must receive them (wrapped for tmux when inside it).
    public func wrap(_ bytes: [UInt8]) -> [UInt8] {
        passthrough && !bytes.isEmpty ? TmuxPassthrough.wrap(bytes) : bytes
    }
}
