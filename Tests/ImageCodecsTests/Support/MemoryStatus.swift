import Foundation

/// Reads this process's memory figures from /proc/self/status (Linux).
enum MemoryStatus {
    /// Peak resident set size (VmHWM) in bytes, or nil where /proc is unavailable.
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }
}

extension MemoryStatus {
    /// Resets the peak (VmHWM) to the current resident size, so a later reading measures what
    /// happened in between. False where /proc does not allow it.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// How much the peak resident size grew while `body` ran (nil where /proc is unavailable).
    static func peakGrowth(during body: () throws -> Void) rethrows -> Int? {
        resetPeak()
        let before = peakResidentBytes()
        try body()
        guard let before, let after = peakResidentBytes() else { return nil }
        return after - before
    }
}
