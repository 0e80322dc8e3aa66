import CImageShim

/// A photo's colour profile in words, from its file's first bytes: an embedded ICC profile's
/// own description (read by little-cms: "Display P3", "Adobe RGB (1998)"), or what a PNG says
/// instead (`sRGB` chunk). Every walk is bounded like ``ExifLocator``'s. HEIF, AVIF and JPEG XL
/// keep theirs in boxes this reader does not walk: nil.
///
/// ```swift
/// ColorProfileLocator.name(in: bytes, format: .jpeg)   // "Display P3"
/// ```
enum ColorProfileLocator {
    static let maxSegments = 64

    /// The profile's name, nil when the file has none this reader finds (taken as sRGB).
    static func name(in bytes: [UInt8], format: ImageFormat) -> String? {
        switch format {
        case .jpeg: jpeg(bytes).flatMap { description(of: $0, compressed: false) }
        case .png: png(bytes)
        case .webp: webp(bytes).flatMap { description(of: $0, compressed: false) }
        default: nil
        }
    }

    /// little-cms's reading of a profile's description (ASCII; at most 255 bytes).
    static func description(of profile: [UInt8], compressed: Bool) -> String? {
        var text = [CChar](repeating: 0, count: 256)
        let status = profile.withUnsafeBufferPointer { input in
            text.withUnsafeMutableBufferPointer { out in
                pf_icc_description(input.baseAddress, input.count, compressed ? 1 : 0, out.baseAddress, out.count)
            }
        }
        guard status == 0 else { return nil }
        var name = Substring(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        while name.first == " " { name.removeFirst() }
        while name.last == " " { name.removeLast() }
        return name.isEmpty ? nil : String(name)
    }

    /// APP2 "ICC_PROFILE\0" segments, joined in their sequence order, before the first scan.
    private static func jpeg(_ bytes: [UInt8]) -> [UInt8]? {
        let tag = Array("ICC_PROFILE\0".utf8)
        var parts: [(Int, ArraySlice<UInt8>)] = []
        var offset = 2
        for _ in 0..<maxSegments {
            guard offset + 4 <= bytes.count, bytes[offset] == 0xFF else { break }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xDA || marker == 0xD9 { break }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            let payload = bytes[(offset + 4)..<(offset + 2 + length)]
            if marker == 0xE2, payload.count > tag.count + 2, payload.starts(with: tag) {
                let sequence = Int(payload[payload.startIndex + tag.count])
                parts.append((sequence, payload.dropFirst(tag.count + 2)))
            }
            offset += 2 + length
        }
        guard !parts.isEmpty else { return nil }
        return parts.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }

    /// `iCCP` (name, method 0, a zlib stream) or `sRGB`, before the image data.
    private static func png(_ bytes: [UInt8]) -> String? {
        var offset = 8
        for _ in 0..<maxSegments {
            guard offset + 12 <= bytes.count else { return nil }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length <= bytes.count - offset - 12 else { return nil }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            switch type {
            case "sRGB":
                return "sRGB"
            case "iCCP":
                guard let end = data.prefix(80).firstIndex(of: 0), end + 2 <= data.endIndex, data[end + 1] == 0 else { return nil }
                let keyword = String(decoding: data[data.startIndex..<end], as: UTF8.self)
                return description(of: Array(data[(end + 2)...]), compressed: true) ?? (keyword.isEmpty ? nil : keyword)
            case "IDAT", "IEND":
                return nil
            default:
                offset += 12 + length
            }
        }
        return nil
    }

    /// The `ICCP` chunk of a RIFF WebP.
    private static func webp(_ bytes: [UInt8]) -> [UInt8]? {
        var offset = 12
        for _ in 0..<maxSegments {
            guard offset + 8 <= bytes.count else { return nil }
            let type = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            guard size <= bytes.count - offset - 8 else { return nil }
            if type == "ICCP" { return Array(bytes[(offset + 8)..<(offset + 8 + size)]) }
            if type == "VP8 " || type == "VP8L" { return nil }
            offset += 8 + size + (size & 1)
        }
        return nil
    }
}

/// A HEIF/HEIC or AVIF file's EXIF and colour profile's name, through libheif or libavif (their
/// boxes are not walked here).
enum HEIFMetadata {
    /// The EXIF TIFF structure (at most 64 KiB, as in a JPEG) and the profile's name; nil when
    /// the library cannot open the file.
    static func read(_ bytes: [UInt8], avif: Bool = false) -> (exif: [UInt8]?, profile: String?)? {
        var exif = [UInt8](repeating: 0, count: 1 << 16)
        var length = 0
        var profile = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { input in
            exif.withUnsafeMutableBufferPointer { exifBuffer in
                profile.withUnsafeMutableBufferPointer { name in
                    (avif ? pf_avif_metadata : pf_heif_metadata)(
                        input.baseAddress, input.count, exifBuffer.baseAddress, exifBuffer.count, &length, name.baseAddress, name.count)
                }
            }
        }
        guard status == PF_OK else { return nil }
        let name = String(decoding: profile.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (length > 0 ? Array(exif.prefix(length)) : nil, name.isEmpty ? nil : name)
    }
}
