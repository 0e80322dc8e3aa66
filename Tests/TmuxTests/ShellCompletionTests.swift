import Foundation
import TestSupport
import Testing

/// The completion scripts `photofeed --generate-completion-script` writes, loaded into bash, zsh
/// and fish started with no user rc files in a private tmux server, and driven by Tab: files
/// after `show`, files and folders after `--feed`, the values of the options that take a fixed
/// set of words, the subcommands.
@Suite("Shell completion in tmux", .serialized, .timeLimit(.minutes(3)), .tags(.realTime))
struct ShellCompletionTests {
    /// A shell as the tests start it: no rc file, a prompt to wait for, photofeed's script loaded.
    enum Shell: String, CaseIterable, CustomTestStringConvertible {
        case bash, zsh, fish

        var testDescription: String { rawValue }

        /// Started in the pane (by `sh -c`), from the scratch folder, with a home of its own.
        var command: String {
            switch self {
            case .bash: "exec bash --norc --noprofile"
            case .zsh: "exec zsh -f"
            case .fish: "exec fish --no-config"
            }
        }

        /// Typed at the first prompt: the `ready> ` prompt, then photofeed's script from `scripts`.
        func setup(scripts: URL) -> String {
            switch self {
            case .bash:
                "PS1='ready> '; source '\(scripts.appendingPathComponent("photofeed.bash").path)'"
            case .zsh:
                "PROMPT='ready> '; bindkey -e; fpath=('\(scripts.path)' $fpath); autoload -U compinit; compinit -u -D"
            case .fish:
                // (no grey suggestion after the cursor: the pane's text would read as if completed)
                "function fish_prompt; echo -n 'ready> '; end; set -g fish_autosuggestion_enabled 0; "
                    + "source '\(scripts.appendingPathComponent("photofeed.fish").path)'"
            }
        }

        /// The keys that show every completion of an ambiguous word: bash lists them on the second Tab.
        var listKeys: [String] { self == .bash ? ["Tab", "Tab"] : ["Tab"] }
    }

    /// A shell in tmux, in a scratch folder holding `a-photo.jpg` and `pics/`, at its prompt;
    /// the folder goes with it.
    private final class Session {
        let tmux: TmuxSession
        let shell: Shell
        private let root = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-completion-" + UUID().uuidString)

        init(_ shell: Shell) async throws {
            self.shell = shell
            let folder = root.appendingPathComponent("work")
            let scripts = root.appendingPathComponent("scripts")
            let home = root.appendingPathComponent("home")
            for directory in [folder.appendingPathComponent("pics"), scripts, home] {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            try Data().write(to: folder.appendingPathComponent("a-photo.jpg"))
            for (name, file) in [("bash", "photofeed.bash"), ("zsh", "_photofeed"), ("fish", "photofeed.fish")] {
                let generated = try await BuiltBinary.run(["--generate-completion-script", name])
                #expect(generated.status == 0, "\(name): \(generated.stderr)")
                try Data(generated.stdout.utf8).write(to: scripts.appendingPathComponent(file))
            }
            tmux = try TmuxSession(
                command: "cd '\(folder.path)' && HOME='\(home.path)' XDG_CONFIG_HOME='\(home.path)/.config' "
                    + "XDG_DATA_HOME='\(home.path)/.local/share' \(shell.command)",
                columns: 120, rows: 30)
            _ = try await tmux.waitForScreen(within: .seconds(10)) { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            try tmux.sendLiteral(shell.setup(scripts: scripts))
            try tmux.send("Enter")
            let ready = try await tmux.waitForScreen(within: .seconds(10)) { Self.lastLine($0) == "ready>" }
            let screen = try tmux.capture()
            #expect(ready != nil, "\(shell): no prompt after loading the script:\n\(screen)")
        }

        deinit {
            try? FileManager.default.removeItem(at: root)
        }

        /// A clear screen with an empty command line, then `line` typed and `keys` pressed.
        func type(_ line: String, then keys: [String]) async throws {
            try tmux.send("C-u")
            try tmux.send("C-l")
            let clear = try await tmux.waitForScreen(within: .seconds(10)) {
                $0.trimmingCharacters(in: .whitespacesAndNewlines) == "ready>"
            }
            let screen = try tmux.capture()
            #expect(clear != nil, "\(shell): the screen did not clear:\n\(screen)")
            try tmux.sendLiteral(line)
            for key in keys { try tmux.send(key) }
        }

        /// Waits until the command line reads `expected` (trailing blanks aside); the screen when it did.
        func waitForLine(_ expected: String) async throws -> String? {
            try await tmux.waitForScreen(within: .seconds(10)) { screen in
                screen.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "ready> " + expected }
            }
        }

        /// Waits until every one of `words` is listed on the screen, apart from the command line.
        func waitForListing(_ words: [String]) async throws -> String? {
            try await tmux.waitForScreen(within: .seconds(10)) { screen in
                let listed = Set(
                    screen.split(separator: "\n").filter { !$0.contains("ready>") }
                        .flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" || $0 == ")" }) }
                        .map(String.init))
                return Set(words).isSubset(of: listed)
            }
        }

