/// One unit of what a program writes to a terminal, as a terminal's parser splits it: the
/// vocabulary of ``TerminalStreamParser``, ``VirtualScreen`` and the slow-tty scenario's
/// terminal.
enum TerminalToken {
    /// A printable character (UTF-8 decoded).
    case text(Unicode.Scalar)
    /// A C0 control: BS, HT, LF, VT, FF, CR, BEL, …
    case control(UInt8)
    /// `ESC` with its intermediates and final byte (`ESC 7`, `ESC ( B`, `ESC M`).
    case escape(intermediates: [UInt8], final: UInt8)
    /// A control sequence (`CSI … final`).
    case csi(ControlSequence)
    /// A whole APC, DCS, OSC, PM or SOS string, its terminator read.
    case string(TerminalString)
}

/// `CSI prefix parameters intermediates final`.
struct ControlSequence {
    /// The private marker (`?`, `>`, `<`, `=`), if any.
    var prefix: UInt8?
    /// The parameters as written (`1;2`, `38:2::1:2:3`).
    var parameterText: [UInt8]
    var intermediates: [UInt8]
    var final: UInt8

    /// The parameters split at `;` (sub-parameters after `:` dropped); nil where empty.
    var parameters: [Int?] {
        guard !parameterText.isEmpty else { return [] }
        return parameterText.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            let main = field.prefix { $0 != UInt8(ascii: ":") }
            guard !main.isEmpty, main.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return main.reduce(0) { min(1_000_000, $0 * 10 + Int($1 - 0x30)) }
        }
    }

    /// Parameter `index`, or `fallback` when absent or 0 where 0 means the default.
    func parameter(_ index: Int, default fallback: Int) -> Int {
        let all = parameters
        guard index < all.count, let value = all[index], value != 0 else { return fallback }
        return value
    }

    /// The whole sequence as text after `CSI` (`?2026$p`), for matching questions.
    var text: String {
        String(decoding: (prefix.map { [$0] } ?? []) + parameterText + intermediates + [final], as: UTF8.self)
    }
}

/// A string sequence: its kind, its first bytes (enough for every header a terminal reads:
/// kitty's keys, sixel's raster attributes, iTerm2's `File=` arguments) and its length.
struct TerminalString {
    enum Kind {
        case apc, dcs, osc, pm, sos
    }

    /// How many bytes of the body ``head`` keeps.
    static let headLimit = 512

    var kind: Kind
    /// The body's first bytes (at most ``headLimit``), without the introducer.
    var head: [UInt8] = []
    /// The body's length in bytes.
    var length = 0

    /// The head as text.
    var headText: String { String(decoding: head, as: UTF8.self) }
}
