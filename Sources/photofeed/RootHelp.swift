import ArgumentParser
import FoundationEssentials
import Glibc

/// `photofeed --help` and `--help-all`.
///
/// `--help` fits one screen (at most 30 lines of 80 columns): the usage, the viewer's common
/// flags, the subcommands, where the rest is, and the config file it reads now. `--help-all` is
/// the root's overview and subcommands with every flag of the viewer (its default subcommand) in
/// place of the root's own options (`--help`, `--version`, which stays). `man photofeed` is the
/// reference.
enum RootHelp {
    /// The viewer's common flags, one line each, as `--help` lists them.
    static let commonFlags: [(flag: String, summary: String)] = [
        ("--feed URL|DIR|FILE", "a picsum-style feed, a folder, or a file of URLs"),
        ("--layout list|grid", "one photo a line, or a grid (v switches)"),
        ("--graphics MODE", "auto, blocks, kitty, kitty-placeholders, sixel, iterm"),
        ("--colors DEPTH", "auto, truecolor, 256, 16 or none"),
        ("--sort ORDER", "name, modified, taken, size, random (O switches)"),
        ("--recursive", "a folder with its sub-folders"),
        ("--network PRESET", "fast, 3g, edge or flaky: the embedded feed's link"),
        ("--audit", "check the lazy-loading rules live"),
        ("--text", "the screen-reader mode: words, no pictures"),
        ("--config FILE", "another config file (--no-config: none)"),
        ("--version", "photofeed's version and its libraries'"),
    ]

    /// The subcommands, two to a line, as `--help` lists them.
    static let subcommands: [(name: String, summary: String)] = [
        ("view (default)", "the viewer"), ("snapshot", "one frame, headless"),
        ("show", "print pictures"), ("prefetch", "warm the disk cache"),
        ("serve", "the photo server"), ("cache", "see, prune or clear the cache"),
        ("picks", "print the keepers"), ("version", "the versions"),
    ]

    /// `photofeed --help`: one screen, ending with the config file that `environment` points at.
    static func short(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(1, width - text.count)) }
        var lines = [
            "photofeed: a terminal photo-feed viewer: lazy loading, cancel, resume and",
            "caching you can watch.",
            "",
            "USAGE: photofeed [view] [<options>]",
            "       photofeed <subcommand> [<options>]",
            "",
            "COMMON OPTIONS:",
        ]
        lines += commonFlags.map { "  " + padded($0.flag, 22) + $0.summary }
        lines += ["", "SUBCOMMANDS:"]
        for pair in stride(from: 0, to: subcommands.count, by: 2) {
            let left = "  " + padded(subcommands[pair].name, 16) + subcommands[pair].summary
            let right = pair + 1 < subcommands.count
                ? padded(subcommands[pair + 1].name, 10) + subcommands[pair + 1].summary : ""
            lines.append((right.isEmpty ? left : padded(left, 38) + right))
        }
        lines += [
            "",
            "Press ? in the viewer for the keys. Every flag: photofeed --help-all;",
            "a subcommand's: photofeed help <subcommand>; the reference: man photofeed.",
            "",
            configSection(environment: environment),
        ]
        return lines.joined(separator: "\n")
    }

    /// `photofeed --help-all`: the root help with the viewer's OPTIONS section spliced in,
    /// `columns` wide, ending with the config file that `environment` points at.
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
