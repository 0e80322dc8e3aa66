import FoundationEssentials

/// The questions photofeed asks a terminal at start-up, in two writes.
///
/// First the identification (``identification(passthrough:)``): XTVERSION, the secondary device
/// attributes (DA2) and the primary ones (DA1), which every terminal answers: the fence that ends
/// the first wait. Then, from what those answers and the environment make safe
/// (``Allowed/init(family:replies:)``), the rest (``bytes(filePath:passthrough:allowed:identify:)``
/// with `identify: false`): the kitty graphics query (a 1×1 image, `a=q`; not to rxvt-unicode,
/// which prints it, nor inside GNU screen or on the Linux console, nor raw to tmux, which takes
/// an APC it does not pass on as the pane's title), and when a temporary file is
/// offered the same query reading the pixel from that file (`t=t`: does the terminal see this
/// machine's files?), the cell size in pixels (`CSI 16 t`), the text area in pixels (`CSI 14 t`,
/// for terminals without the former), whether synchronized output (mode 2026) is known
/// (`DECRQM`), the largest sixel image (XTSMGRAPHICS, only when DA1 says sixel: st takes it as
/// "scroll up"), the terminal's own `RGB` and `colors` capabilities (XTGETTCAP, one request
/// each: a terminal that knows only one still answers it; never inside GNU screen, which prints
/// them), and the fence again.
///
/// Inside tmux the questions for the terminal go through passthrough, the fence too (tmux
/// would answer a bare one itself at once, before the outer terminal's replies came back);
/// the text-area size is not asked there (it is the outer window's, not the pane's). Where
/// tmux cannot pass them on (no pane to ask, passthrough off), the kitty query is not sent.
public enum TerminalQuery {
    /// The kitty query's image id; a reply naming it says kitty graphics work.
    public static let graphicsQueryID = 31
    /// The file query's image id; a reply naming it says `t=t` works.
    public static let fileQueryID = 32

    /// Which of the second write's questions a terminal can take.
    public struct Allowed: Hashable, Sendable {
        /// The kitty graphics queries (APC).
        public var kittyQuery: Bool
        /// XTGETTCAP (DCS).
        public var capabilities: Bool
        /// XTSMGRAPHICS (`CSI ? 2 ; 1 ; 0 S`, "scroll up" to a terminal without sixel).
        public var sixelGeometry: Bool

        /// Every question.
        public static let everything = Allowed(kittyQuery: true, capabilities: true, sixelGeometry: true)

        /// A choice of questions.
        public init(kittyQuery: Bool, capabilities: Bool, sixelGeometry: Bool) {
            self.kittyQuery = kittyQuery
            self.capabilities = capabilities
            self.sixelGeometry = sixelGeometry
        }

        /// What `family` can take, given its identification answers (XTSMGRAPHICS only when DA1
        /// reports sixel); `passthrough`: whether the questions go through tmux passthrough.
        /// tmux takes the kitty query only wrapped in passthrough: a raw APC would become the
        /// pane's title (`Gi=31,s=1,v=1,a=q,…`).
        public init(family: TerminalFamily, replies: TerminalReplies, passthrough: Bool = false) {
            self.init(
                kittyQuery: family.takesKittyQuery && (family != .tmux || passthrough),
                capabilities: family.takesDeviceControlStrings, sixelGeometry: replies.sixel)
        }
    }

    /// Every question in one write, outside tmux, with no file query.
    public static let bytes: [UInt8] = bytes()

    /// The first write: XTVERSION, DA2 and the fence (DA1), safe on every terminal.
    public static func identification(passthrough: Bool = false) -> [UInt8] {
        func outer(_ text: String) -> [UInt8] {
            passthrough ? TmuxPassthrough.wrap(Array(text.utf8)) : Array(text.utf8)
        }
        return outer("\u{1B}[>0q") + outer("\u{1B}[>c") + outer("\u{1B}[c")
    }

    /// The questions `allowed`, ending with the fence; `filePath` names a file holding one RGB
    /// pixel for the `t=t` query; `identify`: XTVERSION and DA2 too (false for the second write,
    /// which follows ``identification(passthrough:)``).
    public static func bytes(
        filePath: String? = nil, passthrough: Bool = false, allowed: Allowed = .everything, identify: Bool = true
    ) -> [UInt8] {
        func outer(_ text: String) -> [UInt8] {
            passthrough ? TmuxPassthrough.wrap(Array(text.utf8)) : Array(text.utf8)
        }
        var query: [UInt8] = []
        if allowed.kittyQuery {
            query += outer("\u{1B}_Gi=\(graphicsQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\")
            if let filePath {
                let path = Data(filePath.utf8).base64EncodedString()
                query += outer("\u{1B}_Gi=\(fileQueryID),s=1,v=1,a=q,t=t,f=24;\(path)\u{1B}\\")
            }
        }
        if identify { query += outer("\u{1B}[>0q") }
        query += outer("\u{1B}[16t")
        if !passthrough { query += outer("\u{1B}[14t") }
        query += Array("\u{1B}[?2026$p".utf8)  // tmux itself draws the frames inside it
        if allowed.sixelGeometry { query += outer("\u{1B}[?2;1;0S") }  // XTSMGRAPHICS: the largest sixel image
        if allowed.capabilities {
            query += outer("\u{1B}P+q524742\u{1B}\\")  // XTGETTCAP RGB
            query += outer("\u{1B}P+q636F6C6F7273\u{1B}\\")  // XTGETTCAP colors
        }
        if identify { query += outer("\u{1B}[>c") }  // DA2: the terminal's type and version, for those without XTVERSION
        query += outer("\u{1B}[c")
        return query
    }
}
