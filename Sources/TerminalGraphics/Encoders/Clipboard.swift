import FoundationEssentials

/// The clipboard escape (OSC 52): a terminal that allows it puts the text on the system
/// clipboard, over ssh too. Nothing comes back: a terminal that refuses it (xterm without
/// `allowWindowOps`, tmux with `set-clipboard off`) stays silent, so callers say "if the
/// terminal allows it".
///
/// ```swift
/// let bytes = transport.wrap(Clipboard.copy("/home/me/photo.jpg"))
/// ```
public enum Clipboard {
    /// The longest text sent (some terminals refuse longer ones, 100 KB of base64 in xterm).
    public static let maxBytes = 74_994

    /// `ESC ] 52 ; c ; <base64> ESC \`, the text cut at ``maxBytes`` (on a character boundary).
    public static func copy(_ text: String) -> [UInt8] {
        copy(bytes: Array(text.utf8))
    }

    /// ``copy(_:)`` of bytes as they are (a path that is not UTF-8 is copied as it is on disk).
    public static func copy(bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        if bytes.count > maxBytes {
            bytes = Array(bytes.prefix(maxBytes))
            while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
            if let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
        }
        return Array("\u{1B}]52;c;\(Data(bytes).base64EncodedString())\u{1B}\\".utf8)
    }
}
