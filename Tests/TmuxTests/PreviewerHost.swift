import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A file manager or finder from Debian (fzf, lf, ranger, vifm, nnn) started in a private tmux
/// server with photofeed as its previewer, configured with the files in `docs/previewers/` as
/// they are, on a folder of three photos: `clock.jpg` (light grey), `retina.jpg` (red) and
/// `rocket.jpg`, listed in that order.
///
/// `photofeed` on the host's `PATH` is a two-line wrapper that writes its arguments to a log and
/// execs the built binary: the test reads from it the box the host asked for (`--width`,
/// `--height`, or `--place`), nothing else changes.
final class PreviewerHost {
    /// How one host is started and driven, and where its preview pane is.
    struct Host: CustomTestStringConvertible, Sendable {
        /// The Debian package, which is also the command.
        var name: String
        /// Files from `docs/previewers/`, with where each goes under the scratch home (`bin/` is on PATH).
        var files: [(source: String, destination: String)]
        /// Run by `sh -c` in the photos' folder, with the scratch home's variables exported.
        var command: String
        /// The tmux pane (`-t`) whose screen has the preview.
        var previewPane = "0"
        /// Where the host puts the preview in that pane: its top-left cell (the size is the one
        /// the host asked photofeed for).
        var previewOrigin: (left: Int, top: Int)
        /// Keys from the first screen to the cursor on `clock.jpg`.
        var toFirstPhoto: [String] = []
        /// Keys moving the cursor to the next and to the previous file.
        var down = "j"
        var up = "k"
        /// Keys that quit, and the status the host then exits with (fzf: 130, nothing chosen).
        var quit: [String] = ["q"]
        var quitStatus = 0
        /// Whether the host runs tmux itself (nnn's plugin splits the window). The others run
        /// without `TMUX`: inside tmux photofeed asks the outer terminal through passthrough,
        /// and a test's tmux has no client attached to answer (a person's has), so every
        /// question would wait out its deadline; without `TMUX` tmux answers as a terminal
        /// that draws no pixels.
        var usesTmux = false

        var testDescription: String { name }
    }

    let host: Host
    let tmux: TmuxSession
    let root: URL
    /// The photofeed wrapper's log: one line of arguments a call.
    private let calls: URL
    /// The tmux server's process. TmuxSession's `kill-server` ends it (tmux is spawned with no
    /// signal blocked); ``deinit`` also kills it, and what still runs in its panes, so a host
    /// that ignores SIGHUP cannot outlive the test.
    private var serverProcess: pid_t?

    static let columns = 100
    static let rows = 30

