/// Whether animated GIFs and WebPs play (`--animate`).
public enum AnimationMode: String, Sendable, Hashable, CaseIterable {
    /// Play as the file says (its loop count), while visible.
    case on
    /// Show the first frame only: no frame is ever decoded beyond it.
    case off
    /// Play one loop, then stay on the last frame.
    case once
}
