/// A camera RAW file's EXIF: the file's own TIFF structure when it is a TIFF container (NEF, ARW,
/// CR2, DNG, PEF, SRW); a RAF's from the JPEG its header points at; else the EXIF of the preview
/// JPEG LibRaw hands out (an RW2's carries the camera's; an ORF's or a CR3's may have none).
extension ExifLocator {
    static func rawTIFF(in bytes: [UInt8]) -> [UInt8]? {
        if let tiff = rawTIFF(inHead: bytes) { return tiff }
        guard case let (preview?, _)? = try? RawPreviewDecoding.extract(
            bytes, maxPixels: DecodingOptions.defaultMaxPixels, develop: .never),
            case .jpeg(let jpeg) = preview.content
        else { return nil }
        return tiff(in: jpeg, format: .jpeg)
    }

    /// The EXIF a RAW file's first bytes hold without LibRaw: a TIFF container's own structure
    /// (as far as `bytes` reach), or a RAF's camera JPEG when `bytes` hold it.
    static func rawTIFF(inHead bytes: [UInt8]) -> [UInt8]? {
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return bytes }
        if bytes.starts(with: Array("FUJIFILMCCD-RAW".utf8)), bytes.count >= 92 {
            // The header's big-endian offset and length of the camera's JPEG, at bytes 84 and 88.
            let offset = bytes[84..<88].reduce(0) { $0 << 8 | Int($1) }
            let length = bytes[88..<92].reduce(0) { $0 << 8 | Int($1) }
            if offset > 0, length > 0, offset <= bytes.count, length <= bytes.count - offset,
                let tiff = tiff(in: Array(bytes[offset..<offset + length]), format: .jpeg)
            {
                return tiff
            }
        }
        return nil
    }
}
