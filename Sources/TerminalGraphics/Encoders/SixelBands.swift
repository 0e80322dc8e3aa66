/// A quantised picture's sixel bands encoded ahead of time, so that the sixel of any run of its
/// pixel rows — the whole picture, or the part of it that shows at the top or bottom edge of
/// the screen while scrolling — is assembled by copying bytes instead of encoding.
///
/// Sixel bands are six pixel rows tall and a crop starts at a cell's top row, which need not be
/// a multiple of six: the bands are encoded once for every row offset (modulo six) a crop may
/// start at, and the last rows of each crop expected that do not fill a band are encoded apart.
/// A crop joins them; one not expected encodes only its last rows (at most five). The bytes are
/// exactly those ``SixelEncoder`` writes for the cropped picture (the whole palette, the same
/// bands).
///
/// ```swift
/// let bands = SixelBands(quantized, crops: [0..<40, 20..<40, 0..<20])
/// let lowerHalf = bands.sixel(rows: 20..<40)   // nil when no set starts at row 20 modulo 6
/// ```
public struct SixelBands: Sendable {
    /// The quantised picture.
    public let image: PaletteQuantizer.Result
    /// The colour definitions every sixel of the picture starts with.
    private let palette: [UInt8]
    /// The bands starting at each row offset prepared (index: the offset, 0 to 5).
    private let sets: [BandSet?]
    /// The last rows of crops that do not fill a band, by the crop's offset and end.
    private let lastBands: [LastBand: [UInt8]]

    private struct LastBand: Hashable {
        var offset: Int
        var end: Int
    }

    /// Full bands from one row offset, back to back: band `k` covers the pixel rows
    /// `offset + 6k ..< offset + 6k + 6` and is `bytes[starts[k] ..< starts[k + 1]]`.
    private struct BandSet: Sendable {
        var bytes: [UInt8] = []
        var starts: [Int] = [0]
        var count: Int { starts.count - 1 }
    }

    /// The bands of `image` from which each run of rows in `crops` (the whole picture, and the
    /// parts of it that show when it is cut at the screen's edges) is joined with no encoding:
    /// the full bands from each crop's first row modulo six, and each crop's last rows that do
    /// not fill a band. Other runs of rows starting at those offsets encode their last rows.
    public init(_ image: PaletteQuantizer.Result, crops: some Sequence<Range<Int>>) {
        self.image = image
        palette = SixelEncoder.palette(image.palette)
        let crops = crops.filter { !$0.isEmpty && $0.lowerBound >= 0 && $0.upperBound <= image.height }
        var encoder = SixelBandEncoder(of: image)
        var sets = [BandSet?](repeating: nil, count: 6)
        for offset in crops.map({ $0.lowerBound % 6 }) where sets[offset] == nil {
            var set = BandSet()
            set.bytes.reserveCapacity(image.width * image.height / 2)
            var top = offset
            while top + 6 <= image.height {
                encoder.append(rows: top..<(top + 6), to: &set.bytes)
                set.starts.append(set.bytes.count)
                top += 6
            }
            sets[offset] = set
        }
        self.sets = sets
        var lastBands: [LastBand: [UInt8]] = [:]
        for crop in crops where crop.count % 6 != 0 {
            let key = LastBand(offset: crop.lowerBound % 6, end: crop.upperBound)
            guard lastBands[key] == nil else { continue }
            var bytes: [UInt8] = []
            encoder.append(rows: (crop.upperBound - crop.count % 6)..<crop.upperBound, to: &bytes)
            lastBands[key] = bytes
        }
        self.lastBands = lastBands
    }

    /// The row offsets (modulo six) whose bands are kept.
    public var offsets: Set<Int> { Set(sets.indices.filter { sets[$0] != nil }) }

    /// Bytes kept (the bands and the palette), to weigh what preparing more offsets costs.
    public var byteCount: Int {
        palette.count + sets.reduce(0) { $0 + ($1?.bytes.count ?? 0) } + lastBands.values.reduce(0) { $0 + $1.count }
    }

    /// Whether ``sixel(rows:)`` joins `rows` with no encoding at all.
    public func joinsWithoutEncoding(rows: Range<Int>) -> Bool {
        guard !rows.isEmpty, rows.lowerBound >= 0, rows.upperBound <= image.height, sets[rows.lowerBound % 6] != nil else { return false }
        return rows.count % 6 == 0 || lastBands[LastBand(offset: rows.lowerBound % 6, end: rows.upperBound)] != nil
    }

    /// The sixel of the picture's pixel rows `rows`, whole width: nil when `rows` is empty or
    /// outside the picture, or no band set starts at its first row modulo six.
    public func sixel(rows: Range<Int>) -> [UInt8]? {
        guard !rows.isEmpty, rows.lowerBound >= 0, rows.upperBound <= image.height,
            let set = sets[rows.lowerBound % 6]
        else { return nil }
        let first = rows.lowerBound / 6
        let full = rows.count / 6
        guard first + full <= set.count else { return nil }
        let bands = set.bytes[set.starts[first]..<set.starts[first + full]]
        let last = lastBands[LastBand(offset: rows.lowerBound % 6, end: rows.upperBound)]
        var out = SixelEncoder.introducer(width: image.width, height: rows.count)
        out.reserveCapacity(out.count + palette.count + bands.count + (last?.count ?? 0) + SixelEncoder.terminator.count)
        out += palette
        out += bands
        let rest = (rows.lowerBound + full * 6)..<rows.upperBound
        if let last {
            out += last
        } else if !rest.isEmpty {
            // At most five rows, of a crop not prepared: encoded now.
            var encoder = SixelBandEncoder(of: image)
            encoder.append(rows: rest, to: &out)
        }
        out += SixelEncoder.terminator
        return out
    }
}
