import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One run of the release viewer on a cull folder, as a photographer goes through a shoot: the
/// viewer on a pty of its own (``PtyChild``) behind a fast local terminal (``CullTerminal``),
/// until its first screen shows pictures; Enter opens the first photo; then at a culler's pace
/// a decision (`1`–`5` stars) and `j`, each key timed until the screen shows it: the stars on
/// the photo's line, the next photo's picture. The sidecars the decisions went to are counted
/// after the viewer has stopped, and removed.
struct CullViewerRun {
    /// Launch → the first frame with a picture in it.
    var firstScreen: Duration?
    /// Per key: until the frame that names the next photo and shows its picture (nil: refused or never).
    var keyToPicture: [Duration?] = []
    /// Per decision key: until the photo's line shows its stars (nil: not before the `j`).
    var keyToDecision: [Duration?] = []
    /// Sidecars in the folder after the viewer stopped, of `decisions` made.
    var sidecarsWritten = 0
    var decisions = 0
    /// Keys whose photo the viewer refused (an error in place of the picture), and keys whose
    /// frame never came before the next key.
    var refused = 0
    var missed = 0
    /// The viewer's peak resident memory (VmHWM) at the end, KiB.
    var peakKiB: Int?
    /// The viewer's CPU time (user and system, all its threads) while the keys were typed,
    /// and the steps (a decision and a j) it covers: what a step costs whatever else runs.
    var keysCPU: Duration?
    var steps = 0
    /// The viewer's own words for what it refused (the first seen).
    var refusal: String?
    /// What the stand-in terminal read while the keys were typed, and the time it took showing it.
    var terminalBytes = 0
    var terminalTime = Duration.zero

    /// The least block-art cells that make a picture (a 160×50 screen's detail view has thousands).
    static let pictureCells = 40

