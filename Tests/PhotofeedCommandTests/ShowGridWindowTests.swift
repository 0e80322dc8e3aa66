import Testing

@testable import PhotoShow
@testable import photofeed

/// `show --grid` streams: the window that bounds the pictures in flight, driven directly.
@Suite("show --grid: streaming window")
struct ShowGridWindowTests {
    @Test func twentyThousandPicturesNeverHoldMoreThanTheWindow() {
        // Given 20,000 pictures, 6 a row, 4 loading at once
        var window = ShowGridWindow(count: 20_000, columns: 6, maxLoading: 4)
        var loading: [Int] = []
        var written: [Int] = []
        var mostInFlight = 0
        var mostLoading = 0
        // When pictures finish out of order (the newest first) and rows are taken as they complete
        while !window.isComplete {
            while let index = window.nextStart() { loading.append(index) }
            mostInFlight = max(mostInFlight, window.inFlight)
            mostLoading = max(mostLoading, loading.count)
            let finished = loading.removeLast()
            window.finish(finished)
            while let row = window.takeRow() { written += row }
        }
        // Then every picture was written once, in order, and no more than two rows (12) were
        // ever started and unwritten, nor more than 4 loading: what 16 files would hold
        #expect(written == Array(0..<20_000))
        #expect(window.maxAhead == 12)
        #expect(mostInFlight <= 12)
        #expect(mostLoading <= 4)
    }

    @Test func aRowWaitsForItsSlowestPictureAndTheWindowStopsStarting() {
        // Given 3 pictures a row, 2 loading at once, 6 ahead at most
        var window = ShowGridWindow(count: 9, columns: 3, maxLoading: 2)
        #expect(window.nextStart() == 0)
        #expect(window.nextStart() == 1)
        #expect(window.nextStart() == nil)  // two loading
        // When picture 0 stays slow while the others finish
        window.finish(1)
        var started: [Int] = []
        for _ in 0..<6 {
            guard let next = window.nextStart() else { break }
            started.append(next)
            window.finish(next)
        }
        // Then no row is written, and starting stops at six pictures ahead of the first unwritten
        #expect(window.takeRow() == nil)
        #expect(started == [2, 3, 4, 5])
        #expect(window.nextStart() == nil)
        // And when picture 0 arrives, two rows go out at once and starting resumes
        window.finish(0)
        #expect(window.takeRow() == 0..<3)
        #expect(window.takeRow() == 3..<6)
        #expect(window.takeRow() == nil)
        #expect(window.nextStart() == 6)
    }

    @Test func aRowWiderThanTheLoadingLimitStillCompletes() {
        // Given 64 pictures a row and 2 loading at once
        var window = ShowGridWindow(count: 100, columns: 64, maxLoading: 2)
        var rows: [Range<Int>] = []
        while !window.isComplete {
            while let index = window.nextStart() { window.finish(index) }
            while let row = window.takeRow() { rows.append(row) }
        }
        #expect(rows == [0..<64, 64..<100])
        #expect(window.maxAhead == 128)
    }
}
