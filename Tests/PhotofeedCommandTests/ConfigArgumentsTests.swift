import Foundation
import Testing

@testable import photofeed

@Suite("The config file put into the command line")
struct ConfigArgumentsTests {
    /// A fresh folder standing for $XDG_CONFIG_HOME, with `photofeed/config` holding `text` (none when nil).
    private func configHome(_ text: String?) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("pf-config-\(UUID().uuidString)")
        let folder = home.appendingPathComponent("photofeed")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let text { try Data(text.utf8).write(to: folder.appendingPathComponent("config")) }
        return home
    }

    @Test("where the file is: $XDG_CONFIG_HOME when absolute, else ~/.config; ~ in messages")
    func location() {
        #expect(ConfigArguments.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/home/a"]) == "/x/photofeed/config")
        #expect(ConfigArguments.defaultPath(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/a"])
            == "/home/a/.config/photofeed/config")
        #expect(ConfigArguments.defaultPath(environment: ["HOME": "/home/a"]) == "/home/a/.config/photofeed/config")
        #expect(ConfigArguments.display("/home/a/.config/photofeed/config", environment: ["HOME": "/home/a"])
            == "~/.config/photofeed/config")
        #expect(ConfigArguments.display("/home/ab/config", environment: ["HOME": "/home/a"]) == "/home/ab/config")
    }

    @Test("the viewer and snapshot take the file; serve, show, prefetch, version and the root's options do not")
    func whichCommands() {
        #expect(ConfigArguments.insertionIndex(in: []) == 0)
        #expect(ConfigArguments.insertionIndex(in: ["--sort", "name"]) == 0)
        #expect(ConfigArguments.insertionIndex(in: ["view", "--sort", "name"]) == 1)
        #expect(ConfigArguments.insertionIndex(in: ["snapshot"]) == 1)
        for arguments in [["serve"], ["show", "a.jpg"], ["prefetch"], ["version"], ["help"], ["--version"],
                          ["--generate-completion-script", "bash"], ["--experimental-dump-help"]] {
            #expect(ConfigArguments.insertionIndex(in: arguments) == nil, "\(arguments)")
        }
    }

    @Test("the file's settings go before the command line's, after the subcommand's name")
    func insertion() throws {
        // Given a config with an option and a flag
        let home = try configHome("# mine\nsort = taken\nno-disk-cache\n")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_CONFIG_HOME": home.path]
        // When it is applied to the root, to `snapshot` and to `serve`
        let root = try ConfigArguments.apply(to: ["--sort", "name"], environment: environment)
        let snapshot = try ConfigArguments.apply(to: ["snapshot", "--width", "80"], environment: environment)
        let serve = try ConfigArguments.apply(to: ["serve", "--port", "0"], environment: environment)
        // Then the viewer's and snapshot's lists begin with the file's, and serve's is untouched
        #expect(root == ["--sort=taken", "--no-disk-cache", "--sort", "name"])
        #expect(snapshot == ["snapshot", "--sort=taken", "--no-disk-cache", "--width", "80"])
        #expect(serve == ["serve", "--port", "0"])
    }

    @Test("cache and prefetch take the file's cache-dir alone, before their own flags; help and the background writer none")
    func cacheDirForCacheAndPrefetch() throws {
        // Given a config with a cache-dir among the viewer's settings
        let home = try configHome("sort = taken\ncache-dir = ~/big/cache\nsymbols = quad\n")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_CONFIG_HOME": home.path]
        // When it is applied to each cache command, to prefetch, and to what takes none
        let bare = try ConfigArguments.apply(to: ["cache"], environment: environment)
        let clear = try ConfigArguments.apply(to: ["cache", "clear", "--keep-thumbnails"], environment: environment)
        let flagged = try ConfigArguments.apply(to: ["cache", "info", "--cache-dir", "/x"], environment: environment)
        let prefetch = try ConfigArguments.apply(to: ["prefetch", "--count", "3"], environment: environment)
        let help = try ConfigArguments.apply(to: ["cache", "clear", "--help"], environment: environment)
        let writer = try ConfigArguments.apply(to: ["cache", "write-thumbnails", "1x1:file:///a"], environment: environment)
        // Then each gets the cache-dir only, before its own flags, so a flag still wins
        #expect(bare == ["cache", "info", "--cache-dir=~/big/cache"])
        #expect(clear == ["cache", "clear", "--cache-dir=~/big/cache", "--keep-thumbnails"])
        #expect(flagged == ["cache", "info", "--cache-dir=~/big/cache", "--cache-dir", "/x"])
        #expect(prefetch == ["prefetch", "--cache-dir=~/big/cache", "--count", "3"])
        #expect(help == ["cache", "clear", "--help"])
        #expect(writer == ["cache", "write-thumbnails", "1x1:file:///a"])
    }

    @Test("--no-config reads none, --config reads another, a missing default file is no config")
    func choosingTheFile() throws {
        // Given a default config and another file
        let home = try configHome("sort = taken\n")
        defer { try? FileManager.default.removeItem(at: home) }
        let other = home.appendingPathComponent("other.conf")
        try Data("colors = 256\n".utf8).write(to: other)
        let environment = ["XDG_CONFIG_HOME": home.path]
        // When each is asked for
        let none = try ConfigArguments.apply(to: ["--no-config"], environment: environment)
        let explicit = try ConfigArguments.apply(to: ["--config", other.path], environment: environment)
        let equals = try ConfigArguments.apply(to: ["view", "--config=\(other.path)"], environment: environment)
        let missing = try ConfigArguments.apply(to: ["--sort", "size"], environment: ["XDG_CONFIG_HOME": "/nonexistent-pf"])
        // Then only the chosen file's settings are put in
        #expect(none == ["--no-config"])
        #expect(explicit == ["--colors=256", "--config", other.path])
        #expect(equals == ["view", "--colors=256", "--config=\(other.path)"])
        #expect(missing == ["--sort", "size"])
    }

    @Test("a --config file that is missing, and a bad line, are errors naming the file")
    func errors() throws {
        // Given a config whose third line misspells an option
        let home = try configHome("sort = taken\n\ncolour = none\n")
        defer { try? FileManager.default.removeItem(at: home) }
        // When it is applied, and a missing --config file too
        // Then each error names the file (and the line)
        #expect(throws: ConfigFileError(
            path: home.path + "/photofeed/config", line: 3, message: "unknown option \"colour\" (did you mean \"colors\"?)")
        ) {
            try ConfigArguments.apply(to: [], environment: ["XDG_CONFIG_HOME": home.path])
        }
        #expect(throws: ConfigFileError(path: "/nonexistent-pf.conf", line: nil, message: "no such file")) {
            try ConfigArguments.apply(to: ["--config", "/nonexistent-pf.conf"], environment: [:])
        }
    }

    @Test("a line that is not UTF-8 is named by its number; a folder given as the file says why in words")
    func notUTF8() throws {
        // Given a config whose second line holds the byte 0xFF (Latin-1 "ÿ")
        let home = try configHome(nil)
        defer { try? FileManager.default.removeItem(at: home) }
        let file = home.appendingPathComponent("photofeed/config")
        try Data("sort = taken\nfeed = /photos/caf".utf8 + [0xFF] + Data("\ncolors = 256\n".utf8)).write(to: file)
        // When it is applied
        // Then the error names the file and line 2
        #expect(throws: ConfigFileError(path: file.path, line: 2, message: "this line is not UTF-8 text")) {
            try ConfigArguments.apply(to: [], environment: ["XDG_CONFIG_HOME": home.path])
        }
        // And a folder named as the file is an error in the system's words, not a type's
        let folder = #expect(throws: ConfigFileError.self) {
            try ConfigArguments.apply(to: ["--config", home.path], environment: [:])
        }
        #expect(
            folder?.message == "is not a regular file (a folder): a config file is text (--no-config reads none)",
            "\(String(describing: folder))")
    }
}
