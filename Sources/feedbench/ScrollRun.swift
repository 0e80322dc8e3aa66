import Foundation
import PicsumServer

/// What one scroll run measured.
struct ScrollRun {
    var label: String
    var timeToFirstThumbnail: Duration?
    /// Writing each frame to the screen (first cell written to flush).
    var frameTimes: [Duration]
    /// Each whole frame: view, diff with the last frame, write.
    var renderTimes: [Duration]
    var wall: Duration
    var log: [RequestLogEntry]
    var resumed: Int
    var coalesced: Int
    var cancelledTasks: Int
    var memoryHits: Int
    var waitingShares: [Double]
    /// A fling's time from its last key until every visible row showed its picture.
    var settleTime: Duration?
    var peakRSSKiB: Int?
    /// Bytes a terminal would be sent, per frame.
    var frameBytes: [Int] = []
    /// Launch → the first picture placed on screen.
    var firstPicture: Duration?
    /// Rule violations the semantics audit found.
    var violations = 0

    private var images: [RequestLogEntry] { log.filter { $0.target.hasPrefix("/id/") } }

    /// Bytes the server sent for images.
    var bytesDownloaded: Int { images.reduce(0) { $0 + $1.bytesSent } }

    /// The full size of every distinct image asked for, counted once.
    var uniqueImageBytes: Int {
        var sizes: [String: Int] = [:]
        for entry in images where entry.range == nil {
            if let size = entry.expectedBytes { sizes[entry.target] = max(sizes[entry.target] ?? 0, size) }
        }
        return sizes.values.reduce(0, +)
    }

    func row() -> [String] {
        let sorted = frameTimes.sorted()
        let renders = renderTimes.sorted()
        func percentile(_ p: Double, of sorted: [Duration]) -> String {
            guard !sorted.isEmpty else { return "-" }
            let index = min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)
            return String(format: "%.2f", sorted[max(0, index)].milliseconds)
        }
        let ratio = uniqueImageBytes > 0 ? Double(bytesDownloaded) / Double(uniqueImageBytes) : 0
        return [
            label,
            timeToFirstThumbnail.map { String(format: "%.0f", $0.milliseconds) } ?? "-",
            firstPicture.map { String(format: "%.0f", $0.milliseconds) } ?? "-",
            frameBytes.isEmpty ? "-" : String(format: "%.1f", Double(frameBytes.reduce(0, +)) / Double(frameBytes.count) / 1024),
            percentile(0.5, of: sorted), percentile(0.99, of: sorted), String(frameTimes.count),
            percentile(0.5, of: renders), percentile(0.99, of: renders),
            waitingShares.isEmpty ? "-" : String(format: "%.0f", 100 * waitingShares.reduce(0, +) / Double(waitingShares.count)),
            settleTime.map { String(format: "%.0f", $0.milliseconds) } ?? "-",
            String(images.count), String(images.filter(\.clientWentAway).count), String(cancelledTasks),
            String(images.filter { $0.range != nil }.count), String(resumed), String(coalesced), String(memoryHits),
            String(format: "%.1f", Double(bytesDownloaded) / 1_000_000),
            String(format: "%.1f", Double(uniqueImageBytes) / 1_000_000),
            String(format: "%.2f", ratio),
            peakRSSKiB.map { String($0 / 1024) } ?? "-",
            String(format: "%.1f", wall.milliseconds / 1000),
            String(violations),
        ]
    }

    static let columns = [
        "run", "first thumb ms", "first picture ms", "KB/frame", "frame p50 ms", "frame p99 ms", "frames", "render p50 ms", "render p99 ms", "waiting %", "settle ms", "requests", "early close", "tasks cancelled",
        "range reqs", "resumed", "coalesced", "mem hits", "MB down", "MB unique", "down/unique", "peak RSS MB", "wall s",
        "violations",
    ]
}

/// Peak resident memory of this process.
enum PeakRSS {
    /// VmHWM from /proc/self/status, in KiB.
    static func current() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first { Int($0) != nil } ?? "")
        }
        return nil
    }

    /// Resets the peak to the current RSS (writing 5 to /proc/self/clear_refs); false when refused.
    @discardableResult
    static func reset() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }
}
