/// One answer from the terminal to a question photofeed asked, recognised by its grammar
/// wherever it arrives: during the start-up probe or, late, in the middle of the keys.
///
/// Text inside a reply (a version, a capability value) is kept only when it is printable ASCII
/// and short: a reply must not smuggle controls or megabytes into the status bar.
///
/// ```swift
/// var parser = TerminalInputParser()
/// parser.feed(Array("\u{1B}P>|kitty(0.47.1)\u{1B}\\".utf8))   // [.reply(.version("kitty(0.47.1)"))]
/// ```
public enum TerminalReply: Hashable, Sendable {
    /// Primary device attributes, `CSI ? Ps ; … c` (4 means sixel); the fence every terminal answers.
    case primaryDeviceAttributes([Int])
    /// Secondary device attributes, `CSI > Ps ; … c`: the terminal's type, version and options.
    case secondaryDeviceAttributes([Int])
    /// The terminal's name and version, `DCS > | text ST` (XTVERSION), e.g. `XTerm(379)`.
    case version(String)
    /// Terminfo capabilities the terminal itself knows, `DCS 1 + r name=value;… ST` (XTGETTCAP),
    /// names and values decoded from hex; a name without a value is a boolean.
    case capabilities([String: String])
    /// `DCS 0 + r … ST`: the terminal does not know a capability asked for.
    case unknownCapability
    /// A kitty graphics reply, `APC G keys ; message ST`: the image id asked about and the
    /// message (`OK`, or an error such as `ENOENT:…`).
    case kittyGraphics(id: Int?, message: String)
    /// A window report, `CSI kind ; a ; b t`: 4 the text area in pixels (height, width), 6 one
    /// cell in pixels (height, width), 8 the text area in cells (rows, columns).
    case windowReport(kind: Int, first: Int, second: Int)
    /// A mode report, `CSI ? mode ; state $ y` (DECRPM): 1 set, 2 reset, 0 unknown, 3/4 permanent.
    case modeReport(mode: Int, state: Int)
    /// XTSMGRAPHICS: a graphics attribute (`item` 1 colour registers, 2 sixel geometry), its
    /// status (0: success) and values (for the geometry: width, height in pixels).
    case graphicsAttribute(item: Int, status: Int, values: [Int])
    /// Any other string sequence (DCS, APC, OSC, PM, SOS) or reply-shaped CSI: swallowed whole
    /// so none of it becomes a key; `introducer` is its second byte (`P`, `_`, `]`, …).
    case other(introducer: UInt8)

    /// Whether this is the fence that ends the start-up questions.
    public var isFence: Bool {
        if case .primaryDeviceAttributes = self { return true }
        return false
    }

    /// The longest text kept from a reply (a version, a capability value).
    public static let maximumTextLength = 128

    /// `bytes` as text when every byte is printable ASCII and there are at most
    /// ``maximumTextLength`` of them; nil otherwise.
    static func printable(_ bytes: some Collection<UInt8>) -> String? {
        guard bytes.count <= maximumTextLength, bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ASCII from hex pairs (XTGETTCAP's encoding); nil for anything else or for controls.
    static func hexDecoded(_ hex: Substring) -> String? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0, digits.count <= 2 * maximumTextLength else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            let byte = high << 4 | low
            guard (0x20..<0x7F).contains(byte) else { return nil }
            bytes.append(byte)
            index += 2
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
