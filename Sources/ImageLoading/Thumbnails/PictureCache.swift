import FoundationEssentials
public import ImageCodecs
import Digests
public import FoundationExtras
public import SystemPackage
public import Vocabulary
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// photofeed's own cache of pictures exactly as `show` prints them in real pixels: one PNG per
/// file and layout, at the picture's own pixel size; or, for a protocol whose output is the
/// picture's alone (sixel, whose palette and dithering are the costly part; iTerm2), the bytes
/// printed.
///
/// The freedesktop.org thumbnails (``FreedesktopThumbnailCache``) come in four fixed sizes:
/// the one covering a 400×250 picture is a 512- or 1024-pixel PNG, and reading it back takes as
/// long as decoding most JPEGs with DCT scaling. A picture stored at its own size is read
/// without a resize, and it *is* the PNG kitty is sent (``CachedPicture/png``), so a second
/// `show` of a photo on kitty decodes nothing it does not need and encodes nothing.
///
/// A key names the file by path, device, inode, size and modification time (to the
/// nanosecond) and the layout the caller says the pixels depend on; a file that changes gets
/// a new key and its old pictures age out. Files are written whole (a temporary file renamed
/// into place); a hit refreshes a file's modification time, and when the directory holds more
/// than `sizeLimit` bytes after a store the least recently used pictures go until it holds
/// 80 % of it.
///
/// Only its own files (``isOwnName(_:)``: a key's `.png` or `.printed`, and their temporary
/// files) are read, trimmed or removed, relative to the folder opened without following a
/// link: a `.pictures` that is a symbolic link, or in one, is refused, never followed.
///
/// ```swift
/// let cache = PictureCache(directory: PictureCache.defaultDirectory(environment: environment))
/// if let key = cache.key(forFile: path, layout: "kitty 40x20 10x20 fit"), let hit = cache.picture(for: key) { … }
/// ```
public struct PictureCache: Sendable {
    /// Where the pictures live.
    public let directory: String
    /// Bytes kept before the least recently used pictures go.
    public let sizeLimit: Int

    /// 64 MiB: about 350 pictures of 400×250 pixels.
    public static let defaultSizeLimit = 64 << 20
    /// The largest picture file read: a 4,096-pixel square RGBA PNG left uncompressed.
    static let maxFileBytes = 4096 * (4096 * 4 + 1) + (64 << 10)

    public init(directory: String, sizeLimit: Int = PictureCache.defaultSizeLimit) {
        self.directory = directory
        self.sizeLimit = max(0, sizeLimit)
    }

    /// `.pictures` in the disk cache's directory (`$XDG_CACHE_HOME/photofeed`, else
    /// `~/.cache/photofeed`): a dot name, which the disk cache's own sweep and count pass by,
    /// like the embedded server's `.server-sources`.
    public static func defaultDirectory(environment: [String: String]) -> String {
        // Paths as text: a URL's path handling costs a `show` more than reading its picture.
        UserFolders(environment: environment).photofeedCache + "/" + OwnFiles.pictures.name
    }

    /// The key of the picture of the regular file at `path` drawn with `layout`, or nil when
    /// there is no such file.
    public func key(forFile path: String, layout: String) -> PictureKey? {
        key(forFile: FilePath(path), layout: layout)
    }

    /// ``key(forFile:layout:)`` of a path's bytes (a name that is not UTF-8 is its own file).
    public func key(forFile path: FilePath, layout: String) -> PictureKey? {
        guard let info = path.status(), info.st_mode & S_IFMT == S_IFREG else { return nil }
        let absolute = (URL(fileAt: path)?.localPath ?? path).escapedText
        let identity = [
            "photofeed-picture 1", absolute, String(info.st_dev), String(info.st_ino), String(info.st_size),
            String(info.st_mtim.tv_sec), String(info.st_mtim.tv_nsec), layout,
        ].joined(separator: "\n")
        let digest = SHA256.hash(data: Array(identity.utf8))
        return PictureKey(name: digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined())
    }

    /// The path of `key`'s picture.
    public func path(for key: PictureKey) -> String { directory + "/" + Self.pictureName(key) }

