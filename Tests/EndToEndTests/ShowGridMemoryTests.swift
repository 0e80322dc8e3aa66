import Foundation
import TestSupport
import Testing

/// `show --grid` streams: its peak memory does not grow with the number of files. Each run's
/// peak is the child's own (``MeasuredChild``: `wait4`'s `ru_maxrss`).
@Suite(.timeLimit(.minutes(2)), .tags(.realTime)) struct ShowGridMemoryTests {
    /// A 2 MiB JPEG that decodes in microseconds: a small photo behind 32 comment segments of
    /// 64 KiB. What a grid holds per file it has started shows as 2 MiB a file.
    private static func paddedJPEG() throws -> Data {
        let photo = try Data(contentsOf: BuiltBinary.assetsDirectory.appendingPathComponent("clock.jpg"))
        var segment = Data([0xFF, 0xFE, 0xFF, 0xFF])
        segment.append(Data(count: 65_533))
        var padded = photo.prefix(2)
        for _ in 0..<32 { padded.append(segment) }
        padded.append(photo.dropFirst(2))
        return padded
    }

    @Test func twoHundredFortyFilesPeakAboutAsSixteenDo() async throws {
        // Given 240 names (hard links) of one 2 MiB JPEG
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grid-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = folder.appendingPathComponent("original.jpg")
        try Self.paddedJPEG().write(to: original)
        let files = try (0..<240).map { index -> String in
            let link = folder.appendingPathComponent(String(format: "p%03d.jpg", index)).path
            try FileManager.default.linkItem(atPath: original.path, toPath: link)
            return link
        }
        let arguments = ["show", "--grid", "8x2", "--width", "80", "--symbols", "half", "--colors", "none", "--no-thumbnail-cache"]

        // When a grid of 16 and a grid of 240 are shown
        let binary = try BuiltBinary.photofeed.path
        let small = try await MeasuredChild.run(binary, arguments + Array(files.prefix(16)))
        let large = try await MeasuredChild.run(binary, arguments + files)

        // Then both succeed, and the 240 cost at most 32 MB more than the 16 (before: every file
        // was read at once, 2 MiB each: 67 MB against 538 MB, debug build)
        #expect(small.status == 0, "\(small.stderr)")
        #expect(large.status == 0, "\(large.stderr)")
        let growth = large.peakBytes - small.peakBytes
        #expect(growth < 32 << 20, "16 files: \(small.peakBytes >> 20) MB, 240 files: \(large.peakBytes >> 20) MB")
        // And every row was written (30 rows of 8, each a picture's lines)
        #expect(large.stdout.split(separator: "\n").count >= 30)
    }
}
