public import TerminalKit

/// Chooses the picture backend and the colour depth from what the terminal answered, the
/// environment, and the flags: pure, so every terminal's answers can be tested.
///
/// An answer from the terminal beats a hint from the environment; a flag beats both.
///
/// ```swift
/// let choice = GraphicsSelection.choose(.auto, replies: replies, environment: env)
/// choice.backend   // .kitty
/// choice.reason    // "kitty (terminal answered)"
/// ```
public struct GraphicsSelection: Hashable, Sendable {
    /// What `--graphics` asked for.
    public enum Request: String, Hashable, Sendable, CaseIterable {
        case auto
        case blocks
        case kitty
        case kittyPlaceholders = "kitty-placeholders"
        case sixel
        case iterm
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
        let insideTmux = tmux != nil || environment["TMUX"] != nil
        switch request {
        case .blocks: return GraphicsSelection(backend: .blocks, reason: "blocks (asked for)")
        case .kitty where insideTmux, .kittyPlaceholders where insideTmux:
            // Only placeholders, which tmux moves like text, can show inside it.
            return GraphicsSelection(backend: .kittyPlaceholders, reason: "kitty placeholders (asked for, tmux passthrough)")
        case .kitty: return GraphicsSelection(backend: .kitty, reason: "kitty (asked for)")
        case .kittyPlaceholders:
            return GraphicsSelection(backend: .kittyPlaceholders, reason: "kitty placeholders (asked for)")
        case .sixel: return GraphicsSelection(backend: .sixel, reason: "sixel (asked for)")
        case .iterm: return GraphicsSelection(backend: .iterm, reason: "iterm (asked for)")
        case .auto: break
        }
        guard let replies else { return GraphicsSelection(backend: .blocks, reason: "blocks (no terminal to ask)") }
        if insideTmux { return chooseInsideTmux(replies: replies, pane: tmux) }
        let version = replies.version?.lowercased() ?? ""
        if replies.kittyGraphics {
            if supportsPlaceholders(replies.version) {
                return GraphicsSelection(backend: .kittyPlaceholders, reason: "kitty placeholders (terminal answered)")
            }
            // WezTerm speaks kitty graphics but not its placeholders; its iTerm2 images are sound.
            if version.hasPrefix("wezterm") {
                return GraphicsSelection(backend: .iterm, reason: "iterm (terminal answered)")
            }
            return GraphicsSelection(backend: .kitty, reason: "kitty (terminal answered)")
        }
        if version.hasPrefix("iterm2") || version.hasPrefix("wezterm") {
            return GraphicsSelection(backend: .iterm, reason: "iterm (terminal answered)")
        }
        if replies.sixel { return GraphicsSelection(backend: .sixel, reason: "sixel (terminal answered)") }
        if !replies.isComplete { return GraphicsSelection(backend: .blocks, reason: "blocks (no reply from the terminal)") }
        if ["iTerm.app", "WezTerm"].contains(environment["TERM_PROGRAM"] ?? "") {
            return GraphicsSelection(backend: .iterm, reason: "iterm (TERM_PROGRAM)")
        }
        return GraphicsSelection(backend: .blocks, reason: "blocks (no graphics reply)")
    }

    /// Inside tmux only kitty placeholders show (tmux moves and clips them like text), and only
    /// when the pane lets passthrough out, the outer kitty draws placeholders (≥ 0.28) and tmux
    /// passes 24-bit colour on (placeholders name their image by colour).
    static func chooseInsideTmux(replies: TerminalReplies, pane: TmuxPane?) -> GraphicsSelection {
        guard let pane, pane.passthroughAllowed else {
            return GraphicsSelection(backend: .blocks, reason: "blocks (inside tmux, no passthrough)")
        }
        guard replies.kittyGraphics else {
            let reason = replies.isComplete ? "blocks (tmux passthrough, no kitty reply)" : "blocks (inside tmux, no reply)"
            return GraphicsSelection(backend: .blocks, reason: reason)
        }
        guard supportsPlaceholders(replies.version) else {
            return GraphicsSelection(backend: .blocks, reason: "blocks (this kitty cannot draw inside tmux)")
        }
        guard pane.passesTrueColor else {
            // tmux maps 24-bit colours to its palette: name the images by a 256-colour index.
            return GraphicsSelection(backend: .kittyPlaceholders, reason: "kitty placeholders (tmux passthrough, 256-colour ids)")
        }
        return GraphicsSelection(backend: .kittyPlaceholders, reason: "kitty placeholders (tmux passthrough)")
    }

    /// kitty ≥ 0.28 and ghostty draw Unicode placeholders.
    static func supportsPlaceholders(_ version: String?) -> Bool {
        guard let version else { return false }
        if version.lowercased().hasPrefix("ghostty") { return true }
        guard version.hasPrefix("kitty("), let close = version.firstIndex(of: ")") else { return false }
        let numbers = version[version.index(version.startIndex, offsetBy: 6)..<close].split(separator: ".").compactMap { Int($0) }
        guard numbers.count >= 2 else { return false }
        return numbers[0] > 0 || numbers[1] >= 28
    }
}