    static func pictureName(_ key: PictureKey) -> String { key.name + ".png" }
    static func printedName(_ key: PictureKey) -> String { key.name + ".printed" }

    /// Whether `name` is one this cache writes: a key (64 lowercase hex digits) with `.png` or
    /// `.printed`, or such a name's temporary file (`<name>.<pid>.<random>.tmp`).
    public static func isOwnName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 5, isKey(parts[0]), parts[1] == "png" || parts[1] == "printed" else { return false }
        guard parts.count == 5 else { return true }
        return parts[4] == "tmp" && [parts[2], parts[3]].allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
    }

    /// Whether `name` is a stored picture's (not a temporary file's).
    static func isStoredName(_ name: String) -> Bool { isOwnName(name) && !name.hasSuffix(".tmp") }

    private static func isKey(_ text: Substring) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The folder, opened without following a link (its parent too), or nil when it does not
    /// exist and is not `creating` (made mode 0700, and tagged, when it is).
    func folder(creating: Bool = false) throws(CacheDirectoryError) -> CacheDirectory? {
        let parentPath = PathText.deletingLastComponent(directory)
        let name = PathText.lastComponent(directory)
        let parentOrHere = parentPath.isEmpty ? "." : parentPath
        let parent = try creating ? CacheDirectory.creating(parentOrHere) : CacheDirectory.existing(parentOrHere)
        guard let parent else { return nil }
        let existed = try creating ? parent.subdirectory(name) != nil : true
        guard let folder = try parent.subdirectory(name, creating: creating) else { return nil }
        if !existed { folder.tag() }
        return folder
    }

    /// Throws when the folder is there but cannot be this cache's: a symbolic link (or in one),
    /// or not a folder. A missing folder is fine (it is made on the first store).
    public func check() throws(CacheDirectoryError) {
        _ = try folder()
    }

    /// The picture stored for `key`, decoded, or nil (none, or not a PNG that decodes: such a
    /// file is removed).
    public func picture(for key: PictureKey) -> CachedPicture? {
        let name = Self.pictureName(key)
        guard let folder = try? folder(), let png = folder.read(name, limit: Self.maxFileBytes), !png.isEmpty else { return nil }
        guard let header = try? ImageDecoder.probe(png), header.format == .png,
            let decoded = try? ImageDecoder.decode(png, options: DecodingOptions(maxPixels: 4096 * 4096))
        else {
            folder.remove(name)
            return nil
        }
        // Recently used: the last to go.
        folder.touch(name)
        return CachedPicture(png: png, bitmap: decoded.bitmap)
    }

    /// The path of `key`'s printed picture.
    public func printedPath(for key: PictureKey) -> String { directory + "/" + key.name + ".printed" }

    /// What a protocol whose output is the picture's alone (sixel, iTerm2) printed for `key`, and the
    /// picture's pixel size, or nil (none, or not such a file: removed).
    public func printed(for key: PictureKey) -> (bytes: [UInt8], size: PixelSize)? {
        let name = Self.printedName(key)
        guard let folder = try? folder(), let file = folder.read(name, limit: Self.maxFileBytes), !file.isEmpty else { return nil }
        guard let newline = file.firstIndex(of: 0x0A),
            case let fields = String(decoding: file[..<newline], as: UTF8.self).split(separator: " "),
            fields.count == 4, fields[0] == "photofeed-printed", fields[1] == "1",
            let width = Int(fields[2]), let height = Int(fields[3]), width > 0, height > 0
        else {
            folder.remove(name)
            return nil
        }
        folder.touch(name)
        return (Array(file[(newline + 1)...]), PixelSize(width: width, height: height))
    }

    /// Stores what was printed for `key`'s picture of `size` pixels, then trims the directory.
    public func storePrinted(_ bytes: [UInt8], size: PixelSize, for key: PictureKey) {
        let file = Array("photofeed-printed 1 \(size.width) \(size.height)\n".utf8) + bytes
        guard file.count <= min(sizeLimit, Self.maxFileBytes) else { return }
        write(file, to: Self.printedName(key))
    }

    /// Stores `png` as `key`'s picture, then trims the directory to its limit; false when it
    /// could not be written.
    @discardableResult
    public func store(_ png: [UInt8], for key: PictureKey) -> Bool {
        guard png.count <= min(sizeLimit, Self.maxFileBytes) else { return false }
        return write(png, to: Self.pictureName(key))
    }

    @discardableResult
    private func write(_ bytes: [UInt8], to name: String) -> Bool {
        guard let folder = try? folder(creating: true) else { return false }
        // A file with no name until it is whole: a process killed while writing it (a
        // previewer, when the cursor moves on) leaves nothing behind.
        if let linked = Self.writeUnnamed(bytes, to: name, in: folder) {
            if linked { trim(folder) }
            return linked
        }
        let temporary = "\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard folder.writeAtomically(bytes, to: name, through: temporary) != nil else { return false }
        trim(folder)
        return true
    }

    /// Linux's `O_TMPFILE`, which Glibc's module does not carry (`__O_TMPFILE | O_DIRECTORY`).
    private static let temporaryFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

    /// Writes `bytes` into an unnamed file in `folder` (`O_TMPFILE`) and links it as `name`:
    /// true when it is there, false when it could not be written, nil when the system has no
    /// unnamed files or no `/proc` (the caller writes through a temporary name instead). A
    /// picture already under `name` is the same picture (a key names its content), so it stays.
    private static func writeUnnamed(_ bytes: [UInt8], to name: String, in folder: CacheDirectory) -> Bool? {
        #if os(Linux)
        let file = openat(folder.descriptor, ".", temporaryFileFlag | O_WRONLY | O_CLOEXEC, 0o600)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(file, $0.baseAddress! + offset, bytes.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        let linked = linkat(AT_FDCWD, "/proc/self/fd/\(file)", folder.descriptor, name, AT_SYMLINK_FOLLOW)
        if linked == 0 || errno == EEXIST { return true }
        return errno == ENOENT ? nil : false
        #else
        return nil
        #endif
    }

    /// The pictures stored and their bytes.
    public func inventory() -> (files: Int, bytes: Int) {
        let pictures = storedPictures()
        return (pictures.count, pictures.reduce(0) { $0 + $1.size })
    }

    /// Removes every picture; what went, and how many could not be removed (with the `errno`
    /// of the first).
    @discardableResult
    public func removeAll() -> (files: Int, bytes: Int, failed: Int, failure: Int32?) {
        var removed = (files: 0, bytes: 0, failed: 0, failure: Int32?.none)
        guard let folder = try? folder() else { return removed }
        for picture in folder.files(where: Self.isStoredName) {
            if let code = folder.remove(picture.name) {
                guard code != ENOENT else { continue }
                removed.failed += 1
                removed.failure = removed.failure ?? code
            } else {
                removed.files += 1
                removed.bytes += picture.size
            }
        }
        return removed
    }

    /// Each stored picture file: its name, size and last use (modification time, in nanoseconds).
    private func storedPictures() -> [CacheDirectory.File] {
        (try? folder())?.files(where: Self.isStoredName) ?? []
    }

    /// Removes the least recently used pictures while the directory holds more than
    /// `sizeLimit` bytes, down to 80 % of it.
    func trim() {
        guard let folder = try? folder() else { return }
        trim(folder)
    }

    private func trim(_ folder: CacheDirectory) {
        let pictures = folder.files(where: Self.isStoredName)
        var total = pictures.reduce(0) { $0 + $1.size }
        guard total > sizeLimit else { return }
        let target = sizeLimit / 10 * 8
        for picture in pictures.sorted(by: { $0.modified < $1.modified }) where total > target {
            if folder.remove(picture.name) == nil { total -= picture.size }
        }
    }
}

/// The name of one picture in a ``PictureCache``: the SHA-256 of its file's identity and layout.
public struct PictureKey: Sendable, Hashable {
    public let name: String
}

/// A picture read back from a ``PictureCache``.
public struct CachedPicture: Sendable {
    /// The PNG as stored (what kitty is sent).
    public var png: [UInt8]
    /// Its pixels.
    public var bitmap: Bitmap
}
