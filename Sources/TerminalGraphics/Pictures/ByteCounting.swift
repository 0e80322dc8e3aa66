/// An encoding that says what it weighs, so a ``GraphicsEncodingCache`` can keep a number of
/// bytes of them (bytes, `[UInt8]`, weigh their count; another value that does not say weighs
/// nothing, and counts only against the cache's number of entries).
///
/// ```swift
/// extension MyEncoding: ByteCounting { var byteCount: Int { bytes.count } }
/// ```
public protocol ByteCounting {
    /// Bytes kept by this value.
    var byteCount: Int { get }
}
