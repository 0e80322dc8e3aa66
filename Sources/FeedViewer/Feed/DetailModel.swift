import ImageCodecs
import TerminalGraphics
import TerminalScreen
import Vocabulary

/// The detail view of one photo (Enter): its own load at the size of the screen, or of the
/// part of the photo a zoomed view shows.
struct DetailModel: Sendable {
    /// The photo shown.
    var key: PhotoKey
    /// The detail load.
    var token: LoadToken
    /// What the view shows about the load.
    var state: RowDisplayState = .idle
    /// The picture: the row's thumbnail scaled up while the larger image loads (it is in memory
    /// already), then a progressive JPEG's previews, then the loaded image.
    var picture: Picture?
    /// Whether the picture is still the row's thumbnail (a coarse preview does not replace it).
    var showsThumbnail = false
    /// Fitted, or zoomed and panned.
    var zoom = DetailZoom()
    /// The original's size as the load found it (for a photo whose feed did not say).
    var originalSize: PixelSize?
    /// The image the picture was drawn from and the part of the original it covers: a new
    /// zoom or pan cuts its stand-in from it until its own part is decoded.
    var shown: (bitmap: Bitmap, region: PixelRect)?
    /// The part of the original the running load asks for.
    var requested: PixelRect?
    /// Where a drag last was (a press in the view starts one).
    var dragAnchor: CellPoint?
}
