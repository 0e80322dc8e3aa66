import FoundationEssentials

/// The questions photofeed asks a terminal at start-up, in one write: the kitty graphics query
/// (a 1×1 image, `a=q`), and when a temporary file is offered the same query reading the pixel
/// from that file (`t=t`: does the terminal see this machine's files?), XTVERSION, the cell size
/// in pixels (`CSI 16 t`), the text area in pixels (`CSI 14 t`, for terminals without the
/// former), whether synchronized output (mode 2026) is known (`DECRQM`), the largest sixel
/// image (XTSMGRAPHICS: xterm drops a larger one whole), the terminal's own
/// `RGB` and `colors` capabilities (XTGETTCAP, one request each: a terminal that knows only one
/// still answers it), the secondary device attributes, and last the primary device attributes, which every terminal answers: the
/// fence that ends the wait.
///
/// Inside tmux the questions for the terminal go through passthrough, the fence too (tmux
/// would answer a bare one itself at once, before the outer terminal's replies came back);
/// the text-area size is not asked there (it is the outer window's, not the pane's).
public enum TerminalQuery {
    /// The kitty query's image id; a reply naming it says kitty graphics work.
    public static let graphicsQueryID = 31
    /// The file query's image id; a reply naming it says `t=t` works.
    public static let fileQueryID = 32

    /// The batched query, outside tmux, with no file query.
    public static let bytes: [UInt8] = bytes()

    /// The batched query; `filePath` names a file holding one RGB pixel for the `t=t` query.
    public static func bytes(filePath: String? = nil, passthrough: Bool = false) -> [UInt8] {
        func outer(_ text: String) -> [UInt8] {
            passthrough ? TmuxPassthrough.wrap(Array(text.utf8)) : Array(text.utf8)
        }
        var query = outer("\u{1B}_Gi=\(graphicsQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\")
        if let filePath {
            let path = Data(filePath.utf8).base64EncodedString()
            query += outer("\u{1B}_Gi=\(fileQueryID),s=1,v=1,a=q,t=t,f=24;\(path)\u{1B}\\")
        }
        query += outer("\u{1B}[>0q")
        query += outer("\u{1B}[16t")
        if !passthrough { query += outer("\u{1B}[14t") }
        query += Array("\u{1B}[?2026$p".utf8)  // tmux itself draws the frames inside it
        query += outer("\u{1B}[?2;1;0S")  // XTSMGRAPHICS: the largest sixel image
        query += outer("\u{1B}P+q524742\u{1B}\\")  // XTGETTCAP RGB
        query += outer("\u{1B}P+q636F6C6F7273\u{1B}\\")  // XTGETTCAP colors
        query += outer("\u{1B}[>c")  // DA2: the terminal's type and version, for those without XTVERSION
        query += outer("\u{1B}[c")
        return query
    }
}
