/// Decodes the bytes a terminal sends — keys, mouse reports and replies to questions — by
/// their grammar, in any pieces: pure and incremental, so the same parser serves the start-up
/// probe and the viewer's input, and a reply that arrives late or a byte at a time is still
/// a reply, never keys.
///
/// Understood: UTF-8 text, C0 controls as keys, CSI (`ESC [` parameters, intermediates, final),
/// SS3 (`ESC O x`), the string sequences DCS (`ESC P`), APC (`ESC _`), OSC (`ESC ]`), PM and SOS
/// up to their terminator (ST `ESC \`, or BEL for OSC; CAN and SUB abort one; an ESC that does
/// not start ST ends it and begins the next sequence), SGR mouse reports and bracketed paste
/// (swallowed whole). Replies: DA1/DA2, XTVERSION, XTGETTCAP, kitty graphics, window reports
/// (`CSI 4|6|8 ; … t`) and DECRPM. Every CSI with a private marker (`?`, `>`, `<`, `=`) is a
/// reply or is dropped, never a key. A sequence longer than ``maximumSequenceLength`` is still
/// swallowed up to its end, but its body is not kept.
///
/// Time is the caller's: when ``waiting`` is not ``Waiting/nothing`` and no byte has come for
/// a while (``Waiting/escape``: the escape delay; ``Waiting/sequence``: longer), call
/// ``expire()``: a lone ESC becomes the Escape key, a partial sequence is dropped.
///
/// ```swift
/// var parser = TerminalInputParser()
/// parser.feed(Array("\u{1B}P>|XTe".utf8))    // []: a reply has begun
/// parser.feed(Array("rm(379)\u{1B}\\q".utf8)) // [.reply(.version("XTerm(379)")), .key(.character("q"))]
/// ```
public struct TerminalInputParser: Hashable, Sendable {
    /// What the parser is in the middle of, which says how long the caller may wait for more.
    public enum Waiting: Hashable, Sendable {
        /// Nothing: no byte is pending.
        case nothing
        /// A lone ESC: the Escape key unless more follows within the escape delay.
        case escape
        /// A sequence has begun (CSI, SS3, a string, UTF-8, a paste): its rest is expected.
        case sequence
    }

    /// The longest sequence body kept (parameters, a reply's text); longer ones are swallowed.
    public static let maximumSequenceLength = 4096

    private enum StringKind: Hashable, Sendable {
        case dcs, apc, osc, ignored
    }

    private enum State: Hashable, Sendable {
        case ground
        case escape
        case csi
        case ss3
        case string(StringKind, introducer: UInt8)
        case stringEscape(StringKind, introducer: UInt8)
        case paste(matched: Int)
        case utf8(remaining: Int)
    }

    private var state = State.ground
    private var body: [UInt8] = []
    private var overflowed = false

    /// A parser at rest.
    public init() {}

    /// What the parser waits for.
    public var waiting: Waiting {
        switch state {
        case .ground: .nothing
        case .escape: .escape
        default: .sequence
        }
    }

