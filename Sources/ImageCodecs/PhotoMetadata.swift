/// What a photo's file says about itself without decoding pixels: its header, its size in
/// bytes and its EXIF tags (for the viewer's info panel).
///
/// EXIF is found in a JPEG's APP1 segment, a PNG's `eXIf` chunk, a WebP's `EXIF` chunk and a
/// TIFF's own structure; every walk is bounded (at most 64 JPEG segments, 64 PNG chunks, 64
/// RIFF chunks, and nothing past the image data); a HEIF/HEIC's comes from libheif and an
/// AVIF's from libavif (their Exif items, at most 64 KiB). JPEG XL keeps EXIF in (often
/// brotli-compressed) boxes this reader does not open yet: its tags are nil.
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
        if header.format == .heif || header.format == .avif, let heif = HEIFMetadata.read(bytes, avif: header.format == .avif) {
            let exif = heif.exif.flatMap(ExifReader.init(tiff:)).map(\.tags)
            return PhotoMetadata(
                header: header, byteCount: bytes.count, exif: exif?.isEmpty == true ? nil : exif, colorProfile: heif.profile)
        }
        let exif = ExifLocator.tiff(in: bytes, format: header.format).flatMap(ExifReader.init(tiff:)).map(\.tags)
        return PhotoMetadata(
            header: header, byteCount: bytes.count, exif: exif?.isEmpty == true ? nil : exif,
            colorProfile: ColorProfileLocator.name(in: bytes, format: header.format))
    }
}

/// Finds the EXIF TIFF structure inside a file, by format.
enum ExifLocator {
    static let maxSegments = 64

    static func tiff(in bytes: [UInt8], format: ImageFormat) -> [UInt8]? {
        switch format {
        case .jpeg: jpeg(bytes)
        case .png: png(bytes)
        case .webp: webp(bytes)
        case .tiff: bytes
        default: nil
        }
    }

    /// APP1 "Exif\0\0", before the first scan.
    private static func jpeg(_ bytes: [UInt8]) -> [UInt8]? {
        var offset = 2
        for _ in 0..<maxSegments {
            guard offset + 4 <= bytes.count, bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let payload = (offset + 4)..<(offset + 2 + length)
            if marker == 0xE1, payload.count > 6, bytes[payload].starts(with: Array("Exif\0\0".utf8)) {
                return Array(bytes[(payload.lowerBound + 6)..<payload.upperBound])
            }
            offset += 2 + length
        }
        return nil
    }

    /// The `eXIf` chunk, before the image data.
    private static func png(_ bytes: [UInt8]) -> [UInt8]? {
        var offset = 8
        for _ in 0..<maxSegments {
            guard offset + 12 <= bytes.count else { return nil }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length <= bytes.count - offset - 12 else { return nil }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "eXIf" { return Array(bytes[(offset + 8)..<(offset + 8 + length)]) }
            if type == "IDAT" || type == "IEND" { return nil }
            offset += 12 + length
        }
        return nil
    }

    /// The `EXIF` chunk of a RIFF WebP (some writers put "Exif\0\0" before the TIFF header).
    private static func webp(_ bytes: [UInt8]) -> [UInt8]? {
        var offset = 12
        for _ in 0..<maxSegments {
            guard offset + 8 <= bytes.count else { return nil }
            let type = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            guard size <= bytes.count - offset - 8 else { return nil }
            if type == "EXIF" {
                let payload = bytes[(offset + 8)..<(offset + 8 + size)]
                return payload.starts(with: Array("Exif\0\0".utf8)) ? Array(payload.dropFirst(6)) : Array(payload)
            }
            offset += 8 + size + (size & 1)
        }
        return nil
    }
}
