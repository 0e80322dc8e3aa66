/// Where temporary image files for the terminal are written: the I/O seam of file transmission.
public protocol ImageFileSink: Sendable {
    /// Writes `bytes` to a new file whose path names `tty-graphics-protocol`, readable by this
    /// user only; returns its path, or nil when it could not be written.
    func write(_ bytes: [UInt8], name: String) -> String?
    /// Removes the files this process wrote that the terminal did not take.
    func removeLeftovers()
}
