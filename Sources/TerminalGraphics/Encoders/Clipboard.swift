import FoundationEssentials

/// The clipboard escape (OSC 52): a terminal that allows it puts the text on the system
/// clipboard, over ssh too. Nothing comes back: a terminal that refuses it (xterm without
/// `allowWindowOps`, tmux with `set-clipboard off`) stays silent, so callers say "if the
/// terminal allows it".
///
/// The escape's string — `52;c;` and the base64 of the text — is at most
/// ``maximumSequenceBody`` bytes, the longest every terminal below keeps; a longer one is
/// dropped whole or cut by them:
/// - xterm keeps an OSC string up to its `maxStringParse` resource and ignores a longer one
///   whole: 600,000 bytes by default when built with sixel or ReGIS graphics (sixel is on by
///   default, as in Debian's), 20,000 without (`DEF_STRINGS_MAX`, main.h; the check in
///   charproc.c; xterm patch #386 and later; earlier ones had no limit).
/// - kitty reads an OSC 52 past its 256 KiB escape-code limit in pieces (`MAX_ESCAPE_CODE_LENGTH`,
///   kitty/vt-parser.c) and keeps up to `clipboard_max_size`, 512 MB by default.
/// - tmux with `set-clipboard on` discards a pane's escape longer than its `input-buffer-size`,
///   1 MiB by default (`INPUT_BUF_DEFAULT_SIZE`, tmux.h; input.c); the text photofeed hands it
///   with `load-buffer -w` (its default `set-clipboard external`) goes on to the outer terminal
///   in one OSC 52 of the same size, which that terminal's own limit above governs.
///
/// A list that does not fit is cut at a whole entry (``fit(_:)``), never inside one.
///
/// ```swift
/// let copy = Clipboard.fit(paths.map { ShellQuoting.quoted(Array($0.utf8)) })
/// let bytes = transport.wrap(Clipboard.copy(copy.text))   // copy.count of paths.count
/// ```
public enum Clipboard {
    /// The longest OSC 52 string sent, `52;c;` and the base64 together: xterm's default
    /// `maxStringParse`, the smallest of the terminals' limits above.
    public static let maximumSequenceBody = 600_000

    /// What precedes the base64 in the string: the clipboard selection (`c`).
    static let introducer = "52;c;"

    /// The longest text sent: its base64 (4 bytes for every 3) fits ``maximumSequenceBody``.
    public static let maxBytes = (maximumSequenceBody - introducer.utf8.count) / 4 * 3

    /// What separates the entries of a list: a space. Each entry is one shell word
    /// (``ShellQuoting``), so a list pasted into a shell stays on its command line as arguments;
    /// a newline would be Enter, running each line, in a shell without bracketed paste.
    public static let separator = " "

    /// The most of `entries` that fit, whole and in order, joined by ``separator``: the text and
    /// how many entries it holds (0 when not even the first fits).
    public static func fit(_ entries: [String]) -> (text: String, count: Int) {
        var length = 0
        var count = 0
        for entry in entries {
            let added = entry.utf8.count + (count == 0 ? 0 : separator.utf8.count)
            guard length + added <= maxBytes else { break }
            length += added
            count += 1
        }
        return (entries.prefix(count).joined(separator: separator), count)
    }

    /// `ESC ] 52 ; c ; <base64> ESC \`, the text cut at ``maxBytes`` (on a character boundary);
    /// callers fit lists first (``fit(_:)``), so nothing is cut.
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
        return Array("\u{1B}]\(introducer)\(Data(bytes).base64EncodedString())\u{1B}\\".utf8)
    }
}
