import Foundation
import Testing

/// Compares text with a golden file under `Tests/FeedViewerTests/Golden/`.
///
/// Set `PHOTOFEED_RECORD_GOLDEN=1` to (re)write the files instead of comparing.
/// A missing file is recorded and reported as a failure, so it gets reviewed.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["PHOTOFEED_RECORD_GOLDEN"] == "1"
    }

    static func assertMatches(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        let exists = FileManager.default.fileExists(atPath: url.path)
        if isRecording || !exists {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data((actual + "\n").utf8).write(to: url)
            } catch {
                Issue.record("could not write golden \(name): \(error)", sourceLocation: sourceLocation)
            }
            if !exists && !isRecording {
                Issue.record("recorded missing golden \(name); review and commit it", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = try? Data(contentsOf: url), let expected = String(data: data, encoding: .utf8) else {
            Issue.record("cannot read golden \(name)", sourceLocation: sourceLocation)
            return
        }
        let expectedFrame = expected.hasSuffix("\n") ? String(expected.dropLast()) : expected
        if actual != expectedFrame {
            Issue.record(
                "frame differs from golden \(name) (PHOTOFEED_RECORD_GOLDEN=1 re-records)\n--- expected\n\(expectedFrame)\n--- actual\n\(actual)",
                sourceLocation: sourceLocation)
        }
    }
}
