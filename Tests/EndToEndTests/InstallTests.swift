import Foundation
import TestSupport
import Testing

/// `make install` and `make uninstall` into a temporary DESTDIR, as a packager runs them: every
/// file lands where a Linux tool's go, the installed binary runs (and finds its installed
/// photos), its man page reads with `man -l`, bash, zsh and fish complete its flags, and uninstall leaves no
/// file behind. It installs the debug build under test (`BINARY=`), not a release build.
@Suite(.timeLimit(.minutes(3)), .tags(.realTime)) struct InstallTests {
    private static let root = BuiltBinary.packageRoot.path

    /// `sh -c command` in the package root; fails the test with its output unless it exits 0.
    private func shell(_ command: String, environment: [String: String] = [:]) async throws -> BuiltBinary.Output {
        let output = try await BuiltBinary.runShell("cd '\(Self.root)' && \(command)", environment: environment)
        #expect(output.status == 0, "\(command)\nstdout: \(output.stdout)\nstderr: \(output.stderr)")
        return output
    }

    /// Every regular file under `directory`, relative to it.
    private func files(under directory: URL) -> [String] {
        let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        var found: [String] = []
        while let url = walker?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                found.append(String(url.path.dropFirst(directory.path.count)))
            }
        }
        return found.sorted()
    }

    @Test func installThenUninstallIntoADestdir() async throws {
        // Given an empty DESTDIR and the built binary
        let destdir = FileManager.default.temporaryDirectory.appendingPathComponent("pf-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destdir) }
        let binary = try BuiltBinary.photofeed.path
        let prefix = destdir.path + "/usr"

        // When it is installed with PREFIX=/usr
        _ = try await shell("make install DESTDIR='\(destdir.path)' PREFIX=/usr BINARY='\(binary)'")

        // Then exactly the files install.sh lists are there: binary, man page, three completions,
        // docs and the photos with their credits
        let listed = try await shell("scripts/install.sh list '\(prefix)'").stdout
            .split(separator: "\n").map { String($0.dropFirst(destdir.path.count)) }.sorted()
        #expect(files(under: destdir) == listed)
        for file in [
            "/usr/bin/photofeed", "/usr/share/man/man1/photofeed.1.gz", "/usr/share/bash-completion/completions/photofeed",
            "/usr/share/zsh/site-functions/_photofeed", "/usr/share/fish/vendor_completions.d/photofeed.fish",
            "/usr/share/doc/photofeed/LICENSE", "/usr/share/doc/photofeed/README.md", "/usr/share/doc/photofeed/PROVENANCE.md",
            "/usr/share/photofeed/photos/PROVENANCE.md", "/usr/share/photofeed/photos/manifest.tsv",
            "/usr/share/photofeed/photos/coffee.jpg", "/usr/share/photofeed/photos/animated/chelsea-pan.gif",
        ] {
            #expect(listed.contains(file), "\(file)")
        }

        // And the installed binary is stripped and prints its version
        let sections = try await shell("readelf -S '\(prefix)/bin/photofeed'").stdout
        #expect(!sections.contains(".symtab"))
        let version = try await shell("'\(prefix)/bin/photofeed' --version").stdout
        #expect(version.hasPrefix("photofeed 0."))
        #expect(version.contains("libjpeg-turbo"))

        // And, run from / (no Assets/photos in reach), it serves the installed photos
        let frame = try await BuiltBinary.runShell(
            "cd / && '\(prefix)/bin/photofeed' snapshot --no-config --width 60 --height 12 --colors none --latency 0 --bandwidth 0 --no-disk-cache")
        #expect(frame.status == 0, "\(frame.stderr)")
        #expect(frame.stdout.contains("#0 · "), "\(frame.stdout)")

        // And its man page reads with man -l, naming the viewer's flags and the subcommands, with no warnings
        let manual = try await shell(
            "MANWIDTH=100 man -l '\(prefix)/share/man/man1/photofeed.1.gz'", environment: ["MANPAGER": "cat", "PAGER": "cat"])
        #expect(manual.stdout.contains("PHOTOFEED(1)"))
        for text in ["--sort", "--no-disk-cache", "--config", "photofeed snapshot", "photofeed serve", "EXIT STATUS"] {
            #expect(manual.stdout.contains(text), "\(text)")
        }
        #expect(manual.stderr.isEmpty, "\(manual.stderr)")

        // And bash completes `photofeed --sor` to --sort, and `photofeed snapshot --wid` to --width
        let completion = "\(prefix)/share/bash-completion/completions/photofeed"
        for (line, expected) in [("photofeed --sor", "--sort"), ("photofeed snapshot --wid", "--width")] {
            let words = line.split(separator: " ").map { "'\($0)'" }.joined(separator: " ")
            let script = """
                shopt -s extglob; source '\(completion)'; COMP_LINE='\(line)'; COMP_WORDS=(\(words)); \
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_POINT=${#COMP_LINE}; \
                _photofeed photofeed "${COMP_WORDS[COMP_CWORD]}"; printf '%s\\n' "${COMPREPLY[@]}"
                """
            let output = try await shell("bash -c \"$SCRIPT\"", environment: ["SCRIPT": script])
            #expect(output.stdout == expected + "\n", "\(line)")
        }

        // And fish completes them too, from its installed vendor completion
        let fishCompletion = "\(prefix)/share/fish/vendor_completions.d/photofeed.fish"
        for (line, expected) in [("photofeed --sor", "--sort"), ("photofeed snapshot --wid", "--width")] {
            let output = try await shell(
                "fish --no-config -c \"source '\(fishCompletion)'; complete -C '\(line)'\"")
            let offered = output.stdout.split(separator: "\n").map { $0.prefix { $0 != "\t" } }
            #expect(offered == [Substring(expected)], "\(line): \(output.stdout)")
        }

        // And zsh, interactive in tmux with compinit over the installed site-functions, completes them on Tab
        let zsh = try TmuxSession(command: "exec zsh -f", columns: 100, rows: 12)
        let functions = "\(prefix)/share/zsh/site-functions"
        _ = try await zsh.waitForScreen(within: .seconds(10)) { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        try zsh.sendLiteral("PROMPT='ready> '; fpath=('\(functions)' $fpath); autoload -U compinit; compinit -u")
        try zsh.send("Enter")
        _ = try await zsh.waitForScreen(within: .seconds(10)) { $0.contains("ready> ") }
        for (line, expected) in [("photofeed --sor", "ready> photofeed --sort"), ("photofeed snapshot --wid", "ready> photofeed snapshot --width")] {
            try zsh.send("C-u")
            try zsh.sendLiteral(line)
            try zsh.send("Tab")
            let screen = try await zsh.waitForScreen(within: .seconds(10)) { $0.contains(expected) }
            let shown = (try? zsh.capture()) ?? ""
            #expect(screen != nil, "zsh: \(line): \(shown)")
        }

        // When it is uninstalled with the same PREFIX and DESTDIR
        _ = try await shell("make uninstall DESTDIR='\(destdir.path)' PREFIX=/usr")

        // Then no file is left, and photofeed's own directories are gone
        #expect(files(under: destdir).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/photofeed"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/doc/photofeed"))
    }
}
