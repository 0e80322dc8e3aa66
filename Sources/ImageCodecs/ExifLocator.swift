/// Finds the EXIF TIFF structure inside a file, by format: a JPEG's APP1 "Exif\0\0" segment, a
/// PNG's `eXIf` chunk and a WebP's `EXIF` chunk (walked by ``ContainerSegments``), a TIFF's own
/// structure. HEIF, AVIF and JPEG XL are read through their libraries (``LibraryMetadata``).
///
/// ```swift
/// ExifLocator.tiff(in: bytes, format: .jpeg).flatMap(ExifReader.init(tiff:))?.tags.model   // "X-T3"
/// ```
enum ExifLocator {
    /// The TIFF structure, nil when the file has none this reader finds.
    static func tiff(in bytes: [UInt8], format: ImageFormat) -> [UInt8]? {
        if format == .tiff { return bytes }
        if format == .raw { return rawTIFF(in: bytes) }
        guard let segments = ContainerSegments(bytes, format: format) else { return nil }
        let prefix = Array("Exif\0\0".utf8)
        for segment in segments {
            switch (format, segment.type) {
            case (.jpeg, "APP1") where segment.payload.count > prefix.count && segment.payload.starts(with: prefix):
                return Array(segment.payload.dropFirst(prefix.count))
            case (.png, "eXIf"):
                return Array(segment.payload)
            case (.webp, "EXIF"):
                // Some writers put "Exif\0\0" before the TIFF header.
                return segment.payload.starts(with: prefix) ? Array(segment.payload.dropFirst(prefix.count)) : Array(segment.payload)
            default:
                continue
            }
        }
        return nil
    }
}
