import Foundation
import FoundationExtras
import Testing
import TestSupport

/// `photofeed(1)` is the reference: made by scripts/generate-manual.py from the binary, it names
/// every flag each command's `--help` shows, every key binding, and the sections a man page has.
@Suite(.timeLimit(.minutes(3)), .tags(.realTime)) struct ManualTests {
    /// The manual of the built binary, as `man -l` renders it.
    private static func renderedManual() async throws -> String {
        let binary = try BuiltBinary.photofeed.path
        let root = BuiltBinary.packageRoot.path
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-\(UUID().uuidString).1")
        defer { try? FileManager.default.removeItem(at: page) }
        let made = try await BuiltBinary.runShell("cd '\(root)' && scripts/generate-manual.py '\(binary)' > '\(page.path)'")
        #expect(made.status == 0, "\(made.stderr)")
        let manual = try await BuiltBinary.runShell(
            "MANWIDTH=200 man -l '\(page.path)'", environment: ["MANPAGER": "cat", "PAGER": "cat"])
        #expect(manual.status == 0 && manual.stderr.isEmpty, "\(manual.stderr)")
        return manual.stdout
    }

    /// The long flags a help text names (`--sort`, `--no-disk-cache`).
    private static func flags(in help: String) -> Set<String> {
        let pattern = /--[a-z][a-z0-9-]*/
        return Set(help.matches(of: pattern).map { String($0.output) })
    }

    @Test func everyFlagOfEveryHelpIsInTheManual() async throws {
        // Given the manual, and the help of the viewer and of each subcommand
        let manual = try await Self.renderedManual()
        var helps: [String: String] = [:]
        for command in [["--help"], ["--help-all"], ["snapshot", "--help"], ["show", "--help"], ["prefetch", "--help"], ["serve", "--help"],
            ["cache", "info", "--help"], ["cache", "prune", "--help"], ["cache", "clear", "--help"]]
        {
            let output = try await BuiltBinary.run(command)
            #expect(output.status == 0, "\(command): \(output.stderr)")
            helps[command.joined(separator: " ")] = output.stdout
        }
        // Then every flag a help names is in the manual (a flag added without its documentation fails)
        for (command, help) in helps.sorted(by: { $0.key < $1.key }) {
            let missing = Self.flags(in: help).filter { !manual.contains($0) }
            #expect(missing.isEmpty, "photofeed \(command) names \(missing.sorted()), the manual does not")
        }
    }

    @Test func filesNamesEveryFilePhotofeedWrites() async throws {
        // Given the manual's FILES section
        let manual = try await Self.renderedManual()
        let start = try #require(manual.range(of: "\nFILES\n"))
        let end = try #require(manual.range(of: "\nEXAMPLES\n"))
        let files = String(manual[start.upperBound..<end.lowerBound])
        // Then every name photofeed writes in its cache folder is there, with what removes it
        for file in OwnFiles.all {
            #expect(files.contains("~/.cache/photofeed/" + file.name), "FILES misses \(file.name)")
        }
        for place in OwnFiles.elsewhere { #expect(files.contains(place.path), "FILES misses \(place.path)") }
    }

    @Test func theManualListsEveryKeyAndItsSections() async throws {
        // Given the manual and the key bindings the binary has
        let manual = try await Self.renderedManual()
        let keys = try await BuiltBinary.run(["--experimental-dump-keys"])
        let lines = keys.stdout.split(separator: "\n")
        #expect(lines.count > 30)
        // Then each binding's keys and action are in KEYS, under its group's heading
        for line in lines {
            let fields = line.split(separator: "\t").map(String.init)
            #expect(fields.count == 3, "\(line)")
            guard fields.count == 3 else { continue }
            #expect(manual.contains(fields[0]) && manual.contains(fields[1]) && manual.contains(fields[2]), "\(line)")
        }
        // And the sections a man page has are there
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "KEYS", "CONFIGURATION", "ENVIRONMENT", "FILES", "EXAMPLES", "EXIT STATUS"] {
            #expect(manual.contains("\n\(section)\n"), "no \(section) section")
        }
    }

    @Test func everySubcommandsHelpNamesItsExamples() async throws {
        for command in ["show", "snapshot", "prefetch", "serve", "cache"] {
            // Given a subcommand's help
            let help = try await BuiltBinary.run([command, "--help"]).stdout
            // Then it has examples, each a command line of that subcommand
            let lines = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let start = lines.firstIndex(of: "Examples:")
            #expect(start != nil, "photofeed \(command) --help has no examples")
            let examples = start.map { lines[($0 + 1)...].prefix { $0.contains("photofeed \(command)") } } ?? []
            #expect(examples.count >= 3, "photofeed \(command) --help: \(examples)")
        }
        // And the manual keeps them one a line
        let manual = try await Self.renderedManual()
        #expect(manual.contains("photofeed show --grid 6x4 --title *.jpg"))
    }
}
