/// Natural order of file names, on their UTF-8 bytes: runs of digits compare as numbers
/// (`b2` before `b10`; `b02` beside `b2`), ASCII letters without case, other bytes by value;
/// names equal that way fall back to their bytes, so the order is total.
///
/// ```swift
/// NaturalOrder.precedes("b2.jpg", "B10.jpg")   // true
/// ```
enum NaturalOrder {
    /// Whether the name `a` sorts before `b`.
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { left in b.withUTF8 { right in precedes(left, right) } }
    }

    /// Whether the UTF-8 bytes `a` sort before `b` (not generic: sorting 200,000 names calls it
    /// millions of times, in debug builds too).
    static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            let x = a[i]
            let y = b[j]
            if isDigit(x), isDigit(y) {
                // Compare the numbers: skip leading zeros, then the longer run is larger, then digit by digit.
                var iStart = i
                var jStart = j
                while iStart < a.count, a[iStart] == UInt8(ascii: "0") { iStart += 1 }
                while jStart < b.count, b[jStart] == UInt8(ascii: "0") { jStart += 1 }
                var iEnd = iStart
                var jEnd = jStart
                while iEnd < a.count, isDigit(a[iEnd]) { iEnd += 1 }
                while jEnd < b.count, isDigit(b[jEnd]) { jEnd += 1 }
                if iEnd - iStart != jEnd - jStart { return iEnd - iStart < jEnd - jStart }
                var k = 0
                while iStart + k < iEnd {
                    if a[iStart + k] != b[jStart + k] { return a[iStart + k] < b[jStart + k] }
                    k += 1
                }
                // Equal numbers: go on after them (different zero padding is settled at the end).
                i = iEnd
                j = jEnd
                continue
            }
            let lx = folded(x)
            let ly = folded(y)
            if lx != ly { return lx < ly }
            i += 1
            j += 1
        }
        let aLeft = a.count - i
        let bLeft = b.count - j
        if aLeft != bLeft { return aLeft < bLeft }
        return a.lexicographicallyPrecedes(b)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
}
