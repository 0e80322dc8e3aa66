import ImageCodecs
import Testing

/// Hand-made hostile files, built in code: each one is small and costs a naive decoder
/// seconds or gigabytes.
enum HostileImages {
    /// 80 bytes: a PNG signature, IHDR, then an ancillary chunk whose length field claims
    /// 0x7fffffff bytes (libpng used to allocate them before noticing the data ends).
    static func chunkBomb(_ type: String) -> [UInt8] {
        let head = PNGChunks.signature + PNGChunks.ihdr(width: 64, height: 64)
        let filler = [UInt8](repeating: 0x6B, count: 80 - head.count - 8)
        return head + PNGChunks.be32(0x7fff_ffff) + Array(type.utf8) + filler
    }

    /// A gray PNG whose IHDR claims `width`×`height` (the data is a sliver).
    static func grayClaiming(width: UInt32, height: UInt32) -> [UInt8] {
        PNGChunks.signature + PNGChunks.ihdr(width: width, height: height, bitDepth: 8, colorType: 0)
            + PNGChunks.chunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00]) + PNGChunks.chunk("IEND", [])
    }

    /// A small progressive JPEG (gray or colour) whose frame header claims `width`×`height`.
    static func progressiveClaiming(width: Int, height: Int, gray: Bool) throws -> [UInt8] {
        let source = TestImages.quadrants(width: 64, height: 64)
        let jpeg = gray
            ? try JPEGEncoder.encodeGrayscale(source, progressive: true)
            : try JPEGEncoder.encode(source, progressive: true)
        return try #require(JPEGSurgery.forgingSize(of: jpeg, width: width, height: height))
    }

    /// A progressive JPEG claiming `width`×`height` whose first scan is followed by `count`
    /// bare copies of its second scan's header (no entropy data): each one makes libjpeg walk
    /// every block of the component again.
    static func emptyScans(_ count: Int, width: Int, height: Int, gray: Bool) throws -> [UInt8] {
        let jpeg = try progressiveClaiming(width: width, height: height, gray: gray)
        let segments = JPEGSurgery.segments(of: jpeg)
        let scans = segments.filter { $0.marker == 0xDA }
        guard scans.count >= 2 else { throw HostileImageError.notProgressive }
        let first = scans[0], second = scans[1]
        let tables = segments.filter { $0.marker == 0xC4 && $0.range.lowerBound >= first.range.upperBound
            && $0.range.lowerBound < second.range.lowerBound }
        let header = Array(jpeg[second.range.lowerBound..<second.headerEnd])
        var out = Array(jpeg[..<first.range.upperBound])
        for table in tables { out += jpeg[table.range] }
        for _ in 0..<count { out += header }
        return out + [0xFF, 0xD9]
    }

    enum HostileImageError: Error { case notProgressive }
}
