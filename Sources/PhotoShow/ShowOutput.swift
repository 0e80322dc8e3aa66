/// Where `show` writes what it prints: standard output (``StandardOutput``), or anything that
/// takes bytes (a test keeps them in memory).
///
/// ```swift
/// let shown = await Show.run(settings, output: StandardOutput())
/// ```
public protocol ShowOutput {
    /// Writes all of `bytes`; false when the reader has gone (`show` then stops quietly).
    func write(_ bytes: [UInt8]) -> Bool
}
