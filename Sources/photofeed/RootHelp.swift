import ArgumentParser
import FoundationEssentials
import Glibc

/// `photofeed --help`: the root's overview and subcommands, with every flag of the viewer (its
/// default subcommand) in place of the root's own options (`--help`, `--version`, which stays),
/// and the config file it reads now.
enum RootHelp {
    /// The root help with the viewer's OPTIONS section spliced in, `columns` wide, ending with
    /// the config file that `environment` points at.
    static func text(columns: Int?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let root = Photofeed.helpMessage(includeHidden: false, columns: columns)
        let viewer = Photofeed.helpMessage(for: ViewCommand.self, includeHidden: false, columns: columns)
        guard let options = section("OPTIONS:", in: viewer), let rootOptions = section("OPTIONS:", in: root) else {
            return root
        }
        let usage = "USAGE: photofeed [view] [<options>]\n       photofeed <subcommand> [<options>]"
        // --version is the root's; the viewer's help lists it too (ArgumentParser inherits it), else add it.
        let version = options.contains("\n  --version ")
            ? [] : rootOptions.components(separatedBy: "\n").filter { $0.hasPrefix("  --version") }
        let spliced = ([options] + version).joined(separator: "\n")
        return root
            .replacing(rootOptions, with: spliced)
            .replacing("USAGE: photofeed <subcommand>", with: usage)
            + "\n\n" + configSection(environment: environment)
    }

    /// Where the config file is read from, and whether it is there now.
    static func configSection(environment: [String: String]) -> String {
        let path = ConfigArguments.defaultPath(environment: environment)
        let state = FileManager.default.fileExists(atPath: path) ? "present" : "not present"
        return "CONFIG FILE:\n  \(ConfigArguments.display(path, environment: environment)) (\(state))"
    }

    /// The lines from `heading` up to the next blank line followed by an unindented heading (or the end).
    static func section(_ heading: String, in help: String) -> String? {
        let lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return nil }
        var end = start + 1
        while end < lines.count {
            let line = lines[end]
            if line.isEmpty, end + 1 < lines.count, let next = lines[end + 1].first, !next.isWhitespace { break }
            end += 1
        }
        return lines[start..<end].joined(separator: "\n")
    }

    /// The terminal's width for wrapping, or nil (ArgumentParser's default) when not a terminal.
    static func terminalColumns() -> Int? {
        var size = winsize()
        guard isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return nil
        }
        return Int(size.ws_col)
    }
}
