import Foundation

/// docs/PERFORMANCE.md as `make bench` writes it: when and where it ran, the versions of
/// photofeed and of the peers it is compared with, then each scenario's table with the command
/// that runs it again. Never edited by hand: the page is the output of one run.
struct PerformancePage {
    /// The file written.
    var path: String

    /// The page's head: the date, the machine, the versions.
    static func header(photofeedBinary: String) -> String {
        var lines = [
            "# Performance",
            "",
            "Written by `make bench` (feedbench, release build); do not edit: run `make bench` again.",
            "Each table comes from the same run, photofeed beside chafa, timg and img2sixel where they do",
            "the same job. Times are medians unless a table says otherwise.",
            "",
            "| | |",
            "|---|---|",
            "| date | \(timestamp()) |",
            "| machine | \(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpuModel() ?? "CPU model unknown"), \(memory() ?? "memory unknown") |",
            "| system | \(firstLine(ofFile: "/etc/debian_version").map { "Debian \($0)" } ?? "unknown"), Linux \(firstLine(of: ["uname", "-r"]) ?? "?") |",
        ]
        let tools: [(String, [String])] = [
            ("photofeed", [photofeedBinary, "--version"]),
            ("Swift", ["swift", "--version"]),
            ("chafa", ["chafa", "--version"]),
            ("timg", ["timg", "--version"]),
            ("img2sixel", ["img2sixel", "--version"]),
            ("hyperfine", ["hyperfine", "--version"]),
        ]
        for (name, command) in tools {
            lines.append("| \(name) | \(firstLine(of: command).map(cell) ?? "not installed") |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One scenario's section: its table and notes, and the command that reproduces it; when
    /// it is added to a page written earlier, when and with which photofeed it was measured.
    static func section(_ report: BenchReport, command: String, addedWith photofeedBinary: String? = nil) -> String {
        var lines = ["", "## \(report.title)", "", "`\(command)`", ""]
        if let photofeedBinary {
            let version = firstLine(of: [photofeedBinary, "--version"]).map(cell) ?? "photofeed (version unknown)"
            lines += ["Added to the page \(timestamp()), measured with \(version).", ""]
        }
        lines.append("| " + report.columns.map(cell).joined(separator: " | ") + " |")
        lines.append("|" + report.columns.map { _ in "---" }.joined(separator: "|") + "|")
        for row in report.rows {
            lines.append("| " + row.map(cell).joined(separator: " | ") + " |")
        }
        if !report.notes.isEmpty {
            lines.append("")
            lines += report.notes.map { "- " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Starts the page (a new file): its `header`.
    func start(_ header: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(header.utf8).write(to: url, options: .atomic)
    }

    /// Adds a scenario's `section` (``section(_:command:addedWith:)``) to the page: in place of
    /// the section an earlier run wrote with the same `command` (a scenario measured again
    /// replaces its figures, never stands twice), else at the end.
    func add(section: String, command: String) throws {
        let url = URL(fileURLWithPath: path)
        let page = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.merging(section, command: command, into: page).utf8).write(to: url, options: .atomic)
    }

    /// `page` with `section` in place of its sections whose command line is `command`'s (the
    /// first one's place; a later duplicate dropped), or at its end when none is.
    static func merging(_ section: String, command: String, into page: String) -> String {
        // A section starts at the empty line before its "## " title and runs to the next one's.
        let starts = page.ranges(of: "\n\n## ").map { page.index(after: $0.lowerBound) }
        let bounds = zip(starts, Array(starts.dropFirst()) + [page.endIndex]).map { $0..<$1 }
        let commandLine = "\n`\(command)`\n"
        let same = bounds.filter { Self.commandLine(of: page[$0]) == commandLine }
        guard let first = same.first else { return page + section }
        var merged = String(page[..<first.lowerBound]) + section
        var cursor = first.upperBound
        for bound in same.dropFirst() {
            merged += page[cursor..<bound.lowerBound]
            cursor = bound.upperBound
        }
        return merged + page[cursor...]
    }

    /// A section's command line, "\n`command`\n" (nil: none where it belongs). The lines of
    /// a section: "", "## title", "", "`command`", …
    private static func commandLine(of section: Substring) -> String? {
        let lines = section.split(separator: "\n", maxSplits: 4, omittingEmptySubsequences: false)
        guard lines.count > 3, lines[3].hasPrefix("`"), lines[3].hasSuffix("`") else { return nil }
        return "\n" + lines[3] + "\n"
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    private static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        return formatter.string(from: Date()) + " UTC"
    }

    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line.flatMap { $0.split(separator: ":", maxSplits: 1).last }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func memory() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }),
            let kilobytes = line.split(separator: " ").compactMap({ Int($0) }).first
        else { return nil }
        return "\(kilobytes / 1_048_576) GiB"
    }

    private static func firstLine(ofFile path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").first.map(String.init)
    }

    /// The first non-empty line a command prints (stdout, else stderr), or nil when it cannot run.
    private static func firstLine(of command: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }
}