        private static func lastLine(_ screen: String) -> String? {
            screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test(arguments: Shell.allCases)
    func completesAnImageFileAfterShow(_ shell: Shell) async throws {
        // Given the shell in a folder holding a-photo.jpg and pics/, with photofeed's script loaded
        let session = try await Session(shell)

        // When `photofeed show a-` is completed with Tab
        try await session.type("photofeed show a-", then: ["Tab"])

        // Then the line names the file
        let completed = try await session.waitForLine("photofeed show a-photo.jpg")
        let screen = try session.tmux.capture()
        #expect(completed != nil, "\(shell):\n\(screen)")
    }

    @Test(arguments: Shell.allCases)
    func completesAFolderAfterFeedAndCacheDir(_ shell: Shell) async throws {
        // Given the shell in a folder holding a-photo.jpg and pics/, with photofeed's script loaded
        let session = try await Session(shell)

        // When `photofeed --feed pi` is completed with Tab
        try await session.type("photofeed --feed pi", then: ["Tab"])

        // Then the line names the folder, ready for a name inside it
        let feed = try await session.waitForLine("photofeed --feed pics/")
        let screen1 = try session.tmux.capture()
        #expect(feed != nil, "\(shell):\n\(screen1)")

        // When `--cache-dir p` is completed right after `cache` (its default subcommand, info, takes it)
        try await session.type("photofeed cache --cache-dir p", then: ["Tab"])

        // Then the line names the folder, not the subcommand prune
        let cacheDir = try await session.waitForLine("photofeed cache --cache-dir pics/")
        let screen2 = try session.tmux.capture()
        #expect(cacheDir != nil, "\(shell):\n\(screen2)")
    }

    @Test(arguments: Shell.allCases)
    func listsTheValuesOfSortGraphicsAndLayout(_ shell: Shell) async throws {
        // Given the shell with photofeed's script loaded
        let session = try await Session(shell)
        let values = [
            "--sort": ["name", "modified", "taken", "size", "random"],
            "--graphics": ["auto", "blocks", "kitty", "kitty-placeholders", "sixel", "iterm"],
            "--layout": ["list", "grid"],
        ]
        for (option, words) in values.sorted(by: { $0.key < $1.key }) {
            // When `photofeed OPTION ` asks for completions
            try await session.type("photofeed \(option) ", then: shell.listKeys)

            // Then every value the option takes is listed
            let listed = try await session.waitForListing(words)
            let screen = try session.tmux.capture()
            #expect(listed != nil, "\(shell) \(option):\n\(screen)")
        }

        // When a value is begun (`--layout gr`) and completed with Tab
        try await session.type("photofeed --layout gr", then: ["Tab"])

        // Then the line holds the whole value
        let completed = try await session.waitForLine("photofeed --layout grid")
        let screen = try session.tmux.capture()
        #expect(completed != nil, "\(shell):\n\(screen)")
    }

    @Test(arguments: Shell.allCases)
    func completesSubcommands(_ shell: Shell) async throws {
        // Given the shell with photofeed's script loaded
        let session = try await Session(shell)

        // When `photofeed sh` is completed with Tab
        try await session.type("photofeed sh", then: ["Tab"])

        // Then the line reads `photofeed show`
        let completed = try await session.waitForLine("photofeed show")
        let screen1 = try session.tmux.capture()
        #expect(completed != nil, "\(shell):\n\(screen1)")

        // When `photofeed cache ` asks for completions
        try await session.type("photofeed cache ", then: shell.listKeys)

        // Then its subcommands are listed
        let listed = try await session.waitForListing(["info", "clear", "prune"])
        let screen2 = try session.tmux.capture()
        #expect(listed != nil, "\(shell):\n\(screen2)")
    }
}
