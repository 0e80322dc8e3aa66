/// What a file name or a Content-Type says a file is, checked against what its bytes are.
///
/// The format always comes from the bytes (``ImageFormat/sniff(_:)``); a claim only turns a
/// disagreement into an error that names both, so a PNG saved as `photo.webp` is reported as
/// such instead of being shown as if nothing were wrong.
extension ImageFormat {
    /// The format a file name's extension names (case-insensitive), or nil when it names none.
    ///
    /// ```swift
    /// ImageFormat.claimed(byName: "IMG_0001.HEIC")   // .heif
    /// ImageFormat.claimed(byName: "notes.txt")       // nil
    /// ```
    public static func claimed(byName name: String) -> ImageFormat? {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "jpg", "jpeg", "jpe", "jfif": return .jpeg
        case "png": return .png
        case "gif": return .gif
        case "webp": return .webp
        case "bmp", "dib": return .bmp
        case "tif", "tiff": return .tiff
        case "heic", "heif", "hif": return .heif
        case "avif": return .avif
        case "jxl": return .jxl
        case "cr2", "cr3", "nef", "nrw", "arw", "srf", "sr2", "raf", "orf", "rw2", "pef", "srw", "dng": return .raw
        default: return nil
        }
    }

    /// The format a media type (a Content-Type value, parameters allowed) names, or nil.
    ///
    /// ```swift
    /// ImageFormat.claimed(byMediaType: "image/webp; q=0.9")   // .webp
    /// ```
    public static func claimed(byMediaType mediaType: String) -> ImageFormat? {
        let essence = mediaType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        switch essence.trimmingSpaces.lowercased() {
        case "image/jpeg", "image/jpg", "image/pjpeg": return .jpeg
        case "image/png", "image/apng": return .png
        case "image/gif": return .gif
        case "image/webp": return .webp
        case "image/bmp", "image/x-ms-bmp": return .bmp
        case "image/tiff": return .tiff
        case "image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence": return .heif
        case "image/avif", "image/avif-sequence": return .avif
        case "image/jxl": return .jxl
        case "image/x-canon-cr2", "image/x-canon-cr3", "image/x-nikon-nef", "image/x-sony-arw", "image/x-fuji-raf",
            "image/x-olympus-orf", "image/x-panasonic-rw2", "image/x-pentax-pef", "image/x-samsung-srw",
            "image/x-adobe-dng", "image/dng":
            return .raw
        default: return nil
        }
    }
}

extension ImageDecoder {
    /// Throws `.formatMismatch` naming both when `claimed` is set and the bytes are another
    /// recognised format; bytes of no recognised format are left to the decoder's own error.
    /// A RAW and a TIFF are not told apart by a file's first bytes alone (NEF, ARW, DNG… are
    /// TIFF containers), so either claim stands for the other.
    ///
    /// ```swift
    /// try ImageDecoder.checkClaim(ImageFormat.claimed(byName: "a.webp"), of: pngBytes)
    /// // format mismatch: claimed to be WEBP, the bytes are PNG
    /// ```
    public static func checkClaim(_ claimed: ImageFormat?, of bytes: [UInt8]) throws(ImageCodecError) {
        guard let claimed, let actual = ImageFormat.sniff(bytes), actual != claimed,
            Set([claimed, actual]) != [.raw, .tiff]
        else { return }
        throw .formatMismatch(claimed: claimed.description, actual: actual.description)
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
