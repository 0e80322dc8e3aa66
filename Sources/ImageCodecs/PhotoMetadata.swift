/// What a photo's file says about itself without decoding pixels: its header, its size in
/// bytes and its EXIF tags (for the viewer's info panel).
///
/// EXIF is found in a JPEG's APP1 segment, a PNG's `eXIf` chunk, a WebP's `EXIF` chunk and a
/// TIFF's own structure (``ExifLocator``); every walk is bounded (``ContainerSegments``: at most
/// 64 segments, nothing past the image data). A HEIF/HEIC's comes from libheif, an AVIF's from
/// libavif and a JPEG XL's from libjxl (its `Exif` box, plain or Brotli-compressed in a `brob`
/// box), at most 64 KiB (``LibraryMetadata``).
public struct PhotoMetadata: Sendable, Hashable {
    /// Format, size, orientation, frames.
    public var header: ImageHeader
    /// The file's size in bytes.
    public var byteCount: Int
    /// The EXIF tags, when the file has them.
    public var exif: ExifTags?
    /// The colour profile's name ("Display P3"), nil when the file has none (taken as sRGB).
    public var colorProfile: String?

    /// Metadata.
    public init(header: ImageHeader, byteCount: Int, exif: ExifTags?, colorProfile: String? = nil) {
        self.header = header
        self.byteCount = byteCount
        self.exif = exif
        self.colorProfile = colorProfile
    }

    /// Reads `bytes`' header, EXIF and colour profile's name (never its pixels).
    public static func read(_ bytes: [UInt8]) throws -> PhotoMetadata {
        let header = try ImageDecoder.probe(bytes)
        if LibraryMetadata.reads(header.format) {
            let found = LibraryMetadata.read(bytes, format: header.format)
            let exif = found?.exif.flatMap(ExifReader.init(tiff:)).map(\.tags)
            return PhotoMetadata(
                header: header, byteCount: bytes.count, exif: exif?.isEmpty == true ? nil : exif, colorProfile: found?.profile)
        }
        let exif = ExifLocator.tiff(in: bytes, format: header.format).flatMap(ExifReader.init(tiff:)).map(\.tags)
        return PhotoMetadata(
            header: header, byteCount: bytes.count, exif: exif?.isEmpty == true ? nil : exif,
            colorProfile: ColorProfileLocator.name(in: bytes, format: header.format))
    }
}
