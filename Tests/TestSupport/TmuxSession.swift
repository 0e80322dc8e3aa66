import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private tmux server with one window running a command: keys in, screen text out.
///
/// Every session has its own socket (`tmux -L photofeed-test-<uuid>`), so tests never touch
/// the user's tmux, and is killed when the test ends.
public final class TmuxSession: Sendable {
    /// The private server's socket name (`tmux -L`).
    public let socket = "photofeed-test-" + UUID().uuidString.prefix(8).lowercased()

    /// Starts `command` (run by `sh -c`) in a detached window of `columns` × `rows`.
    public init(command: String, columns: Int, rows: Int) throws {
        // The server daemon would inherit an output pipe and keep it open: start it with no output.
        try tmux(["new-session", "-d", "-x", String(columns), "-y", String(rows), "sh", "-c", command], capture: false)
        // Keep the pane after the command exits, so a test can read what it left behind.
        try tmux(["set-option", "-g", "remain-on-exit", "on"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Sends keys (tmux key names: "j", "PageDown", "Escape", "q").
    public func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "0"] + keys)
    }

    /// Types `text` as is (`send-keys -l`): raw sequences such as an SGR mouse report.
    public func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-t", "0", "-l", text])
    }

    /// The visible pane as text (with `-e`, with escape sequences for colours).
    public func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "0"] + (escapes ? ["-e"] : []))
    }

    /// The text of tmux's most recent paste buffer (empty when there is none).
    public func pasteBuffer() throws -> String {
        (try? tmux(["show-buffer"])) ?? ""
    }

    /// A tmux format value of the pane, e.g. `#{alternate_on}`.
    public func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A pane option's value as it applies (`show-options -p -v -A`: its own or inherited), e.g.
    /// `allow-passthrough`.
    public func paneOption(_ name: String) throws -> String {
        try tmux(["show-options", "-p", "-v", "-A", "-t", "0", name]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Resizes the window.
    public func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", String(columns), "-y", String(rows)])
    }

    /// Polls `check` on the pane text until it holds or `timeout` passes; returns the last text when it held.
    public func waitForScreen(within timeout: Duration, _ check: (String) -> Bool) async throws -> String? {
        try await poll(within: timeout) {
            let text = try capture()
            return check(text) ? text : nil
        }
    }

    /// Runs `tmux -L socket arguments…` with `TMUX` unset, stdin from /dev/null, stdout to a file
    /// and stderr to /dev/null: a tmux client that starts the server daemon must not leave a pipe
    /// (or an unreaped child) behind. tmux is spawned itself (found on `PATH`), not through
    /// `sh -c 'env -u TMUX tmux …'`: a screen is polled every 50 ms, and the two extra programs
    /// nearly doubled what each look cost (5 ms of CPU against 2.8).
    @discardableResult
    private func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }
        var cArguments = (["tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in cArguments { free(pointer) }
            for pointer in cEnvironment { free(pointer) }
        }
        // The server tmux starts inherits this thread's signal mask and ignored signals; a test
        // runner's threads may block SIGCHLD and SIGHUP, and then kill-server answered but the
        // server (and its panes) stayed alive. It starts with none blocked and each as default.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, &cArguments, &cEnvironment)
        guard spawned == 0 else { throw TmuxError(description: "cannot run tmux: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard capture else { return "" }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }
}

/// A helper's failure to set up what a real-time test needs (tmux, a socket), in words.
public struct TmuxError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}
