import ArgumentParser
import FoundationEssentials
import FoundationExtras
import ImageCodecs
import PhotoShow
import FeedViewer

/// The entry point: routes `show` straight to its command; the root's `--help` is one screen
/// (``RootHelp/short(environment:)``) and `--help-all` every flag of the viewer.
///
/// `show` is meant to be started once per image, like chafa, so its start-up matters: parsing
/// through the root command reflects over every subcommand's options, and each first
/// `as?` cast of that reflection scans the binary's thousands of protocol conformance records
/// (NIO, AsyncHTTPClient and Hummingbird are linked in), more than the picture costs, so plain
/// `show` argument lists are read by ``ShowArgumentScanner`` and the rest by ``ShowCommand``
/// alone. `--version` (anywhere before `--`, as the parser takes it) and `version` print
/// ``PhotofeedVersion`` without parsing either (so the root's configuration never asks the format
/// libraries their versions, which would open them: libheif alone maps x265 and more);
/// `--generate-completion-script SHELL` is answered from ``CompletionRoot``. A first word close
/// to a subcommand's name, and `help` with no such subcommand, are said by ``UnknownCommand``.
/// Everything else goes through ``Photofeed``, with the config file's settings put in by
/// ``ConfigArguments``; for the viewer and `snapshot` on the embedded feed, the server starts
/// first, beside the parse (``EarlyServerStart``).
@main
enum PhotofeedMain {
    static func main() async {
        MemoryReturn.configure()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "show" {
            // A path is bytes: a file name that is not UTF-8 reaches `show` as the URL of its bytes.
            let rest = Array(RawArguments.arguments().dropFirst())
            guard let settings = ShowArgumentScanner.scan(rest) else { return await ShowCommand.main(rest) }
            do {
                try await ShowCommand.run(settings)
            } catch {
                ShowCommand.exit(withError: error)
            }
        } else if asksForVersion(arguments) {
            // Like git, whatever goes with --version: the report, without parsing the commands.
            print(PhotofeedVersion.report(), terminator: "")
        } else if arguments.count == 2, arguments[0] == "--generate-completion-script",
            let script = CompletionRoot.script(forShell: arguments[1])
        {
            print(script)
        } else if arguments == ["--experimental-dump-keys"] {
            // The key bindings for scripts/generate-manual.py's KEYS: group, keys, action, tab-separated.
            print(KeyMap.tabSeparatedLines(), terminator: "")
        } else if arguments.count == 1, ["-h", "--help", "help"].contains(arguments[0]) {
            print(RootHelp.short())
        } else if arguments == ["--help-all"] {
            print(RootHelp.text(columns: RootHelp.terminalColumns()))
        } else if let unknown = UnknownCommand.message(for: arguments) {
            // `shwo` would reach the viewer as an argument; `help nonsense` would print the root's help.
            ViewCommand.standardError("photofeed: \(unknown)")
            Photofeed.exit(withError: ExitCode.validationFailure)
        } else {
            // The config file's settings go before the viewer's and snapshot's own arguments.
            let configured: [String]
            do {
                // The file's feed is looked for only when the command line gives none of its own.
                configured = try ConfigArguments.apply(
                    to: arguments, environment: ProcessInfo.processInfo.environment,
                    catalog: .viewer(commandLine: arguments))
            } catch {
                ViewCommand.standardError("photofeed: \(ErrorText.describe(error))")
                Photofeed.exit(withError: ExitCode.validationFailure)
            }
            // The embedded server binds beside the parse (its first page waits for it).
            if let flags = EmbeddedServerFlags.scan(configured) { EarlyServerStart.shared.begin(flags) }
            await Photofeed.main(configured)
        }
    }
}

extension PhotofeedMain {
    /// Whether the argument parser would answer `arguments` with the version: `version` alone, or a
    /// `--version` before any `--` with no `-h` / `--help` (help wins, as in the parser).
    ///
    /// ```swift
    /// PhotofeedMain.asksForVersion(["--no-disk-cache", "--version"])   // true
    /// PhotofeedMain.asksForVersion(["snapshot", "--help", "--version"])   // false
    /// ```
    static func asksForVersion(_ arguments: [String]) -> Bool {
        if arguments == ["version"] { return true }
        let options = arguments.prefix { $0 != "--" }
        return options.contains("--version") && !options.contains("-h") && !options.contains("--help")
    }
}
