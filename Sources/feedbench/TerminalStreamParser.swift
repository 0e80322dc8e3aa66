/// Splits the bytes a program writes to a terminal into ``TerminalToken``s, as xterm's parser
/// does (ECMA-48's states, cut to what a terminal running ncurses and photofeed's pictures
/// needs): UTF-8 text, C0 controls, escapes, control sequences, and APC/DCS/OSC/PM/SOS strings
/// ended by ST (`ESC \`, or BEL for OSC). Bytes may come in any pieces: a token cut between
/// two reads is finished by the next.
struct TerminalStreamParser {
    private enum State {
        case ground
        case escape
        case controlSequence
        case string
        /// An `ESC` inside a string: ST when `\` follows.
        case stringEscape
    }

    private var state = State.ground
    private var intermediates: [UInt8] = []
    private var sequence = ControlSequence(prefix: nil, parameterText: [], intermediates: [], final: 0)
    /// The string being read (``State/string``).
    private(set) var openString: TerminalString?
    private var utf8Value: UInt32 = 0
    private var utf8Length = 0
    private var utf8Needed = 0

    /// Parses `bytes`, handing each finished token to `emit` in order.
    mutating func feed(_ bytes: some Sequence<UInt8>, _ emit: (TerminalToken) -> Void) {
        for byte in bytes { step(byte, emit) }
    }

    private mutating func step(_ byte: UInt8, _ emit: (TerminalToken) -> Void) {
        switch state {
        case .ground: ground(byte, emit)
        case .escape: escape(byte, emit)
        case .controlSequence: controlSequence(byte, emit)
        case .string:
            if byte == 0x1B {
                state = .stringEscape
            } else if byte == 0x07, openString?.kind == .osc {
                finishString(emit)
            } else if byte == 0x18 || byte == 0x1A {
                openString = nil  // CAN, SUB: the string is cancelled
                state = .ground
            } else {
                append(byte)
            }
        case .stringEscape:
            finishString(emit)
            // ST; any other byte ends the string too and starts an escape.
            if byte != UInt8(ascii: "\\") {
                state = .escape
                intermediates = []
                escape(byte, emit)
            }
        }
    }

    private mutating func ground(_ byte: UInt8, _ emit: (TerminalToken) -> Void) {
        if utf8Needed > 0 {
            if byte & 0xC0 == 0x80 {
                utf8Value = utf8Value << 6 | UInt32(byte & 0x3F)
                utf8Needed -= 1
                if utf8Needed == 0 { emitUTF8(emit) }
                return
            }
            utf8Needed = 0
            emit(.text("\u{FFFD}"))
        }
        switch byte {
        case 0x1B:
            state = .escape
            intermediates.removeAll(keepingCapacity: true)
        case 0x00..<0x20, 0x7F:
            emit(.control(byte))
        case 0x20..<0x80:
            emit(.text(Unicode.Scalar(byte)))
        case 0xC2...0xDF: startUTF8(byte, needing: 1)
        case 0xE0...0xEF: startUTF8(byte, needing: 2)
        case 0xF0...0xF4: startUTF8(byte, needing: 3)
        default:
            emit(.text("\u{FFFD}"))
        }
    }

    // A frame's thousands of block-art glyphs: decoded as they come, with nothing allocated.
    private mutating func startUTF8(_ byte: UInt8, needing count: Int) {
        utf8Value = UInt32(byte) & (count == 1 ? 0x1F : count == 2 ? 0x0F : 0x07)
        utf8Length = count + 1
        utf8Needed = count
    }

    private mutating func emitUTF8(_ emit: (TerminalToken) -> Void) {
        // Overlong forms and surrogates are not characters.
        let least: UInt32 = utf8Length == 2 ? 0x80 : utf8Length == 3 ? 0x800 : 0x10000
        if utf8Value >= least, let scalar = Unicode.Scalar(utf8Value) {
            emit(.text(scalar))
        } else {
            emit(.text("\u{FFFD}"))
        }
    }

    private mutating func escape(_ byte: UInt8, _ emit: (TerminalToken) -> Void) {
        switch byte {
        case 0x20...0x2F:
            intermediates.append(byte)
        case 0x00..<0x20:
            if byte == 0x18 || byte == 0x1A { state = .ground } else { emit(.control(byte)) }
        default:
            if intermediates.isEmpty, let kind = Self.stringKind(byte) {
                openString = TerminalString(kind: kind)
                state = .string
            } else if intermediates.isEmpty, byte == UInt8(ascii: "[") {
                // The buffers kept: a frame's thousands of colour changes allocate nothing.
                sequence.prefix = nil
                sequence.parameterText.removeAll(keepingCapacity: true)
                sequence.intermediates.removeAll(keepingCapacity: true)
                sequence.final = 0
                state = .controlSequence
            } else {
                emit(.escape(intermediates: intermediates, final: byte))
                state = .ground
            }
        }
    }

    private static func stringKind(_ byte: UInt8) -> TerminalString.Kind? {
        switch byte {
        case UInt8(ascii: "_"): .apc
        case UInt8(ascii: "P"): .dcs
        case UInt8(ascii: "]"): .osc
        case UInt8(ascii: "^"): .pm
        case UInt8(ascii: "X"): .sos
        default: nil
        }
    }

    private mutating func controlSequence(_ byte: UInt8, _ emit: (TerminalToken) -> Void) {
        switch byte {
        case 0x3C...0x3F where sequence.parameterText.isEmpty && sequence.prefix == nil:
            sequence.prefix = byte
        case 0x30...0x3F:
            sequence.parameterText.append(byte)
        case 0x20...0x2F:
            sequence.intermediates.append(byte)
        case 0x40...0x7E:
            sequence.final = byte
            emit(.csi(sequence))
            state = .ground
        case 0x1B:
            state = .escape
            intermediates.removeAll(keepingCapacity: true)
        case 0x18, 0x1A:
            state = .ground
        default:
            emit(.control(byte))  // a C0 control inside a sequence is executed
        }
    }

    private mutating func append(_ byte: UInt8) {
        guard openString != nil else { return }
        if openString!.head.count < TerminalString.headLimit { openString!.head.append(byte) }
        openString!.length += 1
    }

    private mutating func finishString(_ emit: (TerminalToken) -> Void) {
        if let openString { emit(.string(openString)) }
        openString = nil
        state = .ground
    }
}
