/// Why a terminal screen could not be used.
///
/// ```swift
/// do { screen = try CursesScreen() } catch let error as ScreenError { print(error) }
/// ```
public struct ScreenError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case notATerminal
        case unknownTerminal(String)
        case initializationFailed(String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// Standard output (or input) is not a terminal.
    public static let notATerminal = ScreenError(.notATerminal)

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
        case .unknownTerminal(let name):
            "unknown terminal type '\(TextSanitizer.sanitize(name))':"
                + " set TERM to one terminfo knows (e.g. xterm-256color)"
        case .initializationFailed(let detail):
            "cannot start the terminal screen: \(detail)"
        }
    }
}
