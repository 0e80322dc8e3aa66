import Foundation
import ImageCodecs
import Testing
import Vocabulary

/// Runs the `DecodePeak` helper (built beside this test bundle) on some bytes and returns what
/// the decode cost that child process in peak memory: the figure is the child's own, so tests
/// running at the same time, or an earlier peak of this process, can neither hide nor add to it.
///
/// Every failure to measure (the helper missing, /proc unreadable, a crash) throws: a memory
/// bound that could not be checked is a failed test, never a skipped one.
struct DecodePeakChild {
    /// What one run reported.
    struct Report: Decodable {
        /// VmHWM after the decodes − VmRSS before them, in bytes (an upper bound of the decodes'
        /// own growth; exact when `reset`).
        var growth: Int
        /// Whether /proc/self/clear_refs reset the child's peak before the decodes.
        var reset: Bool
        /// Per decode: `ok WxH` or the error's `ImageCodecError.Kind` description.
        var results: [String]
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The helper: `DecodePeak` in the directory of the running test binary.
    static var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("DecodePeak")
    }

    /// Decodes `bytes` `repeats` times toward `target` in a child and reports its peak growth.
    static func measure(
        _ bytes: [UInt8], target: (width: Int, height: Int)? = nil, region: PixelRect? = nil, repeats: Int = 1
    ) throws -> Report {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("decode-peak-\(getpid())-\(UUID().uuidString).bin")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Failure(description: "\(executable.path) is missing: run `swift build --build-tests` first")
        }
        let process = Process()
        process.executableURL = executable
        var arguments = [file.path, "--repeat", String(repeats)]
        if let target { arguments += ["--target", "\(target.width)x\(target.height)"] }
        if let region { arguments += ["--region", "\(region.width)x\(region.height)+\(region.x)+\(region.y)"] }
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(description: "DecodePeak exited with \(process.terminationStatus): \(message)")
        }
        do {
            return try JSONDecoder().decode(Report.self, from: data)
        } catch {
            throw Failure(description: "DecodePeak printed no report: \(String(decoding: data, as: UTF8.self))")
        }
    }
}
