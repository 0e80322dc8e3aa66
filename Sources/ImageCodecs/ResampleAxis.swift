/// The filter weights of one axis of a resize: for each output index, the run of
/// source indices it reads and their weights (which sum to 1).
///
/// Shrinking uses an area average: output pixel `i` covers the source interval
/// `[i·s, (i+1)·s)` with `s = source / output`, and every source pixel it touches
/// counts by the length of the overlap, so fractional edges weigh fractionally.
/// Growing uses bilinear interpolation between pixel centres.
struct ResampleAxis {
    /// First source index read by each output index.
    private(set) var starts: [Int]
    /// Where each output index's weights begin in `weights`.
    private(set) var offsets: [Int]
    /// How many source indices each output index reads.
    private(set) var counts: [Int]
    /// All weights, output index after output index.
    private(set) var weights: [Float]

    /// Weights mapping `source` samples onto `output` samples (both > 0).
    init(source: Int, output: Int) {
        precondition(source > 0 && output > 0, "resample axis needs positive sizes")
        starts = []
        offsets = []
        counts = []
        weights = []
        starts.reserveCapacity(output)
        offsets.reserveCapacity(output)
        counts.reserveCapacity(output)
        if output == source {
            for i in 0..<output { append(start: i, weights: [1]) }
        } else if output < source {
            let scale = Double(source) / Double(output)
            for i in 0..<output {
                let low = Double(i) * scale
                let high = Double(i + 1) * scale
                let first = Int(low.rounded(.down))
                let last = min(source - 1, Int(high.rounded(.up)) - 1)
                var run: [Float] = []
                run.reserveCapacity(last - first + 1)
                for j in first...max(first, last) {
                    let overlap = min(high, Double(j + 1)) - max(low, Double(j))
                    run.append(Float(max(0, overlap) / scale))
                }
                append(start: first, weights: run)
            }
        } else {
            let scale = Double(source) / Double(output)
            for i in 0..<output {
                let centre = min(max((Double(i) + 0.5) * scale - 0.5, 0), Double(source - 1))
                let first = Int(centre.rounded(.down))
                let fraction = Float(centre - Double(first))
                if first + 1 < source && fraction > 0 {
                    append(start: first, weights: [1 - fraction, fraction])
                } else {
                    append(start: first, weights: [1])
                }
            }
        }
    }

    private mutating func append(start: Int, weights run: [Float]) {
        starts.append(start)
        offsets.append(weights.count)
        counts.append(run.count)
        weights.append(contentsOf: run)
    }
}
