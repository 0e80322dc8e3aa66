public import ImageCodecs

/// What a terminal said about itself when asked at start-up, parsed from its reply bytes.
///
/// Pure and incremental: feed the bytes as they arrive (in any pieces); the primary device
/// attributes reply (`CSI ? … c`), asked for last, is the fence that says every earlier
/// question has been answered or will never be. Bytes that are not a reply (keys typed while
/// the terminal was being asked) are counted and dropped, never passed on as input.
///
/// ```swift
/// var replies = TerminalReplies()
/// replies.feed(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4c".utf8))
/// replies.kittyGraphics   // true
/// replies.sixel           // true
/// replies.isComplete      // true
/// ```
public struct TerminalReplies: Hashable, Sendable {
    /// The kitty graphics query was answered OK.
    public private(set) var kittyGraphics = false
    /// The kitty query that reads its pixel from a temporary file (`t=t`) was answered OK: the
    /// terminal sees this machine's files.
    public private(set) var kittyFileTransmission = false
    /// The terminal's name and version (XTVERSION), e.g. `kitty(0.26.5)`, `XTerm(379)`.
    public private(set) var version: String?
    /// One cell's size in pixels (`CSI 16 t`, or `CSI 14 t` divided by the size in cells).
    public private(set) var cellPixels: PixelSize?
    /// The primary device attributes (`CSI ? Ps ; … c`); 4 means sixel.
    public private(set) var deviceAttributes: [Int]?
    /// Whether the terminal reported synchronized output (mode 2026) as known.
    public private(set) var synchronizedOutput = false
    /// Bytes that were not part of any reply.
    public private(set) var strayBytes = 0
    /// Terminfo capabilities the terminal itself reported (XTGETTCAP, `DCS 1 + r name=value ST`),
    /// by name, values decoded from hex: e.g. `RGB` → `8/8/8`, `colors` → `256`.
    public private(set) var capabilities: [String: String] = [:]

    private var pending: [UInt8] = []
    private var textAreaPixels: PixelSize?
    private var sizeInCells: TerminalSize?

    /// Nothing heard yet.
    public init() {}

    /// Whether the fence (device attributes) arrived: nothing more is coming.
    public var isComplete: Bool { deviceAttributes != nil }

    /// Whether the terminal draws sixel graphics (device attribute 4).
    public var sixel: Bool { deviceAttributes?.contains(4) ?? false }

    /// Parses more reply bytes.
    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        pending.append(contentsOf: bytes)
        while let consumed = parseOne() {
            pending.removeFirst(consumed)
        }
    }

    /// Uses the terminal's size in cells to turn a `CSI 14 t` text-area reply into a cell size.
    public mutating func setSizeInCells(_ size: TerminalSize) {
        sizeInCells = size
        deriveCellPixels()
    }

    // MARK: Parsing

    /// Parses one reply (or one stray byte) at the start of `pending`; returns the bytes used,
    /// or nil when more bytes are needed.
    private mutating func parseOne() -> Int? {
        guard let first = pending.first else { return nil }
        guard first == 0x1B else {
            strayBytes += 1
            return 1
        }
        guard pending.count >= 2 else { return nil }
        switch pending[1] {
        case UInt8(ascii: "_"), UInt8(ascii: "P"):
            // APC (kitty) or DCS (XTVERSION): up to the string terminator ESC \.
            guard let end = stringTerminator(from: 2) else { return pending.count > 4096 ? pending.count : nil }
            let body = String(decoding: pending[2..<end], as: UTF8.self)
            if pending[1] == UInt8(ascii: "_") {
                if body.hasPrefix("G"), body.hasSuffix(";OK") {
                    let keys = body.dropFirst().prefix { $0 != ";" }.split(separator: ",")
                    if keys.contains("i=\(TerminalQuery.fileQueryID)") {
                        kittyFileTransmission = true
                    } else {
                        kittyGraphics = true
                    }
                }
            } else if body.hasPrefix(">|") {
                version = String(body.dropFirst(2))
            } else if body.hasPrefix("1+r") {
                recordCapabilities(body.dropFirst(3))
            }
            return end + 2
        case UInt8(ascii: "["):
            guard let final = (2..<pending.count).first(where: { (0x40...0x7E).contains(pending[$0]) }) else {
                return pending.count > 64 ? pending.count : nil
            }
            let parameters = String(decoding: pending[2..<final], as: UTF8.self)
            handleCSI(parameters, final: pending[final])
            return final + 1
        default:
            strayBytes += 2
            return 2
        }
    }

    private func stringTerminator(from start: Int) -> Int? {
        var index = start
        while index + 1 < pending.count {
            if pending[index] == 0x1B, pending[index + 1] == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return nil
    }

    private mutating func handleCSI(_ parameters: String, final: UInt8) {
        switch final {
        case UInt8(ascii: "c") where parameters.hasPrefix("?"):
            deviceAttributes = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
        case UInt8(ascii: "y") where parameters.hasPrefix("?2026;"):
            // DECRPM: 1 set, 2 reset (both: known); 0 not recognised, 4 permanently reset.
            let state = Int(parameters.dropFirst(6).prefix { $0.isNumber }) ?? 0
            synchronizedOutput = state == 1 || state == 2
        case UInt8(ascii: "t"):
            let values = parameters.split(separator: ";").compactMap { Int($0) }
            guard values.count == 3, values[1] > 0, values[2] > 0 else { return }
            if values[0] == 6 {
                cellPixels = PixelSize(width: values[2], height: values[1])
            } else if values[0] == 4 {
                textAreaPixels = PixelSize(width: values[2], height: values[1])
                deriveCellPixels()
            }
        default:
            strayBytes += parameters.utf8.count + 3
        }
    }

    /// `name=value` pairs (hex both, `;`-separated) of an XTGETTCAP answer; a name without a
    /// value is a boolean capability.
    private mutating func recordCapabilities(_ text: Substring) {
        for pair in text.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.hexDecoded(parts[0]), !name.isEmpty else { continue }
            let value = parts.count > 1 ? Self.hexDecoded(parts[1]) : ""
            if let value { capabilities[name] = value }
        }
    }

    /// ASCII from hex pairs; nil for anything else (or controls, which a reply must not smuggle in).
    static func hexDecoded(_ hex: Substring) -> String? {
        guard hex.utf8.count % 2 == 0, hex.utf8.count <= 128 else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16), (0x20..<0x7F).contains(byte) else { return nil }
            bytes.append(byte)
            index = next
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the terminal's own capabilities say it draws 24-bit colour: `RGB` answered, or
    /// `colors` of 2²⁴ or more.
    public var reportsDirectColor: Bool {
        if capabilities["RGB"] != nil { return true }
        if let colors = capabilities["colors"].flatMap({ Int($0) }), colors >= 1 << 24 { return true }
        return false
    }

    private mutating func deriveCellPixels() {
        guard cellPixels == nil, let area = textAreaPixels, let cells = sizeInCells, cells.rows > 0, cells.columns > 0
        else { return }
        cellPixels = PixelSize(width: area.width / cells.columns, height: area.height / cells.rows)
    }
}
