public import FoundationEssentials
public import ImageCodecs

/// One source photo of the library: its file, its bytes and what its header says.
public struct Photo: Sendable, Hashable {
    /// The file name, e.g. `coffee.jpg`.
    public var name: String
    /// Where it was read from.
    public var url: URL
    /// The encoded file contents (decoded lazily, on first use).
    public var bytes: [UInt8]
    /// Format, stored size and orientation, from the header only.
    public var header: ImageHeader
    /// The photographer from the library's manifest; nil: the feed picks a built-in name.
    public var author: String? = nil

    /// The size as displayed (after EXIF orientation).
    public var size: PixelSize { header.size }
}
