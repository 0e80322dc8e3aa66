/// The detail view of one photo (Enter): its own load at the size of the screen.
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
}
