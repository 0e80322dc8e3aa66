import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The config file read by the built binary: `$XDG_CONFIG_HOME/photofeed/config` gives the
/// viewer's and snapshot's defaults, a flag on the command line beats it, `--no-config` and
/// `--config FILE` choose, and a bad line stops the run with its file and line number.
@Suite(.timeLimit(.minutes(2)), .tags(.realTime)) struct ConfigFileCommandTests {
    /// A folder of two photos whose order by name (a-large first) and by size (b-small first) differ.
    private func photos(in root: URL) throws -> URL {
        let folder = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let assets = BuiltBinary.assetsDirectory
        try FileManager.default.copyItem(at: assets.appendingPathComponent("coffee.jpg"), to: folder.appendingPathComponent("a-large.jpg"))
        try FileManager.default.copyItem(at: assets.appendingPathComponent("clock.jpg"), to: folder.appendingPathComponent("b-small.jpg"))
        return folder
    }

    /// A temporary $XDG_CONFIG_HOME with `photofeed/config` holding `text`.
    private func configHome(in root: URL, _ text: String) throws -> URL {
        let home = root.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("photofeed"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: home.appendingPathComponent("photofeed/config"))
        return home
    }

    /// Whether `first` is shown above `second` in a snapshot.
    private func order(_ output: String, _ first: String, before second: String) -> Bool {
        guard let a = output.range(of: first), let b = output.range(of: second) else { return false }
        return a.lowerBound < b.lowerBound
    }

    @Test func aConfigValueTakesEffectAndAFlagOverridesIt() async throws {
        // Given a folder of two photos and a config sorting by size, without colours
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pf-config-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try photos(in: root)
        let home = try configHome(in: root, "# test config\nsort = size\ncolors = none\n\nno-disk-cache\n")
        let environment = ["XDG_CONFIG_HOME": home.path]
        let snapshot = ["snapshot", "--feed", folder.path, "--width", "80", "--height", "20"]

        // When a snapshot is taken with the config alone, with --sort name, and with --no-config
        let configured = try await BuiltBinary.run(snapshot, environment: environment)
        let overridden = try await BuiltBinary.run(snapshot + ["--sort", "name"], environment: environment)
        let ignored = try await BuiltBinary.run(snapshot + ["--no-config", "--colors", "none"], environment: environment)

        // Then the config's order (smallest first) and its `colors = none` hold, the flag's order beats
        // the config's while its other settings stay, and without the config the folder's own (name) order shows
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(order(configured.stdout, "b-small", before: "a-large"), "\(configured.stdout)")
        #expect(!configured.stdout.contains("\u{1B}"))
        #expect(overridden.status == 0, "\(overridden.stderr)")
        #expect(order(overridden.stdout, "a-large", before: "b-small"), "\(overridden.stdout)")
        #expect(!overridden.stdout.contains("\u{1B}"))
        #expect(ignored.status == 0, "\(ignored.stderr)")
        #expect(order(ignored.stdout, "a-large", before: "b-small"), "\(ignored.stdout)")
    }

    @Test func aBadLineStopsTheRunNamingTheFileAndLine() async throws {
        // Given a config whose third line misspells --colors
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pf-config-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = try configHome(in: root, "sort = size\n# colours\ncolour = none\n")
        let other = root.appendingPathComponent("other.conf")
        try Data("no-disk-cache = yes\n".utf8).write(to: other)

        // When the viewer and snapshot start with it, and with another file given by --config
        let viewer = try await BuiltBinary.run(["--sort", "name"], environment: ["XDG_CONFIG_HOME": home.path])
        let snapshot = try await BuiltBinary.run(["snapshot", "--config", other.path], environment: ["XDG_CONFIG_HOME": home.path])
        let missing = try await BuiltBinary.run(["snapshot", "--config", root.appendingPathComponent("none.conf").path])

        // Then each exits 64, as other usage errors, with one line naming the file and line
        #expect(viewer.status == 64)
        #expect(viewer.stderr == "photofeed: \(home.path)/photofeed/config:3: unknown option \"colour\" (did you mean \"colors\"?)\n")
        #expect(snapshot.status == 64)
        #expect(snapshot.stderr == "photofeed: \(other.path):1: \"no-disk-cache\" is a flag and takes no value: write it alone\n")
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("none.conf: no such file"))
        #expect(viewer.stdout.isEmpty && snapshot.stdout.isEmpty)
    }

    @Test func aFeedLineNamingNothingIsBlamedOnItsLineWithExit64() async throws {
        // Given a config whose second line names a folder that does not exist
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pf-config-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try photos(in: root)
        let missing = root.appendingPathComponent("gone").path
        let home = try configHome(in: root, "sort = size\nfeed = \(missing)\n")
        let environment = ["XDG_CONFIG_HOME": home.path]

        // When snapshot starts with it, and with a --feed of its own
        let configured = try await BuiltBinary.run(["snapshot", "--width", "80", "--height", "8"], environment: environment)
        let overridden = try await BuiltBinary.run(
            ["snapshot", "--feed", folder.path, "--width", "80", "--height", "8", "--colors", "none"], environment: environment)

        // Then the file and line are named (not --feed), exit 64; a --feed on the command line wins
        #expect(configured.status == 64)
        #expect(
            configured.stderr
                == "photofeed: \(home.path)/photofeed/config:2: invalid feed: \(missing) is neither an http(s) URL, a folder of photos, nor a file of URLs\n")
        #expect(!configured.stderr.contains("--feed"))
        #expect(overridden.status == 0, "\(overridden.stderr)")
        #expect(order(overridden.stdout, "b-small", before: "a-large"), "\(overridden.stdout)")
    }

    @Test func aCommentAfterAValueIsAllowedAndAHashInAValueStays() async throws {
        // Given a config with comments after a value and after a flag
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pf-config-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try photos(in: root)
        let home = try configHome(in: root, "sort = size   # smallest first\ncolors = none # plain\nno-disk-cache # shared disk\n")

        // When a snapshot is taken
        let output = try await BuiltBinary.run(
            ["snapshot", "--feed", folder.path, "--width", "80", "--height", "20"], environment: ["XDG_CONFIG_HOME": home.path])

        // Then the settings hold (smallest first, no colour)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(order(output.stdout, "b-small", before: "a-large"), "\(output.stdout)")
        #expect(!output.stdout.contains("\u{1B}"))
    }

    @Test func aFIFOOrADeviceIsNotARegularFileAndANULIsSaidAsOne() async throws {
        // Given a config that is a FIFO nobody writes to, and one holding a NUL byte
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pf-config-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let fifo = root.appendingPathComponent("fifo.conf").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let nul = root.appendingPathComponent("nul.conf")
        try Data(Array("sort = na".utf8) + [0] + Array("me\n".utf8)).write(to: nul)

        // When snapshot is given each (and /dev/null) as its --config
        let fromFIFO = try await BuiltBinary.run(["snapshot", "--config", fifo])
        let fromDevice = try await BuiltBinary.run(["snapshot", "--config", "/dev/null"])
        let fromNUL = try await BuiltBinary.run(["snapshot", "--config", nul.path])

        // Then the FIFO is refused at once by its kind, not "permission denied", and never waited on
        #expect(fromFIFO.status == 64)
        #expect(fromFIFO.stderr == "photofeed: \(fifo): is not a regular file (a FIFO): a config file is text (--no-config reads none)\n")
        #expect(fromDevice.status == 64)
        #expect(fromDevice.stderr.contains("/dev/null: is not a regular file (a character device)"), "\(fromDevice.stderr)")
        // And the NUL byte is named, not a valid value shown as the bad one
        #expect(fromNUL.status == 64)
        #expect(fromNUL.stderr == "photofeed: \(nul.path):1: this line holds a NUL byte (a config file is text)\n")
    }
}
