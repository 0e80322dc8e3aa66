import CImageShim

/// A photo's colour profile in words, from its file's first bytes: an embedded ICC profile's
/// own description (read by little-cms: "Display P3", "Adobe RGB (1998)"), or what a PNG says
/// instead (`sRGB` chunk), or a TIFF's ICC profile tag. JPEG, PNG and WebP are walked by
/// ``ContainerSegments`` (bounded); HEIF, AVIF and JPEG XL are named by ``LibraryMetadata``.
///
/// ```swift
/// ColorProfileLocator.name(in: bytes, format: .jpeg)   // "Display P3"
/// ```
enum ColorProfileLocator {
    /// The profile's name, nil when the file has none this reader finds (taken as sRGB).
    static func name(in bytes: [UInt8], format: ImageFormat) -> String? {
        switch format {
        case .jpeg: jpeg(bytes).flatMap { description(of: $0, compressed: false) }
        case .png: png(bytes)
        case .webp: webp(bytes).flatMap { description(of: $0, compressed: false) }
        case .tiff: ExifReader(tiff: bytes)?.iccProfile.flatMap { description(of: Array($0), compressed: false) }
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
        for segment in ContainerSegments(bytes, layout: .jpeg) where segment.type == "APP2" {
            let payload = segment.payload
            if payload.count > tag.count + 2, payload.starts(with: tag) {
                let sequence = Int(payload[payload.startIndex + tag.count])
                parts.append((sequence, payload.dropFirst(tag.count + 2)))
            }
        }
        guard !parts.isEmpty else { return nil }
        return parts.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }

    /// `iCCP` (name, method 0, a zlib stream) or `sRGB`, before the image data.
    private static func png(_ bytes: [UInt8]) -> String? {
        for segment in ContainerSegments(bytes, layout: .png) {
            let data = segment.payload
            switch segment.type {
            case "sRGB":
                return "sRGB"
            case "iCCP":
                guard let end = data.prefix(80).firstIndex(of: 0), end + 2 <= data.endIndex, data[end + 1] == 0 else { return nil }
                let keyword = String(decoding: data[data.startIndex..<end], as: UTF8.self)
                return description(of: Array(data[(end + 2)...]), compressed: true) ?? (keyword.isEmpty ? nil : keyword)
            default:
                continue
            }
        }
        return nil
    }

    /// The `ICCP` chunk of a RIFF WebP, before its image data.
    private static func webp(_ bytes: [UInt8]) -> [UInt8]? {
        for segment in ContainerSegments(bytes, layout: .riff) {
            if segment.type == "ICCP" { return Array(segment.payload) }
            if segment.type == "VP8 " || segment.type == "VP8L" { return nil }
        }
        return nil
    }
}
