import Foundation

/// `photofeed serve` as a child process on a free port, read from its first line.
final class ServeChild {
    let baseURL: URL
    private let process: Process

    private init(baseURL: URL, process: Process) {
        self.baseURL = baseURL
        self.process = process
    }

    static func start(_ photofeed: String, photos: String, extra: [String]) throws -> ServeChild {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: photofeed)
        process.arguments = ["serve", "--port", "0", "--latency", "0", "--photos", photos] + extra
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let start = text.range(of: "http://"),
            let url = URL(string: String(text[start.lowerBound...].prefix { !$0.isWhitespace }))
        else {
            process.terminate()
            throw ServeLoadError(description: "photofeed serve did not say where it listens: \(text)")
        }
        return ServeChild(baseURL: url, process: process)
    }

    /// Forgets the peak so far (`clear_refs` 5 resets `VmHWM`).
    func resetPeak() {
        try? "5".write(toFile: "/proc/\(process.processIdentifier)/clear_refs", atomically: false, encoding: .utf8)
    }

    /// `VmHWM` in MiB.
    func peakMiB() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = line.split(separator: " ").compactMap({ Double($0) }).first
        else { return nil }
        return kib / 1024
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
