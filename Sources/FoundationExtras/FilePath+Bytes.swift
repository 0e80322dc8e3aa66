public import SystemPackage

/// A path is bytes: what `readdir` and `argv` give, kept as they are (a name that is not UTF-8
/// is its own file, never a U+FFFD guess standing for another), and shown on a screen with
/// every byte that is not UTF-8 as a visible escape.
///
/// ```swift
/// let name = FilePath(bytes: [0x65, 0xFF, 0x2E, 0x6A, 0x70, 0x67])   // e, 0xFF, ".jpg"
/// name.bytes          // [0x65, 0xFF, 0x2E, 0x6A, 0x70, 0x67]
/// name.escapedText    // "e\xFF.jpg"
/// ```
extension FilePath {
    /// The path made of exactly `bytes` (no terminating zero; a zero byte would end it).
    public init(bytes: some Sequence<UInt8>) {
        var characters = bytes.map { CChar(bitPattern: $0) }
        if let zero = characters.firstIndex(of: 0) { characters.removeSubrange(zero...) }
        characters.append(0)
        self.init(platformString: characters)
    }

    /// The path's bytes, as the system takes them (no terminating zero).
    public var bytes: [UInt8] {
        withPlatformString { characters in
            var result: [UInt8] = []
            var index = 0
            while characters[index] != 0 {
                result.append(UInt8(bitPattern: characters[index]))
                index += 1
            }
            return result
        }
    }

    /// `self/relative`, joined byte by byte (one copy, whatever the length; `relative` is
    /// taken as relative).
    public func joined(_ relative: FilePath) -> FilePath {
        FilePath(bytes: bytes + [UInt8(ascii: "/")] + relative.bytes)
    }

    /// The path as text that names it alone: UTF-8 as it is, a backslash doubled (`\\`) and
    /// each byte that is not part of valid UTF-8 as `\xFF` (upper-case hex). Two paths never
    /// share it, so it serves as an id, and it is what a screen shows.
    public var escapedText: String { Self.escapedText(bytes) }

    /// `bytes` as ``escapedText`` shows a path's.
    public static func escapedText(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length == 0 {
                let byte = bytes[index]
                output += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                index += 1
            } else {
                if bytes[index] == UInt8(ascii: "\\") { output.append(UInt8(ascii: "\\")) }
                output += bytes[index..<(index + length)]
                index += length
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The length of the well-formed UTF-8 sequence at `index` (1–4), or 0 when the byte there
    /// does not start one (a stray continuation byte, an overlong form, a surrogate, a sequence
    /// cut short, or beyond U+10FFFF).
    static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            let (lower, upper) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= lower, byte <= upper else { return 0 }
        }
        return length
    }
}

extension FilePath.Component {
    /// The name as text that names it alone (``FilePath/escapedText``): `e\xFF.jpg`.
    public var escapedText: String { FilePath(root: nil, components: self).escapedText }
}
