import Foundation

/// The pictures a terminal received, counted from the strings it read: each transmission
/// finished (kitty: the chunk with `m=0` arrived; sixel: the DCS string's ST; iTerm2: the OSC
/// `1337;File=` string's end) or aborted (kitty: its id deleted with `a=d` before its last
/// chunk, or a new transmission began first; any protocol: never finished when the run ended),
/// with when it arrived. Pictures drawn over text are marked on the ``VirtualScreen`` where
/// they land, so the last frame's pictures can be counted.
struct PictureTransmissions {
    /// One transmission's end.
    struct Event {
        var at: ContinuousClock.Instant
        var kind: SlowTTYPersonality.PictureProtocol
        /// False: aborted.
        var completed: Bool
        /// A kitty picture sent with fewer pixels than its cells show (at most half their width):
        /// a lighter version standing in until the whole comes.
        var lighter = false
    }

    /// Kitty's keys of a transmission still waiting for chunks.
    private struct OpenTransmission {
        var id: String?
        /// Its `q` key: a kitty answers a finished transmission named by `i` unless `q` is 1 or 2.
        var quiet: String?
        /// Whether it is a lighter version (``Event/lighter``).
        var lighter = false
    }

    private(set) var events: [Event] = []
    /// Every protocol seen (a transmission begun).
    private(set) var seen: Set<SlowTTYPersonality.PictureProtocol> = []
    /// Kitty transmission media other than inline (`t=f`, `t=t`, `t=s`) seen in transmissions.
    private(set) var kittyMedia: Set<String> = []
    /// Whether kitty transmissions asked for Unicode placeholders (`U=1`).
    private(set) var kittyPlaceholders = false
    /// Kitty placements made directly (`a=p`, `a=T` without `U=1`) and not deleted, as `id/p`.
    private(set) var kittyPlacements: Set<String> = []
    private var open: OpenTransmission?
    private var serial: Int32 = 0
    /// One cell's size in pixels (a sixel's raster size to cells).
    let cellPixels: (width: Int, height: Int)

    init(cellPixels: (width: Int, height: Int)) {
        self.cellPixels = cellPixels
    }

