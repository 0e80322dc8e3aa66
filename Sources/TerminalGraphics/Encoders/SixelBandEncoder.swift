/// Encodes the bands of a quantised image one at a time — each up to six pixel rows, every
/// colour used in it as a run-length encoded row of sixels, then a graphics new line (`-`) —
/// reusing its scratch rows from band to band. A band's bytes depend only on its pixels, so
/// bands encoded apart and joined are the bytes of the whole (``SixelBands`` relies on it).
///
/// Each colour's row is written from the columns it has pixels in, listed while the band is
/// read (the gaps between them are runs of empty sixels): a dithered photograph uses most of its
/// 128 colours in a band, each in a few of its columns, so reading every colour's whole row would
/// take most of a picture's encoding (`feedbench --scenario graphics` times the sixel encoder).
///
/// ```swift
/// var bands = SixelBandEncoder(of: quantized)
/// bands.append(rows: 0..<6, to: &out)
/// ```
struct SixelBandEncoder {
    private let image: PaletteQuantizer.Result
    /// The sixel bits of each column and colour (column by column: a column's colours are
    /// side by side), filled in one pass over the band's pixels.
    private var bits: [UInt8]
    /// The columns each colour has pixels in, in the band being encoded, left to right: colour
    /// `c`'s are `columns[c * width ..< c * width + counts[c]]`.
    private var columns: [Int32]
    private var counts: [Int]
    private var used: [Int] = []
    /// Where a band is written before it is appended: room for the most it can take.
    private var scratch: [UInt8]

    /// An encoder of `image`'s bands.
    init(of image: PaletteQuantizer.Result) {
        self.image = image
        let cells = max(1, image.palette.count * image.width)
        bits = [UInt8](repeating: 0, count: cells)
        columns = [Int32](repeating: 0, count: cells)
        counts = [Int](repeating: 0, count: image.palette.count)
        // Each colour: `$#nnn`, then at most a byte a column (a run of up to three writes a byte
        // a column; a longer one of n columns, `!`, n's digits and a byte: at most n); then `-`.
        scratch = [UInt8](repeating: 0, count: image.palette.count * (5 + image.width) + 1)
    }

    /// Appends the band of pixel rows `rows` (at most six) to `out`.
    mutating func append(rows: Range<Int>, to out: inout [UInt8]) {
        let width = image.width
        let colours = image.palette.count
        used.removeAll(keepingCapacity: true)
        image.indices.withUnsafeBufferPointer { indices in
            bits.withUnsafeMutableBufferPointer { bits in
                columns.withUnsafeMutableBufferPointer { columns in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for x in 0..<width {
                            for (dy, y) in rows.enumerated() {
                                let colour = Int(indices[y * width + x])
                                let cell = x * colours + colour
                                if bits[cell] == 0 {
                                    if counts[colour] == 0 { used.append(colour) }
                                    columns[colour * width + counts[colour]] = Int32(x)
                                    counts[colour] += 1
                                }
                                bits[cell] |= 1 << dy
                            }
                        }
                    }
                }
            }
        }
        used.sort()
        // Written through a pointer into scratch space as large as a band can take, then copied
        // to `out` at once.
        let written = scratch.withUnsafeMutableBufferPointer { scratch in
            bits.withUnsafeMutableBufferPointer { bits in
                columns.withUnsafeBufferPointer { columns in
                    var cursor = scratch.baseAddress!
                    for (position, colour) in used.enumerated() {
                        if position > 0 { Self.put(UInt8(ascii: "$"), at: &cursor) }
                        Self.put(UInt8(ascii: "#"), at: &cursor)
                        Self.putDecimal(colour, at: &cursor)
                        Self.putRow(
                            bits: bits.baseAddress! + colour, stride: colours, columns: columns.baseAddress! + colour * width,
                            count: counts[colour], at: &cursor)
                        counts[colour] = 0
                    }
                    Self.put(UInt8(ascii: "-"), at: &cursor)
                    return cursor - scratch.baseAddress!
                }
            }
        }
        out.append(contentsOf: scratch[0..<written])
    }

    private static func put(_ byte: UInt8, at cursor: inout UnsafeMutablePointer<UInt8>) {
        cursor.pointee = byte
        cursor += 1
    }

    /// Writes a colour's row of sixels run-length encoded (runs of one value, empty sixels
    /// included, `!n` before those longer than three; nothing after its last pixel) from the
    /// `count` columns it has pixels in, then clears its bits (column `x`'s at `bits[x * stride]`).
    private static func putRow(
        bits: UnsafeMutablePointer<UInt8>, stride: Int, columns: UnsafePointer<Int32>, count: Int,
        at cursor: inout UnsafeMutablePointer<UInt8>
    ) {
        var next = 0  // the first column not written yet
        var index = 0
        while index < count {
            let x = Int(columns[index])
            if x > next { putRun(of: 0, count: x - next, at: &cursor) }
            let value = bits[x * stride]
            var run = 1
            while index + run < count, Int(columns[index + run]) == x + run, bits[(x + run) * stride] == value { run += 1 }
            putRun(of: value, count: run, at: &cursor)
            for column in x..<(x + run) { bits[column * stride] = 0 }
            index += run
            next = x + run
        }
    }

    /// `count` sixels of `value`: `!count` and the sixel when more than three, else each.
    private static func putRun(of value: UInt8, count: Int, at cursor: inout UnsafeMutablePointer<UInt8>) {
        let character = 63 + value
        if count > 3 {
            put(UInt8(ascii: "!"), at: &cursor)
            putDecimal(count, at: &cursor)
            put(character, at: &cursor)
        } else {
            cursor.update(repeating: character, count: count)
            cursor += count
        }
    }

    /// `value` (not negative) in decimal digits.
    private static func putDecimal(_ value: Int, at cursor: inout UnsafeMutablePointer<UInt8>) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            put(UInt8(ascii: "0") + UInt8(rest / divisor), at: &cursor)
            rest %= divisor
            divisor /= 10
        }
    }
}
