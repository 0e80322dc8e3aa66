/// The questions photofeed asks a terminal at start-up, in one write: the kitty graphics query
/// (a 1×1 image, `a=q`), XTVERSION, the cell size in pixels (`CSI 16 t`), the text area in
/// pixels (`CSI 14 t`, for terminals without the former), whether synchronized output (mode
/// 2026) is known (`DECRQM`), and last the primary device
/// attributes, which every terminal answers: the fence that ends the wait.
public enum TerminalQuery {
    /// The batched query.
    public static let bytes: [UInt8] = Array(
        ("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
            + "\u{1B}[>0q"
            + "\u{1B}[16t"
            + "\u{1B}[14t"
            + "\u{1B}[?2026$p"
            + "\u{1B}[c").utf8)
}
