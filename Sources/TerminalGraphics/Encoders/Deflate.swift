import CZlib

/// zlib (RFC 1950) compression of pixel data, for the kitty graphics protocol's `o=z`.
///
/// ```swift
/// let compressed = Deflate.compress(pixels)   // nil only if zlib itself fails
/// ```
public enum Deflate {
    /// `bytes` as a zlib stream, at a level that favours speed (a thumbnail is sent once and
    /// the terminal inflates it at once); nil when zlib fails (then send the bytes as they are).
    public static func compress(_ bytes: [UInt8], level: Int32 = 1) -> [UInt8]? {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = output.withUnsafeMutableBufferPointer { destination in
            bytes.withUnsafeBufferPointer { source in
                compress2(destination.baseAddress, &capacity, source.baseAddress, uLong(source.count), level)
            }
        }
        guard status == Z_OK else { return nil }
        output.removeSubrange(Int(capacity)...)
        return output
    }
}
