import Vocabulary

/// BI_RLE8 and BI_RLE4 pixel data: runs of one index, literal runs, end of line, end of bitmap
/// and the delta jump.
///
/// Pixels a delta, an early end of line or an early end of bitmap skips are transparent (as
/// browsers draw them); runs past the row's end are dropped. Data that ends before the last
/// row is reached, without an end-of-bitmap code, is `.truncated`.
struct BMPRunLength {
    let bytes: [UInt8]
    let header: BMPHeader

    func decode(into sink: inout BMPRowSink) throws(ImageCodecError) {
        let width = header.size.width
        let height = header.size.height
        let nibbles = header.encoding == .rle4
        var row = [UInt8](repeating: 0, count: width * 4)
        var stored = 0
        var x = 0
        var at = header.pixelOffset

        func flush(_ row: inout [UInt8]) {
            sink.add(row, y: header.topDown ? stored : height - 1 - stored)
            for index in row.indices { row[index] = 0 }
            stored += 1
            x = 0
        }
        func put(_ index: Int) {
            if x < width {
                BMPDecoding.put(header.palette.indices.contains(index) ? header.palette[index] : .black, at: x, in: &row)
            }
            x += 1
        }

        while stored < height {
            guard at + 2 <= bytes.count else {
                // The last row may end with the data and no end-of-line code.
                if stored == height - 1 { flush(&row); return }
                throw .truncated("the BMP's run-length data ends at row \(stored) of \(height) with no end-of-bitmap code")
            }
            let count = Int(bytes[at])
            let value = bytes[at + 1]
            at += 2
            if count > 0 {
                let run = min(count, max(0, width - x))
                for i in 0..<run {
                    put(nibbles ? Int(i % 2 == 0 ? value >> 4 : value & 0x0F) : Int(value))
                }
                x += count - run
                continue
            }
            switch value {
            case 0:
                flush(&row)
            case 1:
                while stored < height { flush(&row) }
            case 2:
                guard at + 2 <= bytes.count else {
                    throw .truncated("the BMP's run-length data ends inside a delta code at row \(stored)")
                }
                let dx = Int(bytes[at])
                let dy = Int(bytes[at + 1])
                at += 2
                let column = x + dx
                for _ in 0..<dy where stored < height { flush(&row) }
                x = column
            default:
                let literal = Int(value)
                let length = nibbles ? (literal + 1) / 2 : literal
                guard at + length <= bytes.count else {
                    throw .truncated("the BMP's run-length data ends inside a literal run at row \(stored)")
                }
                for i in 0..<literal {
                    let byte = bytes[at + (nibbles ? i / 2 : i)]
                    put(nibbles ? Int(i % 2 == 0 ? byte >> 4 : byte & 0x0F) : Int(byte))
                }
                // Literal runs are padded to a 16-bit boundary.
                at += length + length % 2
            }
        }
    }
}
