/// What arrives from a terminal, decoded: a key, a mouse report, or a reply to a question.
///
/// ```swift
/// var parser = TerminalInputParser()
/// parser.feed(Array("j\u{1B}[?62;4c".utf8))   // [.key(.character("j")), .reply(.primaryDeviceAttributes([62, 4]))]
/// ```
public enum TerminalInput: Hashable, Sendable {
    /// A key press (Ctrl-C and Ctrl-Z included: in raw mode they are bytes like any other).
    case key(Key)
    /// A mouse report (SGR encoding, mode 1006).
    case mouse(MouseReport)
    /// An answer from the terminal: never a key, however late it arrives.
    case reply(TerminalReply)
}

/// One mouse report: what happened and where, in zero-based cells.
public struct MouseReport: Hashable, Sendable {
    /// What the mouse did.
    public enum Action: Hashable, Sendable {
        /// The wheel rolled away from the user.
        case wheelUp
        /// The wheel rolled toward the user.
        case wheelDown
        /// The left button went down.
        case leftPress
        /// The mouse moved with the left button held (button-event tracking, mode 1002).
        case leftDrag
        /// The left button came up.
        case leftRelease
    }

    /// What the mouse did.
    public var action: Action
    /// The cell's row, from 0.
    public var row: Int
    /// The cell's column, from 0.
    public var column: Int
    /// Whether Ctrl was held (Ctrl + wheel zooms).
    public var control: Bool

    /// A report of `action` at (`row`, `column`).
    public init(action: Action, row: Int, column: Int, control: Bool = false) {
        self.action = action
        self.row = row
        self.column = column
        self.control = control
    }
}
