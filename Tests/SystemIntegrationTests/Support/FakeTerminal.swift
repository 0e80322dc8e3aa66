import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// How one terminal family answers the start-up questions (as recorded in the real terminals
/// of issue 38), and the environment it gives the programs it runs.
struct TerminalAnswers: Sendable {
    var environment: [String: String]
    /// XTVERSION's text (`XTerm(379)`); nil: no answer.
    var version: String?
    /// DA2's parameters (`41;379;0`); nil: no answer.
    var secondary: String?
    /// DA1's parameters (`?64;1;2` without the `c`): every terminal answers it (nil: a
    /// terminal that answers nothing at all).
    var primary: String?
    /// Whether the kitty graphics query is answered OK.
    var kitty = false
    /// The `CSI 16 t` answer's parameters (`6;20;10`).
    var cell: String?
    /// The `CSI 14 t` answer's parameters (`4;600;960`).
    var textArea: String?
    /// The DECRQM 2026 state (`2`: known, reset).
    var synchronizedOutput: Int?
    /// The XTSMGRAPHICS answer's parameters (`2;0;1000;1000`).
    var sixelGeometry: String?
    /// XTGETTCAP answers by hex name: the whole reply body after `DCS` (`1+r524742=382F382F38`).
    var capabilities: [String: String] = [:]
}

/// A terminal on a real pseudo-terminal: a thread reads what the program writes on the leader
/// side, splits it into escape sequences, records each question by name, and answers as
/// ``TerminalAnswers`` say, at once. With `holdingSecondWrite`, what comes after the first
/// DA1 is answered only on ``release()``: a terminal whose later answers are late, made
/// deterministic (no clock decides which side of a deadline they fall).
final class FakeTerminal: Sendable {
    /// The program's side.
    let follower: Int32
    private let stopWriter: Int32
    private let responder: Responder

    init?(_ answers: TerminalAnswers, rows: Int = 24, columns: Int = 80, holdingSecondWrite: Bool = false) {
        let leader = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard leader >= 0 else { return nil }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK, TIOCGPTN: posix_openpt/ptsname are not exported by the Glibc module.
        guard ioctl(leader, 0x4004_5431, &unlock) == 0, ioctl(leader, 0x8004_5430, &number) == 0 else {
            close(leader)
            return nil
        }
        let follower = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        var pipeEnds: [Int32] = [0, 0]
        guard follower >= 0, pipe(&pipeEnds) == 0 else {
            close(leader)
            return nil
        }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(leader, UInt(TIOCSWINSZ), &size)
        self.follower = follower
        self.stopWriter = pipeEnds[1]
        let responder = Responder(leader: leader, holding: holdingSecondWrite)
        self.responder = responder
        let stopReader = pipeEnds[0]
        Thread {
            responder.respond(answers, stopReader: stopReader)
            close(stopReader)
            responder.finished.signal()
        }.start()
    }

    deinit {
        var byte: UInt8 = 1
        _ = write(stopWriter, &byte, 1)
        responder.finished.wait()
        close(stopWriter)
        close(follower)
        close(responder.leader)
    }

    /// The questions received so far, by name, in order (`XTVERSION`, `DA2`, `DA1`, `kitty`, …).
    var questions: [String] { responder.state.withLock { $0.questions } }

    /// Sends the answers held back since the first fence, and answers at once from now on.
    func release() {
        let leader = responder.leader
        responder.state.withLock { state in
            state.holding = false
            Responder.writeAll(state.held, to: leader)
            state.held = []
        }
    }
}

/// The fake terminal's reading thread and what it shares with the test.
private final class Responder: Sendable {
    let leader: Int32
    let state: Mutex<State>
    let finished = DispatchSemaphore(value: 0)

    struct State {
        var questions: [String] = []
        var holding: Bool
        var fencesAnswered = 0
        var held: [UInt8] = []
    }

    init(leader: Int32, holding: Bool) {
        self.leader = leader
        self.state = Mutex(State(holding: holding))
    }

