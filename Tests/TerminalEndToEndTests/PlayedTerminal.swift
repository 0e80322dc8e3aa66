import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal whose far end this test plays: it starts `photofeed` on the near end (as
/// stdin, stdout and stderr), reads everything it writes, and answers its start-up questions
/// the way a terminal would — on time, late, a byte at a time, with garbage or not at all.
///
/// The answer is sent once the probe's first write (the identification, ending with the primary
/// device attributes, `CSI c`) has been read; ``Answer`` says what, when and in what pieces. The
/// probe's second write (the questions the identification made safe) ends with `CSI c` again:
/// once the answer is out, every later `CSI c` read is answered with the answer's own DA1, as a
/// terminal answers each one, so a played terminal that answered on time is complete. Reading the near end's modes
/// after the child is gone shows whether it left the terminal as it found it.
final class PlayedTerminal {
    /// How the terminal answers.
    struct Answer {
        /// The reply bytes.
        var bytes: [UInt8]
        /// How long after the question the first byte is sent.
        var delay: Duration = .zero
        /// Bytes per write (nil: all at once) and the pause between writes.
        var piece: Int?
        var pause: Duration = .milliseconds(20)

        static func text(_ text: String, delay: Duration = .zero, piece: Int? = nil) -> Answer {
            Answer(bytes: Array(text.utf8), delay: delay, piece: piece)
        }

        /// kitty 0.47's answer to photofeed's questions, with a 10×20-pixel cell.
        static let kitty =
            "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.47.1)\u{1B}\\\u{1B}[6;20;10t\u{1B}[4;800;1000t\u{1B}[?2026;2$y"
            + "\u{1B}P1+r524742=382F382F38\u{1B}\\\u{1B}P1+r636F6C6F7273=3136373737323136\u{1B}\\\u{1B}[>1;4000;29c\u{1B}[?62;c"
    }

    let leader: Int32
    let follower: Int32
    let process: Process
    private(set) var output: [UInt8] = []
    /// The answer's own DA1, once the answer is out: each later `CSI c` gets it.
    private var laterFence: [UInt8]?
    private var scannedUpTo = 0
    /// The follower's modes before the child started.
    let modesBefore: termios

    /// Starts `photofeed arguments…` on a new pseudo-terminal of `rows`×`columns` cells.
    init(_ executable: URL, _ arguments: [String], environment: [String: String], rows: Int = 30, columns: Int = 100) throws {
        let leader = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard leader >= 0 else { throw PlayedTerminalError.noTerminal("ptmx: errno \(errno)") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(leader, 0x4004_5431, &unlock) == 0, ioctl(leader, 0x8004_5430, &number) == 0 else {
            close(leader)
            throw PlayedTerminalError.noTerminal("unlock: errno \(errno)")
        }
        let follower = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard follower >= 0 else {
            close(leader)
            throw PlayedTerminalError.noTerminal("pts: errno \(errno)")
        }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(leader, UInt(TIOCSWINSZ), &size)
        var modes = termios()
        tcgetattr(follower, &modes)
        modesBefore = modes
        // Never block on a full buffer: a child that stopped reading must not hang the test.
        _ = fcntl(leader, F_SETFL, fcntl(leader, F_GETFL) | O_NONBLOCK)
        self.leader = leader
        self.follower = follower
        let handle = FileHandle(fileDescriptor: follower, closeOnDealloc: false)
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        close(follower)
        close(leader)
    }

    var text: String { String(decoding: output, as: UTF8.self) }

    /// Reads what the child writes until `predicate` holds or `timeout` passes; whether it held.
    @discardableResult
    func read(within timeout: Duration, until predicate: ([UInt8]) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !predicate(output) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            var descriptor = pollfd(fd: leader, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard poll(&descriptor, 1, min(milliseconds, 50)) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(leader, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[0..<count]
                answerLaterFences()
            } else {
                return predicate(output)
            }
        }
        return true
    }

    /// Answers each `CSI c` read after the answer went out (the probe's second fence), looking
    /// only at what came since the last look (the output of a long run is megabytes).
    private func answerLaterFences() {
        guard laterFence != nil else { return }
        let start = max(0, scannedUpTo - 2)
        let fences = Self.fenceCount(output[start...])
        scannedUpTo = output.count
        for _ in 0..<fences {
            if let laterFence { write(laterFence) }
        }
    }

    private static func fenceCount(_ output: ArraySlice<UInt8>) -> Int {
        output.indices.dropLast(2).count { output[$0] == 0x1B && output[$0 + 1] == 0x5B && output[$0 + 2] == 0x63 }
    }

    /// The last `CSI ? … c` in `bytes`.
    private static func primaryAttributes(in bytes: [UInt8]) -> [UInt8]? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let match = text.matches(of: /\x{1B}\[\?[0-9;]*c/).last else { return nil }
        return Array(text[match.range].utf8)
    }

    /// Reads for `duration` (draining the child's output as a terminal would).
    func drain(for duration: Duration) {
        read(within: duration) { _ in false }
    }

    /// Whether the probe's last question has been written.
    static func askedEverything(_ output: [UInt8]) -> Bool {
        output.count >= 3 && output.indices.dropLast(2).contains { output[$0] == 0x1B && output[$0 + 1] == 0x5B && output[$0 + 2] == 0x63 }
    }

    /// Waits for the probe's questions, then answers as `answer` says (reading meanwhile).
    func answer(_ answer: Answer, within timeout: Duration = .seconds(10)) -> Bool {
        guard read(within: timeout, until: Self.askedEverything) else { return false }
        drain(for: answer.delay)
        let piece = answer.piece ?? max(1, answer.bytes.count)
        let giveUp = ContinuousClock.now + .seconds(10)
        var start = 0
        while start < answer.bytes.count, ContinuousClock.now < giveUp {
            let end = min(answer.bytes.count, start + piece)
            write(Array(answer.bytes[start..<end]), giveUpAfter: ContinuousClock.now.duration(to: giveUp))
            start = end
            if start < answer.bytes.count { drain(for: answer.pause) }
        }
        // Later fences are those after the first (which the answer answered).
        let first = output.indices.dropLast(2).first { output[$0] == 0x1B && output[$0 + 1] == 0x5B && output[$0 + 2] == 0x63 }
        scannedUpTo = (first ?? output.count - 3) + 3
        laterFence = Self.primaryAttributes(in: answer.bytes)
        answerLaterFences()
        return true
    }

    /// Types bytes into the terminal; gives up on what the child no longer reads (it exited,
    /// or read nothing for 5 s), as a terminal's buffer would fill.
    func write(_ bytes: [UInt8], giveUpAfter budget: Duration = .seconds(5)) {
        var offset = 0
        var stalledSince: ContinuousClock.Instant?
        let end = ContinuousClock.now + budget
        while offset < bytes.count, ContinuousClock.now < end {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(leader, $0.baseAddress, $0.count) }
            if written <= 0 {
                guard errno == EINTR || errno == EAGAIN else { return }
                let now = ContinuousClock.now
                if stalledSince == nil { stalledSince = now }
                if !process.isRunning || now - stalledSince! > budget { return }
                drain(for: .milliseconds(5))
                continue
            }
            stalledSince = nil
            offset += written
        }
    }

    /// The child's exit status (or 128 + its signal), reading its output meanwhile; nil if it
    /// still runs after `timeout`.
    func exitStatus(within timeout: Duration) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { drain(for: .milliseconds(20)) }
        guard !process.isRunning else { return nil }
        drain(for: .milliseconds(20))
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// Whether the terminal's line modes (canonical input, echo, signals) are as before the child.
    var modesRestored: Bool {
        var now = termios()
        tcgetattr(follower, &now)
        let watched = tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        return now.c_lflag & watched == modesBefore.c_lflag & watched && now.c_iflag & tcflag_t(IXON | ICRNL)
            == modesBefore.c_iflag & tcflag_t(IXON | ICRNL)
    }

    /// Temporary image files a process left in `/dev/shm` (or the temporary directory).
    static func leftoverFiles(of pid: Int32) -> [String] {
        ["/dev/shm", NSTemporaryDirectory(), "/tmp"].flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                .filter { $0.hasPrefix("photofeed-tty-graphics-protocol-\(pid)-") }
        }
    }
}

enum PlayedTerminalError: Error {
    case noTerminal(String)
}
