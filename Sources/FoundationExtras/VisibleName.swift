/// A name from the file system as text safe to print: valid UTF-8 as it is, every control
/// character, bidirectional override and byte that is not UTF-8 as a visible `\xNN` escape.
///
/// ```swift
/// VisibleName.of(Array("e\u{FF}.jpg".utf8))   // "e\u{FF}.jpg" (ÿ is printable)
/// VisibleName.of([0x65, 0xFF, 0x1B])         // "e\\xFF\\x1B"
/// ```
public enum VisibleName {
    public static func of(_ bytes: [UInt8]) -> String {
        var shown = ""
        var index = 0
        while index < bytes.count {
            let length = scalarLength(bytes, at: index)
            if length > 0, let scalar = String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars.first,
                isPrintable(scalar)
            {
                shown.unicodeScalars.append(scalar)
                index += length
            } else {
                let count = max(length, 1)
                for byte in bytes[index..<index + count] {
                    shown += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
                index += count
            }
        }
        return shown
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or 0.
    private static func scalarLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        let sequence = Array(bytes[index..<index + length])
        // Decoding with repair marks any ill-formed sequence (overlong, surrogate, bad continuation).
        let decoded = String(decoding: sequence, as: UTF8.self)
        guard decoded.unicodeScalars.count == 1, decoded.unicodeScalars.first != "\u{FFFD}" else { return 0 }
        return length
    }

    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: false  // C0, DEL, C1
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: false  // bidirectional marks and overrides
        default: true
        }
    }
}
