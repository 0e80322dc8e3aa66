import TerminalGraphics

/// A kitty transmission sent a piece at a time, as the link's window allows: its escapes
/// (chunks of at most ``KittyGraphics/chunkSize`` base64 bytes, each wrapped for tmux when inside
/// it) are the pieces, and nothing else graphical may be written until the last one has gone —
/// the protocol's rule. A transmission whose picture left the screen is given up by deleting
/// its image, which the protocol says aborts a partial upload.
///
/// ```swift
/// var cut = CutTransmission(imageID: 7, key: "photo 3", graphics: .kittyPlaceholders, bytes: transmission)
/// let piece = cut.next(within: &allowance)   // the chunks that fit
/// cut.isDone                                  // the last chunk went
/// ```
struct CutTransmission: Sendable {
    /// The image the terminal will hold.
    let imageID: UInt32
    /// The placement the picture was drawn for (for the write log).
    let key: String
    /// Its protocol (to release the image, which aborts the upload).
    let graphics: any GraphicsProtocol
    /// Whether it is a picture's lighter version (given up once the screen rests: the whole goes).
    let isLighter: Bool
    /// The whole transmission.
    let bytes: [UInt8]
    /// Where each piece ends.
    let ends: [Int]
    /// How many bytes went.
    private(set) var sent = 0

    /// A transmission of `bytes` for `imageID`, drawn for `key`.
    init(imageID: UInt32, key: String, graphics: any GraphicsProtocol, bytes: [UInt8], isLighter: Bool = false) {
        self.imageID = imageID
        self.key = key
        self.graphics = graphics
        self.isLighter = isLighter
        self.bytes = Self.rechunked(bytes) ?? bytes
        self.ends = Self.pieceEnds(of: self.bytes)
    }

    /// The most base64 bytes in one piece of a cut transmission: a slow link carries it in a
    /// few milliseconds, so a key's frame never waits long behind one.
    static let pieceSize = 1024

    /// `bytes` (a kitty transmission, not wrapped for tmux) in escapes of ``pieceSize`` base64
    /// bytes: the chunks' payloads joined (each the base64 of a multiple of three bytes, so the
    /// join is the payload's) and cut again. Nil when `bytes` is not such a transmission.
    static func rechunked(_ bytes: [UInt8]) -> [UInt8]? {
        let introducer: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
        guard bytes.starts(with: introducer) else { return nil }
        var control: ArraySlice<UInt8>?
        var payload: [UInt8] = []
        payload.reserveCapacity(bytes.count)
        var start = 0
        for end in pieceEnds(of: bytes) {
            let escape = bytes[start..<end]
            start = end
            guard escape.starts(with: introducer), escape.count >= 5, let semicolon = escape.firstIndex(of: UInt8(ascii: ";")) else {
                return nil
            }
            if control == nil { control = escape[(escape.startIndex + 3)..<semicolon] }
            payload += escape[(semicolon + 1)..<(escape.endIndex - 2)]
        }
        // The first escape's keys without its `m`.
        guard let control else { return nil }
        let keys = control.split(separator: UInt8(ascii: ",")).filter { !$0.starts(with: Array("m=".utf8)) }
        let first = Array(keys.joined(separator: [UInt8(ascii: ",")]))
        var output: [UInt8] = []
        output.reserveCapacity(payload.count + payload.count / pieceSize * 12 + first.count + 16)
        var offset = 0
        repeat {
            let end = min(payload.count, offset + pieceSize)
            output += introducer
            if offset == 0, !first.isEmpty { output += first + [UInt8(ascii: ",")] }
            output += Array("m=\(end < payload.count ? 1 : 0);".utf8)
            output += payload[offset..<end]
            output += [0x1B, UInt8(ascii: "\\")]
            offset = end
        } while offset < payload.count
        return output
    }

    /// Whether every piece went.
    var isDone: Bool { sent >= bytes.count }

    /// Whether anything went.
    var hasStarted: Bool { sent > 0 }

    /// The next pieces that `allowance` admits (none when the first does not fit).
    mutating func next(within allowance: inout PictureAllowance) -> ArraySlice<UInt8> {
        let start = sent
        for end in ends where end > sent {
            guard allowance.admits(end - sent, cuttable: true) else { break }
            sent = end
        }
        return bytes[start..<sent]
    }

    /// Where each string-terminated escape of `bytes` ends: after an `ESC \` that is followed by
    /// the start of the next escape (`ESC _` or `ESC P`), and at the end. A doubled ESC inside a
    /// tmux passthrough (`ESC ESC \`) is followed by the wrapper's own `ESC \`, so it never splits.
    static func pieceEnds(of bytes: [UInt8]) -> [Int] {
        var ends: [Int] = []
        var index = 2
        while index + 1 < bytes.count {
            if bytes[index] == 0x1B, bytes[index - 2] == 0x1B, bytes[index - 1] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "_") || bytes[index + 1] == UInt8(ascii: "P")
            {
                ends.append(index)
            }
            index += 1
        }
        ends.append(bytes.count)
        return ends
    }
}
