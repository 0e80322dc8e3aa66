import CNcurses

/// Turns what `wget_wch` returned into an input event: pure, so it is tested without a terminal.
enum CursesKeyDecoder {
    /// The result of decoding one `wget_wch` call.
    enum Decoded: Equatable {
        /// A complete event.
        case event(InputEvent)
        /// `KEY_MOUSE`: read the event with `getmouse`.
        case mouse
        /// `KEY_RESIZE`: ncurses noticed a size change.
        case resize
        /// Nothing usable (an unknown key): read on.
        case ignored
    }

    /// `BUTTON4_PRESSED` (wheel up) for mouse version 2: `002 << 15`.
    static let wheelUpMask: UInt32 = 0o2 << 15
    /// `BUTTON5_PRESSED` (wheel down): `002 << 20`.
    static let wheelDownMask: UInt32 = 0o2 << 20

    /// Decodes a `wget_wch` result: `isKeyCode` for `KEY_CODE_YES`, else `value` is a character.
    static func decode(isKeyCode: Bool, value: UInt32) -> Decoded {
        isKeyCode ? decodeKeyCode(Int32(bitPattern: value)) : decodeCharacter(value)
    }

    /// `BUTTON1_PRESSED` (left button down): `002 << 0`.
    static let leftPressMask: UInt32 = 0o2
    /// `BUTTON1_CLICKED` (press and release within the click interval): `004 << 0`.
    static let leftClickMask: UInt32 = 0o4
    /// Every mouse event the viewer asks ncurses for.
    static let reportedMask: UInt32 = wheelUpMask | wheelDownMask | leftPressMask | leftClickMask

    /// Decodes a mouse event's button state, at zero-based cell (`row`, `column`).
    static func decodeMouse(buttonState: UInt32, row: Int = 0, column: Int = 0) -> InputEvent? {
        if buttonState & wheelUpMask != 0 { return .mouseWheel(.up) }
        if buttonState & wheelDownMask != 0 { return .mouseWheel(.down) }
        if buttonState & (leftPressMask | leftClickMask) != 0, row >= 0, column >= 0 {
            return .mouseClick(CellPoint(row: row, column: column))
        }
        return nil
    }

    private static func decodeCharacter(_ value: UInt32) -> Decoded {
        switch value {
        case 0x0D, 0x0A: return .event(.key(.enter))
        case 0x1B: return .event(.key(.escape))
        case 0x09: return .event(.key(.tab))
        case 0x08, 0x7F: return .event(.key(.backspace))
        case 0x01...0x1A:
            guard let letter = Unicode.Scalar(value + 0x60) else { return .ignored }
            return .event(.key(.control(Character(letter))))
        case 0x00..<0x20, 0x80..<0xA0:
            return .ignored
        default:
            guard let scalar = Unicode.Scalar(value) else { return .ignored }
            return .event(.key(.character(Character(scalar))))
        }
    }

    private static func decodeKeyCode(_ code: Int32) -> Decoded {
        switch code {
        case KEY_UP: return .event(.key(.up))
        case KEY_DOWN: return .event(.key(.down))
        case KEY_LEFT: return .event(.key(.left))
        case KEY_RIGHT: return .event(.key(.right))
        case KEY_PPAGE: return .event(.key(.pageUp))
        case KEY_NPAGE: return .event(.key(.pageDown))
        case KEY_HOME, KEY_A1: return .event(.key(.home))
        case KEY_END, KEY_C1: return .event(.key(.end))
        case KEY_ENTER: return .event(.key(.enter))
        case KEY_BACKSPACE: return .event(.key(.backspace))
        case KEY_BTAB: return .event(.key(.tab))
        case KEY_MOUSE: return .mouse
        case KEY_RESIZE: return .resize
        case (KEY_F0 + 1)...(KEY_F0 + 12): return .event(.key(.function(Int(code - KEY_F0))))
        default: return .ignored
        }
    }
}
