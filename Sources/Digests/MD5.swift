#if canImport(Glibc)
import Glibc
#endif

/// MD5 (RFC 1321), in Swift: only for what a standard asks for by name (the freedesktop.org
/// thumbnail cache names a thumbnail by the MD5 of its file's URI), never for integrity.
///
/// ```swift
/// MD5.hash(data: Array("file:///photo.jpg".utf8))   // 16 bytes
/// ```
public enum MD5 {
    /// The 16-byte digest of `data`.
    public static func hash(data: some Collection<UInt8>) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476]
        var block = [UInt8]()
        block.reserveCapacity(64)
        var length: UInt64 = 0
        for byte in data {
            block.append(byte)
            length &+= 1
            if block.count == 64 {
                compress(&state, block)
                block.removeAll(keepingCapacity: true)
            }
        }
        // Padding: a 1 bit, zeros to 56 bytes mod 64, the length in bits, little-endian.
        block.append(0x80)
        if block.count > 56 {
            block.append(contentsOf: repeatElement(0, count: 64 - block.count))
            compress(&state, block)
            block.removeAll(keepingCapacity: true)
        }
        block.append(contentsOf: repeatElement(0, count: 56 - block.count))
        let bits = length &* 8
        for shift in stride(from: 0, through: 56, by: 8) { block.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        compress(&state, block)
        var digest = [UInt8]()
        digest.reserveCapacity(16)
        for word in state {
            digest += [UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word >> 16), UInt8(word >> 24)]
        }
        return digest
    }

    /// Per step, the left rotation.
    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// floor(2³² × |sin(i + 1)|).
    private static let constants: [UInt32] = (0..<64).map { index in
        UInt32(truncatingIfNeeded: Int64((abs(sin(Double(index + 1))) * 4_294_967_296).rounded(.down)))
    }

    private static func compress(_ state: inout [UInt32], _ block: [UInt8]) {
        var m = [UInt32](repeating: 0, count: 16)
        for t in 0..<16 {
            m[t] = UInt32(block[4 * t]) | UInt32(block[4 * t + 1]) << 8 | UInt32(block[4 * t + 2]) << 16 | UInt32(block[4 * t + 3]) << 24
        }
        var (a, b, c, d) = (state[0], state[1], state[2], state[3])
        for step in 0..<64 {
            var f: UInt32
            let g: Int
            switch step {
            case 0..<16:
                f = (b & c) | (~b & d)
                g = step
            case 16..<32:
                f = (d & b) | (~d & c)
                g = (5 * step + 1) % 16
            case 32..<48:
                f = b ^ c ^ d
                g = (3 * step + 5) % 16
            default:
                f = c ^ (b | ~d)
                g = (7 * step) % 16
            }
            f = f &+ a &+ constants[step] &+ m[g]
            a = d
            d = c
            c = b
            b = b &+ ((f << shifts[step]) | (f >> (32 - shifts[step])))
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
    }
}
