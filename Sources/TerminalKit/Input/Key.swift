/// A key the viewer understands, decoded from terminal input.
///
/// Printable keys arrive as ``character(_:)``; named keys have their own cases.
public enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, punctuation, space).
    case character(Character)
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Page Up (Prior).
    case pageUp
    /// Page Down (Next).
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Enter or Return.
    case enter
    /// Escape on its own (not the start of a sequence).
    case escape
    /// Backspace or Delete-left.
    case backspace
    /// Tab.
    case tab
    /// A function key F1–F12.
    case function(Int)
    /// A control chord such as Ctrl-L, given by its letter.
    case control(Character)
}
