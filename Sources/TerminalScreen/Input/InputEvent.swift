public import TerminalKit
import TerminalGraphics
public import Vocabulary

/// Something the user or the terminal did, as the event loop sees it.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// One notch of the mouse wheel.
    case mouseWheel(MouseWheelDirection)
    /// One notch of the mouse wheel with Ctrl held (zooms the photo view).
    case mouseZoom(MouseWheelDirection)
    /// The left mouse button went down on a screen cell.
    case mouseClick(CellPoint)
    /// The mouse moved to a screen cell with the left button held (pans a zoomed photo).
    case mouseDrag(CellPoint)
    /// The terminal changed size; the screen's ``Screen/size`` is already updated.
    case resize(CellSize)
    /// SIGINT or SIGTERM arrived: the loop must restore the terminal and exit.
    case interrupt(TerminationSignal)
    /// Ctrl-Z or SIGTSTP: give the terminal back and stop until `fg`.
    case suspend
    /// The process was continued after a stop it did not ask for (SIGSTOP, then SIGCONT): the
    /// screen took the terminal back; draw everything again.
    case redraw
    /// An answer from the terminal (often late: after the start-up probe gave up waiting).
    case terminalReply(TerminalReply)
}

/// The direction of a mouse-wheel notch.
public enum MouseWheelDirection: Hashable, Sendable {
    /// Wheel rolled away from the user (content moves down, the view scrolls up).
    case up
    /// Wheel rolled toward the user.
    case down
}

/// The signals that end the viewer.
public enum TerminationSignal: Hashable, Sendable {
    /// Ctrl-C.
    case interrupt
    /// `kill` (SIGTERM).
    case terminate
    /// The controlling terminal went away (SIGHUP).
    case hangup

    /// The shell's exit status for a process ended by this signal (128 + number).
    public var exitStatus: Int32 {
        switch self {
        case .interrupt: 130
        case .terminate: 143
        case .hangup: 129
        }
    }
}
