import Foundation
import FeedViewer

/// One run of the scroll scenario in a process of its own, against the parent's server: its peak
/// RSS is the viewer's alone and starts from a fresh process, not from what earlier runs (and
/// the server's render caches) left in the parent.
///
/// The parent starts `feedbench --scroll-child '<Specification as JSON>'`, reads one
/// ``ViewerMeasures`` as JSON from its standard output, and adds the server's side of the run
/// (the requests its log saw until the child's sentinel request).
enum ScrollChild {
    /// What the child is to run.
    struct Specification: Codable {
        var baseURL: String
        var grid: Bool
        var setup: Int
        var fling: Bool
        var index: Int
    }

    /// What the child measured (durations in milliseconds).
    struct ViewerMeasures: Codable {
        var timeToFirstThumbnail: Double?
        var frameTimes: [Double]
        var renderTimes: [Double]
        var wall: Double
        var resumed: Int
        var coalesced: Int
        var cancelledTasks: Int
        var memoryHits: Int
        var waitingShares: [Double]
        var settleTime: Double?
        var peakRSSKiB: Int?
        var frameBytes: [Int]
        var firstPicture: Double?
        var violations: Int
    }

    /// The child's side: runs the specified scroll and prints its measures.
    static func run(specification text: String) async throws {
        let specification = try JSONDecoder().decode(Specification.self, from: Data(text.utf8))
        let scenario = ScrollScenario(layout: specification.grid ? .grid : .list)
        let measures = try await scenario.measure(
            scenario.allSetups[specification.setup], path: specification.fling ? .fling : .downAndBack,
            baseURL: URL(string: specification.baseURL)!, index: specification.index)
        FileHandle.standardOutput.write(try JSONEncoder().encode(measures))
    }

    /// The parent's side: runs a child for `specification`, returns what it measured.
    static func spawn(_ specification: Specification) throws -> ViewerMeasures {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let argument = String(decoding: try JSONEncoder().encode(specification), as: UTF8.self)
        process.arguments = ["--scroll-child", argument]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ScrollChildError(description: "the scroll run \(specification.index) ended with status \(process.terminationStatus)")
        }
        return try JSONDecoder().decode(ViewerMeasures.self, from: data)
    }
}

struct ScrollChildError: Error, CustomStringConvertible {
    var description: String
}

extension Double {
    /// These milliseconds as a duration.
    var millisecondsDuration: Duration { .nanoseconds(Int64((self * 1e6).rounded())) }
}
