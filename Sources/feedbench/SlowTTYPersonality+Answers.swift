/// The answers: to the start-up probe (XTVERSION, DA2, DA1, the kitty queries, `CSI 14/16/18 t`,
/// DECRQM, XTSMGRAPHICS, XTGETTCAP) and, the same way, to every query of a run (a DA1 or a
/// kitty query written after a picture is answered only once the picture was read).
extension SlowTTYPersonality {
    /// The reply to a control sequence (empty: none).
    func answer(_ sequence: ControlSequence, cursor: (row: Int, column: Int), rows: Int, columns: Int) -> [UInt8] {
        // Colours and cursor moves, most of what a frame holds, ask nothing.
        if sequence.final == UInt8(ascii: "m") || sequence.final == UInt8(ascii: "H") { return [] }
        let parameters = sequence.parameters
        let first = parameters.first.flatMap { $0 } ?? 0
        var reply: String?
        switch (sequence.prefix, sequence.intermediates, sequence.final) {
        case (UInt8(ascii: ">"), [], UInt8(ascii: "q")) where first == 0:
            reply = version.map { "\u{1B}P>|\($0)\u{1B}\\" }
        case (UInt8(ascii: ">"), [], UInt8(ascii: "c")) where first == 0:
            reply = secondary.map { "\u{1B}[>\($0)c" }
        case (nil, [], UInt8(ascii: "c")) where first == 0:
            reply = "\u{1B}[\(primary)c"
        case (nil, [], UInt8(ascii: "t")):
            switch first {
            case 14: reply = "\u{1B}[4;\(rows * Self.cellPixels.height);\(columns * Self.cellPixels.width)t"
            case 16: reply = "\u{1B}[6;\(Self.cellPixels.height);\(Self.cellPixels.width)t"
            case 18: reply = "\u{1B}[8;\(rows);\(columns)t"
            default: break
            }
        case (nil, [], UInt8(ascii: "n")):
            if first == 6 { reply = "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)R" }
            if first == 5 { reply = "\u{1B}[0n" }
        case (UInt8(ascii: "?"), [UInt8(ascii: "$")], UInt8(ascii: "p")):
            let state = first == 2026 ? synchronizedOutput ?? 0 : 0
            reply = "\u{1B}[?\(first);\(state)$y"
        case (UInt8(ascii: "?"), [], UInt8(ascii: "S")):
            if first == 2, let sixelGeometry { reply = "\u{1B}[?\(sixelGeometry)S" }
            if first == 1, sixelGeometry != nil { reply = "\u{1B}[?1;0;256S" }
        default:
            break
        }
        return reply.map { Array($0.utf8) } ?? []
    }

    /// The reply to a string: a kitty query (`a=q`: OK when this terminal draws kitty graphics,
    /// an error for the file and shared-memory media, which a terminal on another machine
    /// cannot read; `q=1` keeps the OK back, `q=2` the error too), XTGETTCAP (`DCS + q`).
    func answer(_ string: TerminalString) -> [UInt8] {
        if let keys = PictureTransmissions.kittyKeys(string), keys["a"] == "q" {
            guard kittyGraphics else { return [] }
            let id = keys["i"] ?? "0"
            let quiet = Int(keys["q"] ?? "0") ?? 0  // 1: no OK; 2: no error either
            let readable = (keys["t"] ?? "d") == "d"
            guard readable ? quiet == 0 : quiet < 2 else { return [] }
            let message = readable ? "OK" : "EBADF:the terminal cannot read this machine's files"
            return Array("\u{1B}_Gi=\(id);\(message)\u{1B}\\".utf8)
        }
        if string.kind == .dcs, string.headText.hasPrefix("+q") {
            let hex = String(string.headText.dropFirst(2))
            let body = capabilities[hex] ?? "0+r\(hex)"
            return Array("\u{1B}P\(body)\u{1B}\\".utf8)
        }
        return []
    }
}
