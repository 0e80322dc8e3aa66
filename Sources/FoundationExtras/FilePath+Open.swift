public import Glibc
public import SystemPackage

/// Opening and `stat`ing a path of any length: a path shorter than `PATH_MAX` goes to `open`
/// and `stat` as it is; a longer one (a deep tree: the system refuses it with ENAMETOOLONG) is
/// reached a stretch of whole components at a time, each stretch opened (`O_PATH`,
/// `O_DIRECTORY`) relative to the folder before it, and the last opened or `stat`ed relative
/// to its folder. Links met on the way are followed, as `open` would follow them.
///
/// ```swift
/// let descriptor = FilePath(bytes: deepPath).openFile(O_RDONLY | O_CLOEXEC)   // -1: errno says why
/// let status = FilePath(bytes: deepPath).status()                              // nil: errno says why
/// ```
extension FilePath {
    /// Linux's `O_PATH` (a descriptor that only names a folder, for `openat`: no read
    /// permission needed), which Swift's Glibc module does not import (it is a `_GNU_SOURCE` macro).
    public static let openPathOnly: Int32 = 0o10000000

    /// The longest path handed to the system at once (the stretches of a longer path are shorter).
    static let longestPath = Int(PATH_MAX) - 1

    /// `open(path, flags, mode)`; the descriptor, or -1 with `errno` set.
    public func openFile(_ flags: Int32, mode: mode_t = 0) -> Int32 {
        withParentDescriptor { folder, name in openat(folder, name, flags, mode) } ?? -1
    }

    /// `stat` (or `lstat`, not following a link at the end); nil with `errno` set.
    public func status(followingLinks: Bool = true) -> Glibc.stat? {
        withParentDescriptor { folder, name -> Glibc.stat? in
            var status = Glibc.stat()
            return fstatat(folder, name, &status, followingLinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
        } ?? nil
    }

    /// Calls `body` with a folder descriptor (or `AT_FDCWD`) and the rest of the path relative
    /// to it, short enough for the system; nil with `errno` set when a stretch cannot be opened.
    public func withParentDescriptor<Result>(_ body: (Int32, UnsafePointer<CChar>) -> Result) -> Result? {
        let bytes = self.bytes
        guard bytes.count > Self.longestPath else {
            return withPlatformString { body(AT_FDCWD, $0) }
        }
        let slash = UInt8(ascii: "/")
        var folder = AT_FDCWD
        if bytes.first == slash {
            folder = open("/", Self.openPathOnly | O_DIRECTORY | O_CLOEXEC)
            guard folder >= 0 else { return nil }
        }
        defer { if folder != AT_FDCWD { close(folder) } }
        var rest = bytes[...].drop { $0 == slash }
        while rest.count > Self.longestPath {
            // The longest run of whole components that fits, ending at a slash.
            let window = rest.prefix(Self.longestPath + 1)
            guard let cut = window.lastIndex(of: slash), cut > rest.startIndex else {
                errno = ENAMETOOLONG
                return nil
            }
            let stretch = Array(rest[..<cut]) + [0]
            let next = stretch.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { openat(folder, $0.baseAddress!, Self.openPathOnly | O_DIRECTORY | O_CLOEXEC) }
            }
            guard next >= 0 else { return nil }
            if folder != AT_FDCWD { close(folder) }
            folder = next
            rest = rest[cut...].drop { $0 == slash }
        }
        let name = Array(rest.isEmpty ? [UInt8(ascii: ".")] : Array(rest)) + [0]
        return name.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body(folder, $0.baseAddress!) }
        }
    }
}
