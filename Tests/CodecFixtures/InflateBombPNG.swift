/// Hostile PNGs for the decoder's bounds, built byte by byte (no encoder writes them): an image
/// whose one zlib stream goes on with zeros after the image data, the shape of the 15 GB
/// thumbnail of issue 20.
///
/// The stream is a single fixed-Huffman deflate block: a literal 0, then length-258 copies at
/// distance 1 (13 bits for 258 bytes), so every byte inflated is 0: the image is black (RGB) and
/// every filter byte is "none". The Adler-32 is right, so only a bound can refuse it.
///
/// ```swift
/// let bomb = InflateBombPNG.make(width: 128, height: 128, trailingBytes: 100 << 20)
/// ```
public enum InflateBombPNG {
    /// A `width`×`height` 8-bit RGB PNG (Adam7 when `interlaced`) whose zlib stream inflates to
    /// at least its image data plus `trailingBytes` more, in IDAT chunks of `idatChunkBytes`,
    /// with `text` as `tEXt` chunks before `IEND`.
    public static func make(
        width: Int, height: Int, trailingBytes: Int, interlaced: Bool = false, idatChunkBytes: Int = 8192,
        text: [(String, String)] = []
    ) -> [UInt8] {
        let stream = zlibZeros(count: rawBytes(width: width, height: height, interlaced: interlaced) + trailingBytes)
        let header = be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, interlaced ? 1 : 0]
        var png = signature + chunk("IHDR", header)
        var offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + idatChunkBytes)
            png += chunk("IDAT", Array(stream[offset..<end]))
            offset = end
        }
        for (keyword, value) in text { png += chunk("tEXt", Array(keyword.utf8) + [0] + Array(value.utf8)) }
        return png + chunk("IEND", [])
    }

    /// The image data bytes of an 8-bit RGB image: a filter byte and 3 bytes a pixel per row of
    /// each pass.
    public static func rawBytes(width: Int, height: Int, interlaced: Bool) -> Int {
        guard interlaced else { return height * (1 + width * 3) }
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.reduce(0) { total, pass in
            let columns = max(0, (width - pass.0 + pass.2 - 1) / pass.2)
            let rows = max(0, (height - pass.1 + pass.3 - 1) / pass.3)
            return total + (columns == 0 ? 0 : rows * (1 + columns * 3))
        }
    }

    /// A PNG of a 1×1 black pixel preceded by `count` empty private chunks (`prVt`).
    public static func manyChunks(_ count: Int) -> [UInt8] {
        var png = signature + chunk("IHDR", be32(1) + be32(1) + [8, 2, 0, 0, 0])
        let empty = chunk("prVt", [])
        png.reserveCapacity(png.count + count * empty.count + 64)
        for _ in 0..<count { png += empty }
        return png + chunk("IDAT", zlibZeros(count: 4)) + chunk("IEND", [])
    }

    /// A zlib stream (no compression dictionary, fixed Huffman) of at least `count` zero bytes:
    /// 1 + 258 × k of them.
    static func zlibZeros(count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman
        bits.writeCode(0x30, length: 8)  // literal 0
        // Length code 285 (258 bytes, no extra bits), then distance code 0 (distance 1): 13 bits.
        let copy = BitWriter.reversed(0xC5, length: 8)
        var produced = 1
        while produced < count {
            bits.write(copy, count: 13)
            produced += 258
        }
        bits.writeCode(0, length: 7)  // end of block (256)
        // Adler-32 of `produced` zeros: a stays 1, b grows by 1 a byte.
        let adler = UInt32(produced % 65_521) << 16 | 1
        return [0x78, 0x01] + bits.finish() + be32(adler)
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

/// Deflate's bit order: fields least significant bit first, Huffman codes most significant first.
struct BitWriter {
    private var bytes: [UInt8] = []
    private var accumulator: UInt64 = 0
    private var filled = 0

    mutating func write(_ value: UInt32, count: Int) {
        accumulator |= UInt64(value) << UInt64(filled)
        filled += count
        while filled >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            filled -= 8
        }
    }

    mutating func writeCode(_ code: UInt32, length: Int) {
        write(Self.reversed(code, length: length), count: length)
    }

    static func reversed(_ code: UInt32, length: Int) -> UInt32 {
        var reversed: UInt32 = 0
        for bit in 0..<length where code & (1 << UInt32(length - 1 - bit)) != 0 { reversed |= 1 << UInt32(bit) }
        return reversed
    }

    mutating func finish() -> [UInt8] {
        if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: accumulator)) }
        accumulator = 0
        filled = 0
        return bytes
    }
}
