/// A path's raw bytes as one shell word that means exactly those bytes, in the manner of
/// `ls --quoting-style=shell-escape`: a pasted path never runs, expands or splits into anything.
///
/// - A name of safe bytes only (letters, digits, `%+,-./:@_`, `#` and `~` past the first byte,
///   and printable UTF-8 beyond ASCII) is left as it is.
/// - One with any other printable byte (a space, a quote, `$`, `*`, `{`, …) is put in single
///   quotes, a `'` inside written `'\''`.
/// - One with a byte no terminal should receive or no shell line should hold (C0 controls such
///   as a newline or ESC, DEL, C1 controls, bidirectional overrides, bytes that are not UTF-8)
///   is written as one `$'…'` word, those bytes as `\ooo` octal escapes (`\n`, `\t` by name),
///   `\` and `'` escaped; bash, zsh, ksh and POSIX.1-2024 sh read it back byte for byte.
/// - Empty is `''`.
///
/// A leading `-` stays: quoting cannot stop a command taking it as an option (only `./` or `--`
/// can), and a path photofeed copies is absolute.
///
/// ```swift
/// ShellQuoting.quoted(Array("/p/a.jpg".utf8))                 // /p/a.jpg
/// ShellQuoting.quoted(Array("/p/a b.jpg".utf8))               // '/p/a b.jpg'
/// ShellQuoting.quoted(Array("/p/line\n; touch x.jpg".utf8))   // $'/p/line\n; touch x.jpg'
/// ShellQuoting.quoted([0x65, 0xFF])                           // $'e\377'
/// ```
public enum ShellQuoting {
    /// The shell word for `bytes`: pure ASCII and printable UTF-8, never a control.
    public static func quoted(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if bytes.isEmpty { return "''" }
        var plain = true
        var printable = true
        for piece in pieces(of: bytes) {
            switch piece {
            case .byte(let byte, let first):
                if !isSafe(byte, first: first) { plain = false }
                if byte < 0x20 || byte == 0x7F { printable = false }
            case .scalar(_, let escaped):
                if escaped { printable = false }
            case .invalid:
                printable = false
            }
            if !printable { break }
        }
        if plain && printable { return String(decoding: bytes, as: UTF8.self) }
        if printable { return singleQuoted(bytes) }
        return dollarQuoted(bytes)
    }

    /// ASCII bytes that never mean anything to a shell (`#` and `~` only past the first byte:
    /// a comment, a home folder there).
    static func isSafe(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "_"):
            return true
        case UInt8(ascii: "#"), UInt8(ascii: "~"):
            return !first
        default:
            return false
        }
    }

    /// Unicode scalars beyond ASCII that are written escaped: C1 controls, line and paragraph
    /// separators, bidirectional marks, overrides and isolates (they reorder what is shown), the
    /// byte-order mark.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
            return true
        default:
            return false
        }
    }

    private static func singleQuoted(_ bytes: [UInt8]) -> String {
        var word = "'"
        word += String(decoding: bytes, as: UTF8.self).replacing("'", with: "'\\''")
        return word + "'"
    }

    private static func dollarQuoted(_ bytes: [UInt8]) -> String {
        var word: [UInt8] = Array("$'".utf8)
        for piece in pieces(of: bytes) {
            switch piece {
            case .byte(let byte, _):
                switch byte {
                case 0x0A: word += Array("\\n".utf8)
                case 0x09: word += Array("\\t".utf8)
                case UInt8(ascii: "\\"): word += Array("\\\\".utf8)
                case UInt8(ascii: "'"): word += Array("\\'".utf8)
                case 0x00..<0x20, 0x7F: word += octal(byte)
                default: word.append(byte)
                }
            case .scalar(let utf8, let escaped):
                word += escaped ? utf8.flatMap(octal) : utf8
            case .invalid(let byte):
                word += octal(byte)
            }
        }
        word.append(UInt8(ascii: "'"))
        return String(decoding: word, as: UTF8.self)
    }

    /// `\ooo`: always three digits, so a digit after it is not read into it.
    private static func octal(_ byte: UInt8) -> [UInt8] {
        [UInt8(ascii: "\\"), 0x30 + byte >> 6, 0x30 + (byte >> 3) & 7, 0x30 + byte & 7]
    }

    /// One ASCII byte, one well-formed UTF-8 scalar beyond ASCII, or one byte that is not UTF-8.
    private enum Piece {
        case byte(UInt8, first: Bool)
        case scalar([UInt8], escaped: Bool)
        case invalid(UInt8)
    }

    private static func pieces(of bytes: [UInt8]) -> [Piece] {
        var pieces: [Piece] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                pieces.append(.byte(byte, first: index == 0))
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
            let end = index + length
            if length > 0, end <= bytes.count, let text = String(validating: bytes[index..<end], as: UTF8.self),
                let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1
            {
                pieces.append(.scalar(Array(bytes[index..<end]), escaped: isEscaped(scalar)))
                index = end
            } else {
                pieces.append(.invalid(byte))
                index += 1
            }
        }
        return pieces
    }
}
