/// Pixels of one picture written to the terminal: which placement (a frame's picture key, such
/// as a photo's key or `detail`) and how many bytes. Deletions and placements are not pixels.
public struct PictureWrite: Hashable, Sendable {
    /// The placement the pixels were written for.
    public var key: String
    /// How many bytes.
    public var bytes: Int

    /// A write.
    public init(key: String, bytes: Int) {
        self.key = key
        self.bytes = bytes
    }
}
