/// Builds PNG files chunk by chunk, for headers no encoder would write.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(UInt32(data.count)) + typeBytes + data + be32(crc32(typeBytes + data))
    }

    /// An IHDR chunk.
    static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 6) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [bitDepth, colorType, 0, 0, 0])
    }

    /// A PNG whose header claims `width`×`height` but which carries only a sliver of data.
    static func claiming(width: UInt32, height: UInt32) -> [UInt8] {
        // A zlib stream header and a few bytes: far too little for the claimed image.
        signature + ihdr(width: width, height: height)
            + chunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00]) + chunk("IEND", [])
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