    /// Kitty's control keys (`a=T,i=3,m=1` → `["a": "T", "i": "3", "m": "1"]`) of an APC `G` string.
    static func kittyKeys(_ string: TerminalString) -> [String: String]? {
        guard string.kind == .apc, string.head.first == UInt8(ascii: "G") else { return nil }
        let control = string.head.dropFirst().prefix { $0 != UInt8(ascii: ";") }
        var keys: [String: String] = [:]
        for pair in control.split(separator: UInt8(ascii: ",")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1)
            guard parts.count == 2 else { continue }
            keys[String(decoding: parts[0], as: UTF8.self)] = String(decoding: parts[1], as: UTF8.self)
        }
        return keys
    }

    /// Takes one string the terminal read at `at`; returns what a kitty answers to it (a
    /// finished transmission's `OK`, unless its `q` says not to).
    mutating func observe(_ string: TerminalString, at: ContinuousClock.Instant, screen: inout VirtualScreen) -> [UInt8] {
        if let keys = Self.kittyKeys(string) {
            guard let finished = kitty(keys, at: at, head: string.head), let id = finished.id, (finished.quiet ?? "0") == "0" else { return [] }
            return Array("\u{1B}_Gi=\(id);OK\u{1B}\\".utf8)
        } else if string.kind == .dcs, let raster = Self.sixelIntroducer(string.head) {
            seen.insert(.sixel)
            events.append(Event(at: at, kind: .sixel, completed: true))
            serial += 1
            screen.placePicture(
                serial, columns: (raster.width + cellPixels.width - 1) / cellPixels.width,
                rows: (raster.height + cellPixels.height - 1) / cellPixels.height)
        } else if string.kind == .osc, string.headText.hasPrefix("1337;File=") {
            seen.insert(.iterm)
            events.append(Event(at: at, kind: .iterm, completed: true))
            let arguments = string.headText.dropFirst(10).prefix { $0 != ":" }.split(separator: ";")
            func cells(_ key: String) -> Int {
                arguments.first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) } ?? 1
            }
            serial += 1
            screen.placePicture(serial, columns: cells("width"), rows: cells("height"))
        }
        return []
    }

    /// The run ended: a kitty transmission still open and a picture string cut short are aborted.
    mutating func finish(at: ContinuousClock.Instant, unfinished: TerminalString?) {
        var aborted = open != nil
        open = nil
        if let unfinished {
            if unfinished.kind == .dcs, Self.sixelIntroducer(unfinished.head) != nil {
                events.append(Event(at: at, kind: .sixel, completed: false))
            } else if unfinished.kind == .osc, unfinished.headText.hasPrefix("1337;File=") {
                events.append(Event(at: at, kind: .iterm, completed: false))
            } else if let keys = Self.kittyKeys(unfinished), ["t", "T"].contains(keys["a"] ?? "t"), !Self.isChunk(keys) {
                aborted = true  // a transmission's first chunk, cut
            }
        }
        if aborted { events.append(Event(at: at, kind: .kitty, completed: false)) }
    }

    /// Keys of a transmission's later chunk: `m` (and `q`) only.
    private static func isChunk(_ keys: [String: String]) -> Bool {
        !keys.isEmpty && keys.keys.allSatisfy { $0 == "m" || $0 == "q" }
    }

    /// Returns the transmission this string finished, if any.
    private mutating func kitty(_ keys: [String: String], at: ContinuousClock.Instant, head: [UInt8]) -> OpenTransmission? {
        if Self.isChunk(keys) {
            guard var finished = open, keys["m"] != "1" else { return nil }
            events.append(Event(at: at, kind: .kitty, completed: true, lighter: finished.lighter))
            open = nil
            finished.quiet = keys["q"] ?? finished.quiet
            return finished
        }
        switch keys["a"] ?? "t" {
        case "t", "T":
            if open != nil { events.append(Event(at: at, kind: .kitty, completed: false)) }  // superseded
            seen.insert(.kitty)
            let medium = keys["t"] ?? "d"
            if medium != "d" { kittyMedia.insert(medium) }
            if keys["U"] == "1" { kittyPlaceholders = true }
            let id = keys["i"] ?? keys["I"]
            if keys["a"] == "T", keys["U"] != "1" { kittyPlacements.insert("\(id ?? "?")/\(keys["p"] ?? "0")") }
            let transmission = OpenTransmission(id: keys["i"], quiet: keys["q"], lighter: isLighter(keys, head: head))
            if keys["m"] == "1" {
                open = transmission
            } else {
                open = nil
                events.append(Event(at: at, kind: .kitty, completed: true, lighter: transmission.lighter))
                return transmission
            }
        case "p":
            kittyPlacements.insert("\(keys["i"] ?? "?")/\(keys["p"] ?? "0")")
        case "d":
            let what = keys["d"] ?? "a"
            let id = keys["i"]
            if let current = open, ["a", "A"].contains(what) || (["i", "I"].contains(what) && id == current.id) {
                events.append(Event(at: at, kind: .kitty, completed: false))
                open = nil
            }
            if ["a", "A"].contains(what) {
                kittyPlacements = []
            } else if ["i", "I"].contains(what), let id {
                kittyPlacements = kittyPlacements.filter { placement in
                    guard placement.hasPrefix(id + "/") else { return true }
                    return keys["p"].map { placement != id + "/" + $0 } ?? false
                }
            }
        default:
            break
        }
        return nil
    }

    /// Whether a kitty transmission's pixels are at most half as wide as its cells show (`c`
    /// columns of ``cellPixels``): its width from `s`, or from the PNG header in its payload.
    private func isLighter(_ keys: [String: String], head: [UInt8]) -> Bool {
        guard let columns = keys["c"].flatMap(Int.init), columns > 0 else { return false }
        var width = keys["s"].flatMap(Int.init)
        if width == nil, keys["f"] == "100", let semicolon = head.firstIndex(of: UInt8(ascii: ";")) {
            // IHDR's width: bytes 16–19 of the PNG, the first 32 base64 characters.
            let encoded = String(decoding: head[(semicolon + 1)...].prefix(32), as: UTF8.self)
            if let png = Data(base64Encoded: encoded), png.count >= 20 {
                width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
            }
        }
        guard let width else { return false }
        return width * 2 <= columns * cellPixels.width
    }

    /// A sixel DCS's raster size (`0;1;0q"1;1;W;H`): nil for any other DCS (XTGETTCAP's `+q…`).
    static func sixelIntroducer(_ head: [UInt8]) -> (width: Int, height: Int)? {
        guard let q = head.firstIndex(of: UInt8(ascii: "q")),
            head[..<q].allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ";") })
        else { return nil }
        let rest = head[(q + 1)...]
        guard rest.first == UInt8(ascii: "\"") else { return (0, 0) }
        let numbers = rest.dropFirst().prefix { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ";") }
            .split(separator: UInt8(ascii: ";")).map { Int(String(decoding: $0, as: UTF8.self)) ?? 0 }
        return numbers.count >= 4 ? (numbers[2], numbers[3]) : (0, 0)
    }
}
