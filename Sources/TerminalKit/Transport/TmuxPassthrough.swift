/// tmux's passthrough escape: bytes meant for the terminal outside tmux, not for the pane.
///
/// tmux forwards `ESC P tmux; … ESC \` to the outer terminal when the pane allows it
/// (`allow-passthrough on`, tmux ≥ 3.3), with every ESC inside doubled.
///
/// ```swift
/// let wrapped = TmuxPassthrough.wrap(KittyGraphics.delete(id: 7))
/// ```
public enum TmuxPassthrough {
    /// `bytes` wrapped for the outer terminal: one passthrough per string-terminated sequence
    /// (each ending in `ESC \`), so every wrapper stays one chunk long, well below tmux's limit.
    public static func wrap(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 128 + 16)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count {
                if bytes[end] == 0x1B, end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\\") {
                    end += 2
                    break
                }
                end += 1
            }
            output += opening
            for byte in bytes[start..<end] {
                if byte == 0x1B { output.append(0x1B) }
                output.append(byte)
            }
            output += closing
            start = end
        }
        return output
    }

    private static let opening: [UInt8] = Array("\u{1B}Ptmux;".utf8)
    private static let closing: [UInt8] = Array("\u{1B}\\".utf8)
}