    init(_ host: Host) throws {
        self.host = host
        root = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-previewer-\(host.name)-" + UUID().uuidString)
        calls = root.appendingPathComponent("photofeed-calls.log")
        let fileManager = FileManager.default
        let photos = root.appendingPathComponent("photos")
        let home = root.appendingPathComponent("home")
        let bin = home.appendingPathComponent("bin")
        for directory in [photos, bin, home.appendingPathComponent(".config"), root.appendingPathComponent("cache")] {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        for name in ["clock.jpg", "retina.jpg", "rocket.jpg"] {
            try fileManager.copyItem(
                at: BuiltBinary.assetsDirectory.appendingPathComponent(name), to: photos.appendingPathComponent(name))
        }
        let previewers = BuiltBinary.packageRoot.appendingPathComponent("docs/previewers")
        for (source, destination) in host.files {
            let target = home.appendingPathComponent(destination)
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fileManager.copyItem(at: previewers.appendingPathComponent(source), to: target)
        }
        let wrapper = bin.appendingPathComponent("photofeed")
        try """
            #!/bin/sh
            printf '%s\\n' "$*" >> \(Self.quoted(calls.path))
            exec \(Self.quoted(try BuiltBinary.photofeed.path)) "$@"

            """.write(to: wrapper, atomically: true, encoding: .utf8)
        try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)

        let exports = [
            "HOME=\(Self.quoted(home.path))", "XDG_CONFIG_HOME=\(Self.quoted(home.appendingPathComponent(".config").path))",
            "XDG_CACHE_HOME=\(Self.quoted(root.appendingPathComponent("cache").path))",
            "PATH=\(Self.quoted(bin.path)):/usr/local/bin:/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8", "SHELL=/bin/sh",
        ]
        let command = "cd \(Self.quoted(photos.path)) && unset COLORTERM NO_COLOR LC_ALL LC_CTYPE TERM_PROGRAM"
            + (host.usesTmux ? "; " : " TMUX TMUX_PANE; ")
            + "export \(exports.joined(separator: " ")); \(host.command); echo HOST-EXITED $?; sleep 30"
        // The `sleep` keeps the pane alive with what the host left: a pane left to die lost its
        // last line (HOST-EXITED) in tmux 3.3 once the server saw its children end (TmuxSession
        // spawns it with SIGCHLD at its default). kill-server ends the sleep with the pane.
        tmux = try TmuxSession(command: command, columns: Self.columns, rows: Self.rows)
        serverProcess = pid_t(try runTmux(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    deinit {
        // Each pane is a session of its own: its process group is the pane's process and every
        // child (the host, photofeed).
        let panes = ((try? runTmux(["list-panes", "-a", "-F", "#{pane_pid}"])) ?? "").split(separator: "\n").compactMap { pid_t($0) }
        for pane in panes where pane > 1 { kill(-pane, SIGKILL) }
        if let serverProcess, serverProcess > 1 { kill(serverProcess, SIGKILL) }
        try? FileManager.default.removeItem(at: root)
    }

    /// The boxes the host asked photofeed to draw `file` in, the latest first, those on the
    /// screen only: `--place COLSxROWS@LEFTxTOP`, or `--width`/`--height` at the host's preview
    /// origin. (ranger 1.9.3 also runs its preview script at other widths, 11 and the
    /// terminal's, and shows the one for its preview column.)
    func requestedBoxes(for file: String) -> [PreviewScreen.Box] {
        let text = (try? String(contentsOf: calls, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").reversed().compactMap { line -> PreviewScreen.Box? in
            let words = line.split(separator: " ").map(String.init)
            guard let last = words.last, last == file || last.hasSuffix("/" + file) else { return nil }
            func value(_ flag: String) -> String? {
                words.firstIndex(of: flag).flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }
            }
            let box: PreviewScreen.Box
            if let place = value("--place") {
                let numbers = place.split(whereSeparator: { $0 == "x" || $0 == "@" }).compactMap { Int($0) }
                guard numbers.count == 4 else { return nil }
                box = .init(left: numbers[2], top: numbers[3], columns: numbers[0], rows: numbers[1])
            } else {
                guard let columns = value("--width").flatMap(Int.init), let rows = value("--height").flatMap(Int.init) else { return nil }
                box = .init(left: host.previewOrigin.left, top: host.previewOrigin.top, columns: columns, rows: rows)
            }
            return box.left + box.columns <= Self.columns && box.top + box.rows <= Self.rows ? box : nil
        }
    }

    /// A pane's screen with its colours.
    func screen(pane: String? = nil) throws -> PreviewScreen {
        PreviewScreen(capture: try runTmux(["capture-pane", "-p", "-e", "-t", pane ?? host.previewPane]))
    }

    /// A pane's text.
    func text(pane: String = "0") throws -> String {
        try runTmux(["capture-pane", "-p", "-t", pane])
    }

    /// The panes of the window, by index.
    func paneCount() throws -> Int {
        try runTmux(["list-panes", "-F", "#{pane_index}"]).split(separator: "\n").count
    }

    func send(_ keys: [String], pane: String = "0") throws {
        guard !keys.isEmpty else { return }
        try runTmux(["send-keys", "-t", pane] + keys)
    }

    /// photofeed processes still running on this host's photos (their command lines name the scratch folder).
    func photofeedProcesses() -> [String] {
        let binary = (try? BuiltBinary.photofeed.resolvingSymlinksInPath().path) ?? ""
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard Int(entry) != nil,
                let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/exe"),
                executable == binary,
                let arguments = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return nil }
            let line = String(decoding: arguments, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
            return line.contains(root.path) ? "\(entry): \(line)" : nil
        }
    }

    /// `tmux -L <the session's socket> arguments…`, its output.
    @discardableResult
    private func runTmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["-u", "TMUX", "tmux", "-L", tmux.socket] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
