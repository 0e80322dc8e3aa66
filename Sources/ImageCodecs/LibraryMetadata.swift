import CImageShim

/// A HEIF/HEIC, AVIF or JPEG XL file's EXIF and colour profile's name, through libheif, libavif
/// or libjxl (their boxes are not walked here; a JPEG XL's Brotli-compressed "brob" box is
/// inflated by libjxl, at most 1 MiB).
///
/// ```swift
/// LibraryMetadata.read(bytes, format: .jxl)?.profile   // "Display P3"
/// ```
enum LibraryMetadata {
    /// The most EXIF bytes kept (as a JPEG's APP1 segment can hold).
    static let maxExif = 1 << 16

    /// The formats read here.
    static func reads(_ format: ImageFormat) -> Bool {
        format == .heif || format == .avif || format == .jxl
    }

    /// The EXIF TIFF structure (at most ``maxExif`` bytes) and the profile's name; nil when the
    /// library cannot open the file or `format` is not one of ``reads(_:)``.
    static func read(_ bytes: [UInt8], format: ImageFormat) -> (exif: [UInt8]?, profile: String?)? {
        let reader: @convention(c) (
            UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, Int, UnsafeMutablePointer<Int>?,
            UnsafeMutablePointer<CChar>?, Int
        ) -> pf_status
        switch format {
        case .heif: reader = pf_heif_metadata
        case .avif: reader = pf_avif_metadata
        case .jxl: reader = pf_jxl_metadata
        default: return nil
        }
        var exif = [UInt8](repeating: 0, count: maxExif)
        var length = 0
        var profile = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { input in
            exif.withUnsafeMutableBufferPointer { exifBuffer in
                profile.withUnsafeMutableBufferPointer { name in
                    reader(input.baseAddress, input.count, exifBuffer.baseAddress, exifBuffer.count, &length, name.baseAddress, name.count)
                }
            }
        }
        guard status == PF_OK else { return nil }
        let name = String(decoding: profile.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (length > 0 ? Array(exif.prefix(min(length, maxExif))) : nil, name.isEmpty ? nil : name)
    }
}
