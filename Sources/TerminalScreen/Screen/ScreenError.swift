import TerminalText
/// Why a terminal screen could not be used.
///
/// ```swift
/// do { screen = try CursesScreen() } catch let error as ScreenError { print(error) }
/// ```
public struct ScreenError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case notATerminal
        case inputNotATerminal
        case unknownTerminal(String)
        case cannotAddressCursor(String)
        case initializationFailed(String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// Standard output is not a terminal.
    public static let notATerminal = ScreenError(.notATerminal)

    /// Standard input (where keys come from) is not a terminal.
    public static let inputNotATerminal = ScreenError(.inputNotATerminal)

    /// `TERM` names a terminal that cannot move its cursor (`dumb`): no full screen to draw.
    public static func cannotAddressCursor(_ name: String) -> ScreenError {
        ScreenError(.cannotAddressCursor(name))
    }

    /// `TERM` names a terminal type terminfo does not know.
    public static func unknownTerminal(_ name: String) -> ScreenError {
        ScreenError(.unknownTerminal(name))
    }

    /// ncurses refused to start for another reason.
    public static func initializationFailed(_ detail: String) -> ScreenError {
        ScreenError(.initializationFailed(detail))
    }

    /// One line for the user, naming what to do instead.
    public var description: String {
        switch code {
        case .notATerminal:
            "photofeed needs a terminal: stdout is not a tty"
                + " (use `photofeed snapshot` or `photofeed show` to print frames)"
        case .inputNotATerminal:
            "photofeed needs a terminal: stdin is not a tty (keys are read from it)"
                + " (use `photofeed snapshot` or `photofeed show` to print frames)"
        case .cannotAddressCursor(let name):
            "terminal type '\(TextSanitizer.sanitize(name))' cannot move the cursor, so the viewer cannot draw:"
                + " set TERM to a full-screen terminal (e.g. xterm-256color), or use `photofeed snapshot --text`"
                + " (the feed as lines of words) or `photofeed show`"
        case .unknownTerminal(let name):
            "unknown terminal type '\(TextSanitizer.sanitize(name))':"
                + " set TERM to one terminfo knows (e.g. xterm-256color)"
        case .initializationFailed(let detail):
            "cannot start the terminal screen: \(detail)"
        }
    }
}