    /// Runs `photofeed` on `folder` (photos `names`, in name order) and types `keys` × `j`,
    /// `interval` apart, at `columns`×`rows` cells.
    static func measure(
        photofeed: String, folder: String, names: [String], keys: Int, interval: Duration, columns: Int, rows: Int
    ) throws -> CullViewerRun {
        let fileManager = FileManager.default
        let scratch = fileManager.temporaryDirectory.appendingPathComponent("feedbench-cull-home-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? fileManager.removeItem(at: scratch) }
        let home = scratch.appendingPathComponent("home")
        try fileManager.createDirectory(at: home, withIntermediateDirectories: true)
        let personality = SlowTTYPersonality.kitty
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home.path,
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path, "TERM": "xterm-256color", "COLORTERM": "truecolor",
            "LANG": "C.UTF-8", "TMPDIR": scratch.path,
        ]
        environment.merge(personality.environment) { $1 }
        let arguments = ["--feed", folder, "--graphics", "blocks", "--sort", "name", "--no-config"]
        let child = try PtyChild(
            photofeed, arguments, environment: environment, directory: scratch.path, columns: columns, rows: rows,
            cellPixels: SlowTTYPersonality.cellPixels)
        defer { child.stop(grace: .milliseconds(500)) }
        let terminal = CullTerminal(child: child, personality: personality, columns: columns, rows: rows)
        var run = CullViewerRun()

        // The first screen: a frame with pictures.
        let launched = ContinuousClock.now
        guard let first = terminal.pump(until: { $0.art.count >= pictureCells }, deadline: launched + .seconds(60)) else {
            throw CullError(description: "cull: the viewer showed no picture within 60 s on \(folder)" + Self.lastLine(terminal))
        }
        run.firstScreen = launched.duration(to: first)

        // The first photo opened, its picture shown, and the screen quiet a moment.
        terminal.type("\r")
        let opened = terminal.pump(
            until: { Self.shows(names[0], in: $0) && ($0.art.count >= pictureCells || Self.refusal(in: $0) != nil) },
            deadline: .now + .seconds(30))
        guard opened != nil else { throw CullError(description: "cull: Enter did not open \(names[0])" + Self.lastLine(terminal)) }
        _ = terminal.pump(until: { _ in false }, deadline: .now + .milliseconds(500))

        // The keys, `interval` apart: a decision, timed until the photo's line shows it, then
        // `j`, timed until the next photo's picture.
        let start = ContinuousClock.now
        let cpuBefore = Self.cpuTime(of: child.pid)
        let (bytesBefore, showingBefore) = (terminal.bytesRead, terminal.showing)
        for key in 0..<min(keys, names.count - 1) {
            let due = start + interval * key
            _ = terminal.pump(until: { _ in false }, deadline: due)
            let stars = 1 + key % 5
            let badge = String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
            let decided = ContinuousClock.now
            terminal.type(String(stars))
            run.decisions += 1
            let marked = terminal.pump(until: { $0.line(1).contains(badge) }, deadline: due + interval / 5)
            run.keyToDecision.append(marked.map { decided.duration(to: $0) })
            let before = terminal.screen.art.hash
            let expected = names[key + 1]
            let typed = ContinuousClock.now
            terminal.type("j")
            var refusal: String?
            let shown = terminal.pump(
                until: { screen in
                    guard Self.shows(expected, in: screen) else { return false }
                    if let words = Self.refusal(in: screen) {
                        refusal = words
                        return true
                    }
                    let art = screen.art
                    return art.count >= pictureCells && art.hash != before
                }, deadline: start + interval * (key + 1))
            if let refusal {
                run.refused += 1
                run.refusal = run.refusal ?? refusal
                run.keyToPicture.append(nil)
            } else if let shown {
                run.keyToPicture.append(typed.duration(to: shown))
            } else {
                run.missed += 1
                run.keyToPicture.append(nil)
            }
        }
        run.terminalBytes = terminal.bytesRead - bytesBefore
        run.terminalTime = terminal.showing - showingBefore
        run.peakKiB = Self.peakKiB(of: child.pid)
        run.steps = min(keys, names.count - 1)
        if let before = cpuBefore, let after = Self.cpuTime(of: child.pid) { run.keysCPU = after - before }
        terminal.type("q")
        terminal.type("q")
        // The viewer writes what is unsaved as it stops: its sidecars are all there once it has ended.
        _ = terminal.pump(until: { _ in false }, deadline: .now + .seconds(10))
        let sidecars = ((try? fileManager.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".xmp") }
        run.sidecarsWritten = sidecars.count
        for name in sidecars { try? fileManager.removeItem(atPath: folder + "/" + name) }
        return run
    }

    /// Whether the detail view's title line names `name`.
    static func shows(_ name: String, in screen: VirtualScreen) -> Bool {
        screen.line(0).contains(name)
    }

    /// The error the detail view shows in place of a picture (`✗ too large (bytes) · r to retry`).
    static func refusal(in screen: VirtualScreen) -> String? {
        (1..<screen.rows).lazy.map { screen.line($0).trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("✗") }
    }

    /// A process's CPU time so far, user and system, from /proc/PID/stat (utime and stime, in
    /// clock ticks).
    static func cpuTime(of pid: pid_t) -> Duration? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // The fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        let ticks = max(1, sysconf(Int32(_SC_CLK_TCK)))
        return .milliseconds((user + system) * 1000 / ticks)
    }

    /// A process's VmHWM from /proc, KiB.
    static func peakKiB(of pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first { Int($0) != nil } ?? "")
        }
        return nil
    }

    private static func lastLine(_ terminal: CullTerminal) -> String {
        let screen = terminal.screen
        let shown = (0..<screen.rows).map { screen.line($0).trimmingCharacters(in: .whitespaces) }.last { !$0.isEmpty } ?? ""
        return "; its screen's last line reads \"\(shown)\""
    }

    /// The nearest-rank percentile `p` of the keys that reached a picture (nil: none did), or
    /// of `times`.
    func percentile(_ p: Double, of times: [Duration?]? = nil) -> Duration? {
        let sorted = (times ?? keyToPicture).compactMap { $0 }.sorted()
        guard !sorted.isEmpty else { return nil }
        return sorted[max(0, min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1))]
    }
}

/// A cull run that could not be measured.
struct CullError: Error, CustomStringConvertible {
    var description: String
}
