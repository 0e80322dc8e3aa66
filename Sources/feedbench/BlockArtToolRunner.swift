import Foundation

/// Runs the external renderers the BlockArt scenarios compare with (chafa, timg, hyperfine)
/// and our own `photofeed` binary.
enum BlockArtToolRunner {
    /// The path of an executable on `PATH`, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs a program to completion and returns its stdout (stderr discarded).
    static func output(of executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    /// chafa's block art for `file` in a `columns × rows` box.
    static func chafa(_ file: String, symbols: String?, colors: String, columns: Int, rows: Int) throws -> [UInt8] {
        guard let chafa = which("chafa") else { return [] }
        var arguments = ["-f", "symbols", "-c", colors, "-s", "\(columns)x\(rows)", "--animate", "off"]
        if let symbols { arguments += ["--symbols", symbols] }
        return try output(of: chafa, arguments + [file])
    }

    /// Mean and spread of each command's wall time (ms) from `hyperfine -N`, by command.
    struct Timing: Sendable {
        var command: String
        var meanMs: Double
        var medianMs: Double
        var stddevMs: Double
    }

    /// Times shell-free commands with hyperfine; nil when hyperfine is missing or fails.
    static func hyperfine(_ commands: [String], runs: Int, warmup: Int) -> [Timing]? {
        guard let hyperfine = which("hyperfine") else { return nil }
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-hyperfine-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let arguments = ["-N", "--style", "none", "--warmup", "\(warmup)", "--runs", "\(runs)",
                         "--export-json", json.path] + commands
        guard (try? output(of: hyperfine, arguments)) != nil,
              let data = try? Data(contentsOf: json),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let results = object["results"] as? [[String: Any]]
        else { return nil }
        return results.compactMap { result in
            guard let command = result["command"] as? String, let mean = result["mean"] as? Double,
                  let median = result["median"] as? Double else { return nil }
            return Timing(command: command, meanMs: mean * 1000, medianMs: median * 1000,
                          stddevMs: ((result["stddev"] as? Double) ?? 0) * 1000)
        }
    }
}

extension BlockArtToolRunner {
    /// A file's bytes.
    static func readAll(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
