#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One entry as `readdir` gives it: its name's bytes (valid only while it is visited) and its
/// `d_type` (`DT_DIR`, `DT_REG`, `DT_LNK`, or `DT_UNKNOWN` on file systems that do not say).
///
/// ```swift
/// _ = try reader.read(atMost: 100) { entry in if !entry.isDotOrDotDot { print(entry.type) } }
/// ```
struct DirectoryEntry {
    /// The name's bytes (no terminating zero).
    var name: UnsafeRawBufferPointer
    /// The `d_type`.
    var type: UInt8

    /// "." or "..": never a photo nor a folder to walk into.
    var isDotOrDotDot: Bool {
        let dot = UInt8(ascii: ".")
        return (name.count == 1 && name[0] == dot) || (name.count == 2 && name[0] == dot && name[1] == dot)
    }

    /// A leading dot ("." and ".." too), or an empty name.
    var isHidden: Bool { name.isEmpty || name[0] == UInt8(ascii: ".") }

    /// Says it is a folder (`DT_DIR`).
    var isFolder: Bool { type == UInt8(DT_DIR) }

    /// `d_type` cannot tell whether it is a folder (a symbolic link, or a file system that
    /// leaves `d_type` unknown): only a `stat` can.
    var mayBeFolder: Bool { type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) }
}
