/// An image container format, recognised by its magic bytes (never by name or Content-Type).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case jpeg, png, gif, webp, bmp, tiff, heif, avif

    /// Whether ImageCodecs can decode this format.
    public var isDecodable: Bool { self == .jpeg || self == .png }

    public var description: String { rawValue.uppercased() }

    /// The format whose signature starts `bytes`, or nil.
    public static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        TODO_ImageCodecs()
    }
}

/// Marks bodies the codecs work fills in.
@inline(never)
func TODO_ImageCodecs(function: StaticString = #function) -> Never {
    fatalError("ImageCodecs: \(function) is not implemented yet")
}
