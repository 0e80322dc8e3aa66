/// What a key binding does, by kind: the groups of README's key tables and the manual's KEYS.
///
/// The bindings are data (``KeyMap/helpEntries``), each in one group, so the `?` overlay, the
/// manual and README are made from one list; `KeyTableTests` fails when README's tables differ.
public enum KeyGroup: String, Hashable, Sendable, CaseIterable {
    /// Moving the focus and scrolling.
    case move
    /// Opening, zooming and how pictures are drawn.
    case view
    /// Acting on the focused photo (or the marked ones).
    case act
    /// Marking photos.
    case marks
    /// Culling: stars, pick or reject, colour labels (written to XMP sidecars).
    case cull
    /// Filtering and sorting the list.
    case find
    /// The panels and overlays.
    case panels
    /// Going back, quitting, suspending.
    case quit

    /// The group's heading in README and the manual.
    public var title: String {
        switch self {
        case .move: "Move"
        case .view: "View and zoom"
        case .act: "Act on photos"
        case .marks: "Marks"
        case .cull: "Cull"
        case .find: "Find and sort"
        case .panels: "Panels"
        case .quit: "Quit"
        }
    }
}
