/// The panel open above the status bar, if any (one at a time).
enum FeedPanel: Hashable, Sendable {
    /// The event log (`l`).
    case eventLog
    /// The network panel (`n`).
    case network
    /// The focused photo's info (`I`).
    case info
}