    func respond(_ answers: TerminalAnswers, stopReader: Int32) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptors = [pollfd(fd: leader, events: Int16(POLLIN), revents: 0), pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 2, -1) > 0 else { continue }
            if descriptors[1].revents != 0 { return }
            let count = read(leader, &buffer, buffer.count)
            guard count > 0 else { return }
            pending += buffer[0..<count]
            while let (sequence, length) = Self.firstSequence(in: pending) {
                pending.removeFirst(length)
                guard let sequence else { continue }
                let (name, reply) = Self.answer(sequence, answers)
                state.withLock { state in
                    state.questions.append(name)
                    if state.holding, state.fencesAnswered > 0 {
                        state.held += reply
                    } else {
                        Self.writeAll(reply, to: leader)
                    }
                    if name == "DA1" { state.fencesAnswered += 1 }
                }
            }
        }
    }

    /// The first escape sequence in `bytes` (nil for a byte that starts none) and its length,
    /// or nil when the sequence is not complete yet.
    private static func firstSequence(in bytes: [UInt8]) -> ([UInt8]?, Int)? {
        guard let first = bytes.first else { return nil }
        guard first == 0x1B else { return (nil, 1) }
        guard bytes.count >= 2 else { return nil }
        switch bytes[1] {
        case UInt8(ascii: "["):
            guard let end = bytes.indices.dropFirst(2).first(where: { (0x40...0x7E).contains(bytes[$0]) }) else { return nil }
            return (Array(bytes[...end]), end + 1)
        case UInt8(ascii: "_"), UInt8(ascii: "P"):
            guard let end = bytes.indices.dropFirst(2).first(where: { bytes[$0] == 0x5C && bytes[$0 - 1] == 0x1B }) else { return nil }
            return (Array(bytes[...end]), end + 1)
        default:
            return (Array(bytes[..<2]), 2)
        }
    }

    /// A question's name and the family's answer to it.
    private static func answer(_ sequence: [UInt8], _ answers: TerminalAnswers) -> (String, [UInt8]) {
        let text = String(decoding: sequence, as: UTF8.self)
        func bytes(_ reply: String?) -> [UInt8] { reply.map { Array($0.utf8) } ?? [] }
        switch text {
        case "\u{1B}[>0q": return ("XTVERSION", bytes(answers.version.map { "\u{1B}P>|\($0)\u{1B}\\" }))
        case "\u{1B}[>c": return ("DA2", bytes(answers.secondary.map { "\u{1B}[>\($0)c" }))
        case "\u{1B}[c": return ("DA1", bytes(answers.primary.map { "\u{1B}[\($0)c" }))
        case "\u{1B}[16t": return ("cell size", bytes(answers.cell.map { "\u{1B}[\($0)t" }))
        case "\u{1B}[14t": return ("text area", bytes(answers.textArea.map { "\u{1B}[\($0)t" }))
        case "\u{1B}[?2026$p": return ("DECRQM 2026", bytes(answers.synchronizedOutput.map { "\u{1B}[?2026;\($0)$y" }))
        case "\u{1B}[?2;1;0S": return ("XTSMGRAPHICS", bytes(answers.sixelGeometry.map { "\u{1B}[?\($0)S" }))
        default: break
        }
        if text.hasPrefix("\u{1B}_G") {
            let id = text.dropFirst(3).split(separator: ",").first { $0.hasPrefix("i=") }.map { String($0.dropFirst(2)) } ?? "?"
            let name = text.contains("t=t") ? "kitty file" : "kitty"
            return (name, bytes(answers.kitty && name == "kitty" ? "\u{1B}_Gi=\(id);OK\u{1B}\\" : nil))
        }
        if text.hasPrefix("\u{1B}P+q") {
            let hex = String(text.dropFirst(4).dropLast(2))
            let name = String(decoding: stride(from: 0, to: hex.count - 1, by: 2).compactMap {
                UInt8(hex.dropFirst($0).prefix(2), radix: 16)
            }, as: UTF8.self)
            return ("XTGETTCAP \(name)", bytes(answers.capabilities[hex].map { "\u{1B}P\($0)\u{1B}\\" }))
        }
        return ("unknown \(text.debugDescription)", [])
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }
}
