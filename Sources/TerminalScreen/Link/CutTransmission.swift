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
    /// The whole transmission.
    let bytes: [UInt8]
    /// Where each piece ends.
    let ends: [Int]
    /// How many bytes went.
    private(set) var sent = 0

    /// A transmission of `bytes` for `imageID`, drawn for `key`.
    init(imageID: UInt32, key: String, graphics: any GraphicsProtocol, bytes: [UInt8]) {
        self.imageID = imageID
        self.key = key
        self.graphics = graphics
        self.bytes = bytes
        self.ends = Self.pieceEnds(of: bytes)
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
