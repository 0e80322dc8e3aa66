/// Standard base64 (RFC 4648, padded), written straight into a byte array: the graphics
/// protocols carry their payloads this way, and a picture's payload is a few hundred
/// kilobytes that a `String` on the way would copy twice more.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Appends `input` in base64 to `output`.
    static func append(_ input: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let count = input.count
        guard count > 0 else { return }
        let encodedCount = (count + 2) / 3 * 4
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: encodedCount))
        alphabet.withUnsafeBufferPointer { table in
            output.withUnsafeMutableBufferPointer { out in
                var i = 0
                var o = start
                while i + 3 <= count {
                    let word = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
                    out[o] = table[Int(word >> 18)]
                    out[o + 1] = table[Int(word >> 12 & 63)]
                    out[o + 2] = table[Int(word >> 6 & 63)]
                    out[o + 3] = table[Int(word & 63)]
                    i += 3
                    o += 4
                }
                let left = count - i
                guard left > 0 else { return }
                let word = UInt32(input[i]) << 16 | (left == 2 ? UInt32(input[i + 1]) << 8 : 0)
                out[o] = table[Int(word >> 18)]
                out[o + 1] = table[Int(word >> 12 & 63)]
                out[o + 2] = left == 2 ? table[Int(word >> 6 & 63)] : UInt8(ascii: "=")
                out[o + 3] = UInt8(ascii: "=")
            }
        }
    }

    /// `bytes` in base64.
    static func encoded(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        bytes.withUnsafeBufferPointer { append($0, to: &output) }
        return output
    }
}
