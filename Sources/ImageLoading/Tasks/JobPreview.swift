/// What a shared job shows before its result: the bytes of a progressive JPEG with a new
/// complete scan (from the data stage), or their decoded, processed preview (from the image
/// stage). Previews are never cached.
enum JobPreview: Sendable {
    /// The bytes received so far (the data stage).
    case data(bytes: [UInt8], progress: LoadProgress)
    /// The decoded preview (the image stage).
    case image(ImagePreview)
}
