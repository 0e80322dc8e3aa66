import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension SlowTTYScenario {
    /// photofeed's arguments: the embedded feed, animations still (an animation on screen
    /// writes frames for as long as it shows: the link would never be quiet), the semantics
    /// audit live (its count in the status bar: rule 9, no pixels for a row off screen).
    static let arguments = ["--animate", "off", "--audit"]
    /// The longest wait for the first screen.
    static let firstScreenTimeout = Duration.seconds(120)
    /// The longest wait, after the last key, for its frame and a quiet link.
    static let settleCap = Duration.seconds(60)

    /// One run: photofeed on a pty behind a terminal of `personality` reading `rate` bytes a
    /// second. The child is ended and the temporary directory removed on every path.
    func measure(_ personality: SlowTTYPersonality, rate: Int, photofeed: String, assets: String) throws -> SlowTTYRun {
        let fileManager = FileManager.default
        let scratch = fileManager.temporaryDirectory.appendingPathComponent("feedbench-slow-tty-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? fileManager.removeItem(at: scratch) }
        let home = scratch.appendingPathComponent("home")
        let work = scratch.appendingPathComponent("work")
        for directory in [home, work.appendingPathComponent("Assets")] {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        // The embedded feed serves ./Assets/photos: the library asked for, by a link.
        try fileManager.createSymbolicLink(atPath: work.appendingPathComponent("Assets/photos").path, withDestinationPath: assets)
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home.path,
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path, "TERM": "xterm-256color", "COLORTERM": "truecolor",
            "LANG": "C.UTF-8", "TMPDIR": scratch.path,
        ]
        environment.merge(personality.environment) { $1 }

        let cell = SlowTTYPersonality.cellPixels
        let child = try PtyChild(photofeed, Self.arguments, environment: environment, directory: work.path, columns: columns, rows: rows, cellPixels: cell)
        defer { child.stop(grace: .milliseconds(500)) }
        let terminal = SlowTerminal(child: child, personality: personality, rate: rate, columns: columns, rows: rows, cellPixels: cell)
        if let prefix = ProcessInfo.processInfo.environment["FEEDBENCH_SLOW_TTY_DUMP"] {
            let path = dumpPath(personality, rate, prefix: prefix) + ".bytes"
            _ = fileManager.createFile(atPath: path, contents: nil)
            terminal.dump = FileHandle(forWritingAtPath: path)
        }
        defer { try? terminal.dump?.close() }
        let label = "the \(personality.name) terminal at \(SlowTTYRun.rateLabel(rate))"
        func failure(_ what: String) -> SlowTTYError {
            let ended = child.exitStatus().map { " (photofeed ended with status \($0))" } ?? ""
            let shown = (0..<rows).map { terminal.screen.line($0).trimmingCharacters(in: .whitespaces) }.last { !$0.isEmpty } ?? ""
            return SlowTTYError(description: "slow-tty: \(what) on \(label)\(ended); its screen's last line reads \"\(shown)\"")
        }

        // The first screen: row 1 shown, and the link quiet for a second.
        let launched = ContinuousClock.now
        let firstScreen = terminal.pump(
            until: Self.quietSecond(terminal) { terminal.shownRow?.row == 1 }, deadline: launched + Self.firstScreenTimeout)
        guard firstScreen else {
            throw failure(
                terminal.hungUp
                    ? "photofeed ended before its first screen"
                    : "photofeed showed no quiet first screen (`row 1/`) within \(Self.firstScreenTimeout)")
        }
        let firstScreenTime = ContinuousClock.now - launched

        // The keys, at their times; the terminal reads on meanwhile.
        let keysStart = ContinuousClock.now
        let deliveredAtFirstKey = terminal.delivered
        var keyTimes: [ContinuousClock.Instant] = []
        for key in 0..<keys {
            let due = keysStart + keyInterval * key
            _ = terminal.pump(until: { $0 >= due }, deadline: due)
            guard !terminal.hungUp else { throw failure("photofeed ended during the keys") }
            terminal.type("j")
            terminal.rowCeiling = key + 2
            keyTimes.append(ContinuousClock.now)
        }
        let lastKey = keyTimes.last ?? keysStart

        // After the keys: the last key's frame, then a quiet second.
        let lastRow = keys + 1
        let settled = terminal.pump(
            until: Self.quietSecond(terminal) { (terminal.shownRow?.row ?? 0) >= lastRow }, deadline: lastKey + Self.settleCap)
        guard !terminal.hungUp || settled else { throw failure("photofeed ended before the keys' frames") }
        let end = ContinuousClock.now
        terminal.finish(at: end)
        if let dump = terminal.dump {
            // The bytes end here, and beside them the screen they show (the quiet frame after the keys).
            try? dump.close()
            terminal.dump = nil
            let lines = (0..<rows).map { terminal.screen.line($0) }.joined(separator: "\n") + "\n"
            try? Data(lines.utf8).write(to: URL(fileURLWithPath: dumpPath(personality, rate) + ".screen"))
        }
        let measures = measures(of: terminal, keyTimes: keyTimes, deliveredAtFirstKey: deliveredAtFirstKey, settled: settled)

        // Quit, reading at any rate so the backlog does not hold the viewer up.
        terminal.type("q")
        terminal.unlimited = true
        _ = terminal.pump(until: { _ in child.exitStatus() != nil }, deadline: ContinuousClock.now + .seconds(10))

        try verify(terminal.pictures, personality: personality, failure: failure)
        var run = measures
        run.firstScreen = firstScreenTime
        return run
    }

    /// A condition for ``SlowTerminal/pump(until:deadline:)``: `ready` has held, and the link has
    /// been quiet (``SlowTerminal/isQuiet(at:threshold:)``), for a second.
    private static func quietSecond(
        _ terminal: SlowTerminal, _ ready: @escaping () -> Bool
    ) -> (ContinuousClock.Instant) -> Bool {
        var since: ContinuousClock.Instant?
        return { now in
            guard ready(), terminal.isQuiet(at: now) else {
                since = nil
                return false
            }
            let start = since ?? now
            since = start
            return now - start >= .seconds(1)
        }
    }

    /// `FEEDBENCH_SLOW_TTY_DUMP`'s file for a run, without its extension.
    private func dumpPath(_ personality: SlowTTYPersonality, _ rate: Int, prefix: String? = nil) -> String {
        "\(prefix ?? ProcessInfo.processInfo.environment["FEEDBENCH_SLOW_TTY_DUMP"] ?? "slow-tty")-\(personality.name)-\(rate / 1000)k"
    }

    /// The run's figures from what the terminal recorded.
    private func measures(
        of terminal: SlowTerminal, keyTimes: [ContinuousClock.Instant], deliveredAtFirstKey: Int, settled: Bool
    ) -> SlowTTYRun {
        let changes = terminal.rowChanges
        var frames: [Duration?] = []
        var lastFrameDelivered: Int?
        for (index, written) in keyTimes.enumerated() {
            // The first frame read after the key at its row or past it.
            let frame = changes.first { $0.at >= written && $0.row >= index + 2 }
            frames.append(frame.map { $0.at - written })
            if index == keyTimes.count - 1 { lastFrameDelivered = frame.map { $0.delivered - deliveredAtFirstKey } }
        }
        let firstKey = keyTimes.first ?? .now
        let lastKey = keyTimes.last ?? .now
        let events = terminal.pictures.events.filter { $0.at >= firstKey }
        let pictures = terminal.pictures
        let protocolSeen =
            pictures.seen.map { $0 == .kitty ? (pictures.kittyPlaceholders ? "kitty placeholders" : "kitty") : $0.rawValue }
            .sorted().joined(separator: " + ")
        return SlowTTYRun(
            personality: terminal.personality.name, protocolSeen: protocolSeen.isEmpty ? "none" : protocolSeen, rate: terminal.rate,
            firstScreen: .zero, keyFrames: frames, bytesToLastFrame: lastFrameDelivered,
            bytesToQuiet: terminal.delivered - deliveredAtFirstKey, transmitted: events.filter(\.completed).count,
            aborted: events.filter { !$0.completed }.count,
            transmittedAfterLastKey: events.filter { $0.completed && !$0.lighter && $0.at > lastKey }.count,
            lighter: events.filter { $0.completed && $0.lighter }.count,
            onScreen: terminal.screen.picturesShown + pictures.kittyPlacements.count, settled: settled,
            auditViolations: Self.auditViolations(in: terminal.statusLine))
    }

    /// The audit's count in a status line: 0 for `audit ok`, N for `audit N ✗`, nil when the
    /// segment is not shown.
    static func auditViolations(in line: String) -> Int? {
        if line.contains("audit ok") { return 0 }
        guard let range = line.range(of: "audit ") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }

    /// The protocol the personality's answers were to lead to is the one the bytes carried, inline.
    private func verify(
        _ pictures: PictureTransmissions, personality: SlowTTYPersonality, failure: (String) -> SlowTTYError
    ) throws {
        let others = pictures.seen.subtracting([personality.expected]).map(\.rawValue).sorted()
        guard pictures.seen.contains(personality.expected) else {
            throw failure(
                "no \(personality.expected.rawValue) picture was written (\(others.isEmpty ? "no pictures at all" : "only " + others.joined(separator: ", "))): "
                    + "photofeed chose another way to draw")
        }
        guard others.isEmpty else { throw failure("pictures went as \(others.joined(separator: ", ")) besides \(personality.expected.rawValue)") }
        guard pictures.kittyMedia.isEmpty else {
            throw failure("kitty pictures went by medium t=\(pictures.kittyMedia.sorted().joined(separator: ",")), not inline as over ssh")
        }
    }
}
