public import FoundationEssentials
public import ImageCodecs
public import Vocabulary

/// One source photo of the library: its file and what its header says.
///
/// The encoded bytes are not kept (a library's files are far larger than what is served): ``contents()`` reads
/// them when a source is decoded (then kept decoded, and on disk with a source store) or an
/// animation is served.
public struct Photo: Sendable, Hashable {
    /// The file name, e.g. `coffee.jpg`.
    public var name: String
    /// Where it was read from.
    public var url: URL
    /// Format, stored size and orientation, from the header only.
    public var header: ImageHeader
    /// The photographer from the library's manifest; nil: the feed picks a built-in name.
    public var author: String? = nil

    public init(name: String, url: URL, header: ImageHeader, author: String? = nil) {
        self.name = name
        self.url = url
        self.header = header
        self.author = author
    }

    /// The size as displayed (after EXIF orientation).
    public var size: PixelSize { header.size }

    /// The file's bytes, read now; a `PicsumServerError` (``PicsumServerError/Kind/undecodablePhoto``)
    /// when the file cannot be read or its header is no longer the one the library probed (the
    /// file changed since: its crops and ids were made for the old one).
    public func contents() throws -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try [UInt8](Data(contentsOf: url))
        } catch {
            throw PicsumServerError.undecodablePhoto(name, "cannot be read (\(error))")
        }
        guard (try? ImageDecoder.probe(bytes)) == header else {
            throw PicsumServerError.undecodablePhoto(name, "it changed since the server started (restart it)")
        }
        return bytes
    }
}
