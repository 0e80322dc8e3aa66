/// Which pictures of `show --grid` may be loading, and which row may be written next: the
/// streaming's bookkeeping, a pure state machine the tests drive directly.
///
/// Pictures start in order. At most ``maxLoading`` load at once (reading, decoding and
/// encoding: the memory that scales with a file's size), and at most ``maxAhead`` are started
/// and not yet written (loading, or done and waiting for the rest of their row), so the grid
/// holds a bounded number of pictures whatever the number of files. A row is written as soon
/// as all of its pictures are done, in order.
///
/// ```swift
/// var window = ShowGridWindow(count: 2000, columns: 6, maxLoading: 4)
/// while let index = window.nextStart() { start(index) }
/// window.finish(3)
/// if let row = window.takeRow() { write(row) }   // 0..<6, once pictures 0…5 are done
/// ```
struct ShowGridWindow: Equatable {
    /// Pictures in the grid.
    let count: Int
    /// Pictures per row.
    let columns: Int
    /// Pictures loading at once, at most.
    let maxLoading: Int
    /// Pictures started and not yet written, at most (at least a row, so a row can complete).
    let maxAhead: Int
    /// The next picture to start.
    private(set) var nextIndex = 0
    /// Pictures loading now.
    private(set) var loading = 0
    /// Pictures done and waiting for their row.
    private(set) var done: Set<Int> = []
    /// Rows written.
    private(set) var rowsWritten = 0

    /// A window over `count` pictures, `columns` a row; `maxLoading` at once (at least 1), and
    /// `maxAhead` started and unwritten (default: two rows, or `maxLoading` when that is more).
    init(count: Int, columns: Int, maxLoading: Int, maxAhead: Int? = nil) {
        self.count = max(0, count)
        self.columns = max(1, columns)
        self.maxLoading = max(1, maxLoading)
        self.maxAhead = max(self.columns, maxAhead ?? max(2 * self.columns, self.maxLoading))
    }

    /// The first picture not yet written.
    var firstUnwritten: Int { min(count, rowsWritten * columns) }

    /// Pictures started and not yet written.
    var inFlight: Int { nextIndex - firstUnwritten }

    /// Whether every row has been written.
    var isComplete: Bool { firstUnwritten >= count }

    /// The next picture to start, or nil while the limits say wait (or all have started).
    mutating func nextStart() -> Int? {
        guard nextIndex < count, loading < maxLoading, inFlight < maxAhead else { return nil }
        defer { nextIndex += 1 }
        loading += 1
        return nextIndex
    }

    /// Picture `index` is done (loaded or failed).
    mutating func finish(_ index: Int) {
        guard index >= firstUnwritten, index < nextIndex, !done.contains(index) else { return }
        loading -= 1
        done.insert(index)
    }

    /// The pictures of the next row, when all of them are done (they leave the window).
    mutating func takeRow() -> Range<Int>? {
        let start = firstUnwritten
        let end = min(count, start + columns)
        guard start < end, (start..<end).allSatisfy(done.contains) else { return nil }
        for index in start..<end { done.remove(index) }
        rowsWritten += 1
        return start..<end
    }
}
