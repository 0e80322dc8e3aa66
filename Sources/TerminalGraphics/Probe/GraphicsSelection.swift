public import TerminalKit

/// Chooses the picture backend from what the terminal answered, the environment, and the
/// flags: pure, so every terminal's answers can be tested. Each protocol in
/// ``GraphicsProtocols/all`` weighs the answers itself (``GraphicsProtocol/support(in:)``); the
/// best supported one is used, else block art with the reason a protocol gave for refusing.
///
/// An answer from the terminal beats a hint from the environment; a flag beats both.
///
/// ```swift
/// let choice = GraphicsSelection.choose(.auto, replies: replies, environment: env)
/// choice.backend   // kitty-placeholders
/// choice.reason    // "kitty placeholders (terminal answered)"
/// ```
public struct GraphicsSelection: Hashable, Sendable {
    /// What `--graphics` asked for: `auto` (ask the terminal), `blocks`, or a protocol by name.
    public struct Request: Hashable, Sendable, CustomStringConvertible {
        /// The backend named; nil: `auto`.
        public let backend: PictureBackend?

        /// Ask the terminal.
        public static let auto = Request(backend: nil)
        /// Block art.
        public static let blocks = Request(backend: .blocks)

        /// A protocol by name.
        public static func pixels(_ graphics: any GraphicsProtocol) -> Request { Request(backend: .pixels(graphics)) }

        private init(backend: PictureBackend?) {
            self.backend = backend
        }

        /// `auto`, `blocks` or a protocol's name (case ignored); nil for anything else.
        public init?(parsing text: String) {
            switch text.lowercased() {
            case "auto": self = .auto
            case "blocks": self = .blocks
            default:
                guard let graphics = GraphicsProtocols.named(text) else { return nil }
                self = .pixels(graphics)
            }
        }

        /// Every name `--graphics` takes, for messages: "auto, blocks, kitty, … or iterm".
        public static var names: String { "auto, blocks, " + GraphicsProtocols.names }

        /// Every name ``init(parsing:)`` takes, for shell completion: `auto`, `blocks`, then each protocol's.
        public static var words: [String] { ["auto", "blocks"] + GraphicsProtocols.all.map(\.name) }

        public var description: String { backend?.name ?? "auto" }
    }

    /// The backend chosen.
    public var backend: PictureBackend
    /// Why, for the status bar: `kitty (terminal answered)`, `blocks (no graphics reply)`.
    public var reason: String

    /// A choice.
    public init(backend: PictureBackend, reason: String) {
        self.backend = backend
        self.reason = reason
    }

    /// The choice for `request`, given the terminal's `replies` (nil: no terminal to ask) and,
    /// inside tmux, the pane (`tmux`; nil outside, or when tmux did not answer).
    public static func choose(
        _ request: Request, replies: TerminalReplies?, environment: [String: String], tmux: TmuxPane? = nil
    ) -> GraphicsSelection {
        if let backend = request.backend {
            guard let graphics = backend.graphics else { return GraphicsSelection(backend: .blocks, reason: "blocks (asked for)") }
            return graphics.asked(insideTmux: GraphicsAnswers.insideTmux(tmux: tmux, environment: environment))
        }
        guard let replies else { return GraphicsSelection(backend: .blocks, reason: "blocks (no terminal to ask)") }
        let answers = GraphicsAnswers(replies: replies, environment: environment, tmux: tmux)
        var best: (rank: Int, selection: GraphicsSelection)?
        var refusal: String?
        for graphics in GraphicsProtocols.all {
            switch graphics.support(in: answers) {
            case .supported(let rank, let reason):
                if rank > best?.rank ?? .min { best = (rank, GraphicsSelection(backend: .pixels(graphics), reason: reason)) }
            case .refused(let reason):
                refusal = refusal ?? reason
            case .unsupported:
                break
            }
        }
        if let best { return best.selection }
        if let refusal { return GraphicsSelection(backend: .blocks, reason: "blocks (\(refusal))") }
        return GraphicsSelection(
            backend: .blocks, reason: replies.isComplete ? "blocks (no graphics reply)" : "blocks (no reply from the terminal)")
    }
}
