import ImageCodecs
import ImageLoading

/// The detail view of one photo: its own loader at the size of the screen.
struct DetailState {
    /// The row whose photo is shown.
    var row: Int
    /// The detail view's loader.
    var loader: any RowLoading
    /// Tells this loader's phases from an earlier detail view's.
    var generation: Int
    /// Forwards the loader's phases to the loop.
    var forwarder: Task<Void, Never>?
    /// What the view shows about the load.
    var state: RowDisplayState = .idle
    /// The picture as cells, once loaded.
    var picture: CellBlock?
    /// Whether the view must be drawn again.
    var needsRedraw = true
}
