import FoundationEssentials
import FoundationExtras

#if canImport(Glibc)
import Glibc
#endif

/// Paths as bytes for the Trash: split, joined, shortened for `files/`, percent-encoded for
/// `.trashinfo`, shown in a sentence, handed to the system.
enum TrashPath {
    /// The longest name a folder entry holds (`NAME_MAX`).
    static let nameMax = 255
    /// What every info file's name adds to its trashed file's name.
    static let infoSuffix = Array(".trashinfo".utf8)

    /// The folder (no trailing slash; "/" for the root) and the last component of `path`.
    static func split(_ path: [UInt8]) -> (folder: [UInt8], name: [UInt8]) {
        var end = path.count
        while end > 1, path[end - 1] == UInt8(ascii: "/") { end -= 1 }
        let trimmed = path[..<end]
        guard let slash = trimmed.lastIndex(of: UInt8(ascii: "/")) else { return (Array(".".utf8), Array(trimmed)) }
        var folderEnd = slash
        while folderEnd > 0, trimmed[folderEnd - 1] == UInt8(ascii: "/") { folderEnd -= 1 }
        let folder = folderEnd == 0 ? [UInt8(ascii: "/")] : Array(trimmed[..<folderEnd])
        return (folder, Array(trimmed[(slash + 1)...]))
    }

    /// `path` made absolute against the working folder.
    static func absolute(_ path: [UInt8]) -> [UInt8] {
        guard path.first != UInt8(ascii: "/") else { return path }
        let working = Array(FileManager.default.currentDirectoryPath.utf8)
        if path == Array(".".utf8) { return working }
        return (working == [UInt8(ascii: "/")] ? [] : working) + [UInt8(ascii: "/")] + path
    }

    /// `path` relative to `topdir` when below it.
    static func relative(_ path: [UInt8], to topdir: [UInt8]) -> [UInt8] {
        let prefix = topdir.last == UInt8(ascii: "/") ? topdir : topdir + [UInt8(ascii: "/")]
        return path.starts(with: prefix) ? Array(path.dropFirst(prefix.count)) : path
    }

    /// Names to try in `files/`: the name, then `stem.2.ext`, `stem.3.ext`, …; each short
    /// enough that its `.trashinfo` name fits `NAME_MAX` (a long stem is cut at a character's
    /// start, the extension kept when it is short).
    static func candidates(for name: [UInt8]) -> some Sequence<[UInt8]> {
        let dot = name.lastIndex(of: UInt8(ascii: ".")).flatMap { $0 > 0 && name.count - $0 <= 16 ? $0 : nil }
        let stem = dot.map { Array(name[..<$0]) } ?? name
        let suffix = dot.map { Array(name[$0...]) } ?? []
        return (1...10_000).lazy.map { attempt -> [UInt8] in
            let number = attempt == 1 ? [] : Array(".\(attempt)".utf8)
            if attempt == 1, name.count + infoSuffix.count <= nameMax { return name }
            let room = nameMax - infoSuffix.count - number.count - suffix.count
            return shortened(stem, to: room) + number + suffix
        }
    }

    /// `bytes` cut to at most `count`, never inside a UTF-8 sequence.
    static func shortened(_ bytes: [UInt8], to count: Int) -> [UInt8] {
        guard bytes.count > count else { return bytes }
        var end = max(0, count)
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return Array(bytes[..<end])
    }

    /// RFC 2396 escaping as the specification asks, byte by byte: unreserved characters and `/` stay.
    static func percentEncoded(_ path: [UInt8]) -> String {
        let kept = PercentEncoding.unreserved(plus: "!*'()/")
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path {
            if kept.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0f)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs `body` with `path` as a C string.
    static func withCString<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (path + [0]).withUnsafeBufferPointer { buffer in buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }

    static func unlink(_ path: [UInt8]) {
        _ = withCString(path) { Glibc.unlink($0) }
    }

    /// glibc's `renameat2` (declared only under `_GNU_SOURCE`, so found by name).
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// `RENAME_NOREPLACE` (linux/fs.h).
    private static let renameNoReplace: UInt32 = 1

    private static func renameAt2() -> RenameAt2? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    }

    /// Renames `name` (relative to `folder`, or a path with `AT_FDCWD`) to `target`, never over
    /// a file there; 0, or the errno (`EEXIST` when `target` is taken).
    static func renameNoReplace(from name: [UInt8], in folder: Int32, to target: [UInt8]) -> Int32 {
        var code = ENOSYS
        if let renameat2 = renameAt2() {
            let result = withCString(name) { from in withCString(target) { to in renameat2(folder, from, AT_FDCWD, to, renameNoReplace) } }
            if result == 0 { return 0 }
            code = errno
        }
        // A file system without RENAME_NOREPLACE: check, then rename (the window is the
        // system's, as before it had the flag).
        guard code == EINVAL || code == ENOSYS else { return code }
        var status = stat()
        if withCString(target, { lstat($0, &status) }) == 0 { return EEXIST }
        let fallback = withCString(name) { from in withCString(target) { to in renameat(folder, from, AT_FDCWD, to) } }
        return fallback == 0 ? 0 : errno
    }
}