    /// Decodes more bytes; returns what they completed, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [TerminalInput] {
        var output: [TerminalInput] = []
        for byte in bytes { step(byte, into: &output) }
        return output
    }

    /// No more bytes came in time: a lone ESC is the Escape key; a partial sequence is dropped.
    public mutating func expire() -> [TerminalInput] {
        defer { reset(to: .ground) }
        return state == .escape ? [.key(.escape)] : []
    }

    // MARK: - Steps

    private mutating func step(_ byte: UInt8, into output: inout [TerminalInput]) {
        switch state {
        case .ground:
            ground(byte, into: &output)
        case .escape:
            escape(byte, into: &output)
        case .csi:
            csi(byte, into: &output)
        case .ss3:
            reset(to: .ground)
            if byte == 0x1B {
                state = .escape
            } else if let key = Self.ss3Key(byte) {
                output.append(.key(key))
            }
        case .string(let kind, let introducer):
            switch byte {
            case 0x1B: state = .stringEscape(kind, introducer: introducer)
            case 0x07 where kind == .osc:
                finishString(kind, introducer: introducer, into: &output)
            case 0x18, 0x1A: reset(to: .ground)  // CAN, SUB: abort
            default: keep(byte)
            }
        case .stringEscape(let kind, let introducer):
            if byte == UInt8(ascii: "\\") {
                finishString(kind, introducer: introducer, into: &output)
            } else {
                // The string ended without ST; this ESC begins the next sequence.
                reset(to: .escape)
                escape(byte, into: &output)
            }
        case .paste(let matched):
            let end = Self.pasteEnd
            if byte == end[matched] {
                state = matched + 1 == end.count ? .ground : .paste(matched: matched + 1)
            } else {
                state = .paste(matched: byte == end[0] ? 1 : 0)
            }
        case .utf8(let remaining):
            guard (0x80...0xBF).contains(byte) else {
                reset(to: .ground)
                ground(byte, into: &output)
                return
            }
            body.append(byte)
            if remaining > 1 {
                state = .utf8(remaining: remaining - 1)
            } else {
                if let scalar = String(validating: body, as: UTF8.self)?.unicodeScalars.first {
                    output.append(.key(.character(Character(scalar))))
                }
                reset(to: .ground)
            }
        }
    }

    private mutating func ground(_ byte: UInt8, into output: inout [TerminalInput]) {
        switch byte {
        case 0x1B: state = .escape
        case 0x0D, 0x0A: output.append(.key(.enter))
        case 0x09: output.append(.key(.tab))
        case 0x08, 0x7F: output.append(.key(.backspace))
        case 0x01...0x1A: output.append(.key(.control(Character(Unicode.Scalar(byte + 0x60)))))
        case 0x20..<0x7F: output.append(.key(.character(Character(Unicode.Scalar(byte)))))
        case 0xC2...0xDF: begin(.utf8(remaining: 1), with: byte)
        case 0xE0...0xEF: begin(.utf8(remaining: 2), with: byte)
        case 0xF0...0xF4: begin(.utf8(remaining: 3), with: byte)
        default: break  // NUL, other C0, stray continuation or invalid bytes
        }
    }

    private mutating func escape(_ byte: UInt8, into output: inout [TerminalInput]) {
        switch byte {
        case UInt8(ascii: "["): reset(to: .csi)
        case UInt8(ascii: "O"): reset(to: .ss3)
        case UInt8(ascii: "P"): reset(to: .string(.dcs, introducer: byte))
        case UInt8(ascii: "_"): reset(to: .string(.apc, introducer: byte))
        case UInt8(ascii: "]"): reset(to: .string(.osc, introducer: byte))
        case UInt8(ascii: "^"), UInt8(ascii: "X"): reset(to: .string(.ignored, introducer: byte))
        case 0x1B:
            // ESC ESC: the first was the Escape key.
            output.append(.key(.escape))
        default:
            // Alt+key, or ESC before a control: nothing the viewer binds; drop both.
            reset(to: .ground)
        }
    }

    private mutating func csi(_ byte: UInt8, into output: inout [TerminalInput]) {
        switch byte {
        case 0x20...0x3F:
            keep(byte)
        case 0x40...0x7E:
            let parameters = body
            let overflow = overflowed
            reset(to: .ground)
            if !overflow, let input = Self.dispatchCSI(parameters, final: byte) {
                if input == Self.pasteStart {
                    state = .paste(matched: 0)
                } else {
                    output.append(input)
                }
            }
        case 0x1B:
            reset(to: .escape)
        case 0x18, 0x1A:
            reset(to: .ground)
        case 0x00..<0x20:
            break  // a control inside a sequence: ignored
        default:
            // Not a CSI byte: the sequence was broken off.
            reset(to: .ground)
        }
    }

    private mutating func finishString(_ kind: StringKind, introducer: UInt8, into output: inout [TerminalInput]) {
        let text = body
        let overflow = overflowed
        reset(to: .ground)
        guard !overflow else {
            output.append(.reply(.other(introducer: introducer)))
            return
        }
        output.append(.reply(Self.dispatchString(kind, introducer: introducer, body: text)))
    }

    private mutating func begin(_ next: State, with byte: UInt8) {
        reset(to: next)
        body.append(byte)
    }

    private mutating func keep(_ byte: UInt8) {
        guard !overflowed else { return }
        if body.count >= Self.maximumSequenceLength {
            overflowed = true
            body.removeAll()
        } else {
            body.append(byte)
        }
    }

    private mutating func reset(to next: State) {
        state = next
        if !body.isEmpty { body.removeAll(keepingCapacity: body.count <= 256) }
        overflowed = false
    }

    // MARK: - Meaning

    /// A marker the CSI dispatch returns for `ESC [ 200 ~` (the paste begins).
    private static let pasteStart = TerminalInput.reply(.other(introducer: 0xFF))
    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    private static func dispatchCSI(_ parameters: [UInt8], final: UInt8) -> TerminalInput? {
        let marker = parameters.first.flatMap { (0x3C...0x3F).contains($0) ? $0 : nil }
        let intermediates = parameters.filter { (0x20...0x2F).contains($0) }
        let digits = parameters.drop { (0x3C...0x3F).contains($0) }.filter { (0x30...0x3B).contains($0) }
        let numbers = String(decoding: digits, as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false).map { Int($0.prefix { $0 != ":" }) }
        switch (marker, final) {
        case (UInt8(ascii: "<"), UInt8(ascii: "M")), (UInt8(ascii: "<"), UInt8(ascii: "m")):
            return mouse(numbers, pressed: final == UInt8(ascii: "M"))
        case (UInt8(ascii: "?"), UInt8(ascii: "c")):
            return .reply(.primaryDeviceAttributes(numbers.compactMap { $0 }))
        case (UInt8(ascii: ">"), UInt8(ascii: "c")):
            return .reply(.secondaryDeviceAttributes(numbers.compactMap { $0 }))
        case (UInt8(ascii: "?"), UInt8(ascii: "y")) where intermediates == [UInt8(ascii: "$")]:
            guard numbers.count >= 2, let mode = numbers[0], let state = numbers[1] else {
                return .reply(.other(introducer: UInt8(ascii: "[")))
            }
            return .reply(.modeReport(mode: mode, state: state))
        case (UInt8(ascii: "?"), UInt8(ascii: "S")) where intermediates.isEmpty:
            guard numbers.count >= 2, let item = numbers[0], let status = numbers[1] else {
                return .reply(.other(introducer: UInt8(ascii: "[")))
            }
            return .reply(.graphicsAttribute(item: item, status: status, values: numbers.dropFirst(2).compactMap { $0 }))
        case (nil, UInt8(ascii: "t")) where intermediates.isEmpty:
            guard numbers.count == 3, let kind = numbers[0], let first = numbers[1], let second = numbers[2] else {
                return .reply(.other(introducer: UInt8(ascii: "[")))
            }
            return .reply(.windowReport(kind: kind, first: first, second: second))
        case (nil, UInt8(ascii: "~")) where intermediates.isEmpty && numbers.first == 200:
            return pasteStart
        case (nil, _) where intermediates.isEmpty:
            return csiKey(numbers.first ?? nil, final: final).map { .key($0) }
        case (nil, _):
            return nil
        default:
            // A private marker: a reply we did not ask for, or one we do not read. Never a key.
            return .reply(.other(introducer: UInt8(ascii: "[")))
        }
    }

    private static func mouse(_ numbers: [Int?], pressed: Bool) -> TerminalInput? {
        guard numbers.count == 3, let code = numbers[0], let x = numbers[1], let y = numbers[2], x >= 1, y >= 1 else {
            return nil
        }
        // Bits: 0–1 the button (3: none), 4 Shift, 8 Meta, 16 Ctrl, 32 motion, 64 wheel.
        let action: MouseReport.Action
        if code & 64 != 0 {
            guard pressed, code & 32 == 0, code & 128 == 0 else { return nil }
            action = code & 1 == 0 ? .wheelUp : .wheelDown
        } else if code & 3 == 0, code & 128 == 0 {
            // The left button: down, moved while held, up; other buttons mean nothing here.
            if code & 32 != 0 {
                guard pressed else { return nil }
                action = .leftDrag
            } else {
                action = pressed ? .leftPress : .leftRelease
            }
        } else {
            return nil
        }
        return .mouse(MouseReport(action: action, row: y - 1, column: x - 1, control: code & 16 != 0))
    }

    private static func dispatchString(_ kind: StringKind, introducer: UInt8, body: [UInt8]) -> TerminalReply {
        switch kind {
        case .dcs:
            if body.starts(with: Array(">|".utf8)) {
                return TerminalReply.printable(body.dropFirst(2)).map { .version($0) } ?? .other(introducer: introducer)
            }
            if body.starts(with: Array("1+r".utf8)) {
                return .capabilities(capabilities(String(decoding: body.dropFirst(3), as: UTF8.self)))
            }
            if body.starts(with: Array("0+r".utf8)) { return .unknownCapability }
            return .other(introducer: introducer)
        case .apc:
            guard body.first == UInt8(ascii: "G") else { return .other(introducer: introducer) }
            let text = body.dropFirst()
            let keys = text.prefix { $0 != UInt8(ascii: ";") }
            let message = text.dropFirst(keys.count + 1).prefix(TerminalReply.maximumTextLength)
            var id: Int?
            for pair in keys.split(separator: UInt8(ascii: ",")) where pair.starts(with: Array("i=".utf8)) {
                id = Int(String(decoding: pair.dropFirst(2), as: UTF8.self))
            }
            return .kittyGraphics(id: id, message: TerminalReply.printable(message) ?? "")
        case .osc, .ignored:
            return .other(introducer: introducer)
        }
    }

    /// `name=value` pairs (hex both, `;`-separated) of an XTGETTCAP answer.
    private static func capabilities(_ text: String) -> [String: String] {
        var found: [String: String] = [:]
        for pair in text.split(separator: ";").prefix(32) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = TerminalReply.hexDecoded(parts[0]), !name.isEmpty else { continue }
            let value = parts.count > 1 ? TerminalReply.hexDecoded(parts[1]) : ""
            if let value { found[name] = value }
        }
        return found
    }

    /// `ESC O x`: application-mode arrows, Home/End, Enter, F1–F4.
    static func ss3Key(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: nil
        }
    }

    /// `ESC [ first ; … final` with no private marker: the xterm, rxvt, linux-console and tmux
    /// spellings of the named keys; modifiers (`1;5A`) are read past.
    static func csiKey(_ first: Int?, final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .tab
        case UInt8(ascii: "~"):
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
