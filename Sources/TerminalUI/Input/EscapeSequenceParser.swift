/// Reads an escape sequence that ncurses passed on as characters (one its terminfo entry does
/// not know, such as tmux's Home `ESC [ 1 ~`) whole, so none of it leaks out as keys: pure.
///
/// Feed the characters that followed an ESC one at a time. CSI (`ESC [` parameters,
/// intermediates, a final byte), SS3 (`ESC O` and one byte) and bracketed paste (`ESC [ 200 ~`
/// … `ESC [ 201 ~`, swallowed whole) are understood; the known variants of the arrows, Home,
/// End, PgUp, PgDn and F1–F12 become keys, anything else is dropped. An ESC that nothing follows
/// within the escape delay is the Escape key (the caller's ``finish()``).
///
/// ```swift
/// var parser = EscapeSequenceParser()
/// for character in "[1~".unicodeScalars { if case .done(let key) = parser.feed(character.value) { … } }
/// ```
public struct EscapeSequenceParser: Hashable, Sendable {
    /// What one more character did.
    public enum Step: Hashable, Sendable {
        /// The sequence goes on: feed the next character.
        case more
        /// The sequence ended: the key it means, or nil for one to ignore.
        case done(Key?)
    }

    private enum State: Hashable, Sendable {
        case start
        case csi(parameters: String, intermediates: String)
        case ss3
        case paste(tail: [UInt32])
    }

    /// The longest sequence read before it is dropped as garbage (a paste has no limit but is
    /// swallowed, never stored).
    public static let maximumLength = 64

    private var state = State.start
    private var length = 0

    /// A parser that has just seen ESC.
    public init() {}

    /// The next character after the ESC.
    public mutating func feed(_ character: UInt32) -> Step {
        length += 1
        switch state {
        case .start:
            switch character {
            case Self.code("["): state = .csi(parameters: "", intermediates: "")
            case Self.code("O"): state = .ss3
            default:
                // Alt+key or a stray ESC before a key: nothing the viewer binds; drop both.
                return .done(nil)
            }
            return .more
        case .ss3:
            return .done(Self.ss3Key(character))
        case .csi(let parameters, let intermediates):
            switch character {
            case 0x30...0x3F:
                guard intermediates.isEmpty, length < Self.maximumLength else { return .done(nil) }
                state = .csi(parameters: parameters + String(UnicodeScalar(UInt8(character))), intermediates: intermediates)
                return .more
            case 0x20...0x2F:
                guard length < Self.maximumLength else { return .done(nil) }
                state = .csi(parameters: parameters, intermediates: intermediates + String(UnicodeScalar(UInt8(character))))
                return .more
            case 0x40...0x7E:
                if character == Self.code("~"), parameters == "200", intermediates.isEmpty {
                    state = .paste(tail: [])
                    return .more
                }
                return .done(intermediates.isEmpty ? Self.csiKey(parameters: parameters, final: character) : nil)
            default:
                // Not a CSI byte: the sequence was broken off.
                return .done(nil)
            }
        case .paste(let tail):
            // Swallow the pasted text up to ESC [ 201 ~.
            var window = tail + [character]
            let end: [UInt32] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
            if window.count > end.count { window.removeFirst(window.count - end.count) }
            if window == end { return .done(nil) }
            state = .paste(tail: window)
            return .more
        }
    }

    /// The sequence was cut short (nothing more came within the escape delay): a lone ESC is
    /// the Escape key; a partial sequence is dropped.
    public func finish() -> Key? {
        state == .start ? .escape : nil
    }

    /// A character's code, for the cases below.
    static func code(_ scalar: Unicode.Scalar) -> UInt32 { scalar.value }

    /// `ESC O x`: application-mode arrows, Home/End, F1–F4.
    static func ss3Key(_ final: UInt32) -> Key? {
        switch final {
        case Self.code("A"): .up
        case Self.code("B"): .down
        case Self.code("C"): .right
        case Self.code("D"): .left
        case Self.code("H"): .home
        case Self.code("F"): .end
        case Self.code("M"): .enter
        case Self.code("P"): .function(1)
        case Self.code("Q"): .function(2)
        case Self.code("R"): .function(3)
        case Self.code("S"): .function(4)
        default: nil
        }
    }

    /// `ESC [ params final`: the xterm, rxvt, linux-console and tmux spellings; modifiers
    /// (`1;5A`) are read past.
    static func csiKey(parameters: String, final: UInt32) -> Key? {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = numbers.first ?? nil
        switch final {
        case Self.code("A"): return .up
        case Self.code("B"): return .down
        case Self.code("C"): return .right
        case Self.code("D"): return .left
        case Self.code("H"): return .home
        case Self.code("F"): return .end
        case Self.code("Z"): return .tab
        case Self.code("~"):
            guard let first else { return nil }
            switch first {
            case 1, 7: return .home
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case 11...15: return .function(first - 10)
            case 17...21: return .function(first - 11)
            case 23, 24: return .function(first - 12)
            default: return nil
            }
        default:
            return nil
        }
    }
}
