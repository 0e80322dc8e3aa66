public import ImageCodecs

/// A progressive JPEG as of the scans received so far, processed like the final image (fit
/// to the request's size): what a row draws in place of its placeholder while it loads.
///
/// ```swift
/// for await phase in task.phases {
///     if case .preview(let preview) = phase { draw(preview.bitmap) }   // "preview · scan 3"
/// }
/// ```
///
/// Its fields are not optional on purpose: see the note on `LoadProgress`.
public struct ImagePreview: Sendable, Hashable, CustomStringConvertible {
    /// The image as of `scan`, processed.
    public var bitmap: Bitmap
    /// The last complete scan shown (1-based).
    public var scan: Int
    /// The bytes received when the preview was taken.
    public var progress: LoadProgress
    /// True while only the first (DC) scans are in: no sharper than an image an eighth of the
    /// size, so a thumbnail already on screen may be the better picture.
    public var isCoarse: Bool

    public init(bitmap: Bitmap, scan: Int, progress: LoadProgress, isCoarse: Bool = false) {
        self.bitmap = bitmap
        self.scan = scan
        self.progress = progress
        self.isCoarse = isCoarse
    }

    public var description: String {
        "scan \(scan)\(isCoarse ? " (coarse)" : "") \(bitmap.width)×\(bitmap.height) at \(progress)"
    }
}
