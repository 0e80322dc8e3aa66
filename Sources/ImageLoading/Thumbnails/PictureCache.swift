import FoundationEssentials
public import ImageCodecs
import Digests
import FoundationExtras
public import SystemPackage
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
/// the one covering a 400×250 picture is a 512- or 1024-pixel PNG, and reading it back took as
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
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/photofeed/.pictures" }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.cache/photofeed/.pictures"
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
    public func path(for key: PictureKey) -> String { directory + "/" + key.name + ".png" }

    /// The picture stored for `key`, decoded, or nil (none, or not a PNG that decodes: such a
    /// file is removed).
    public func picture(for key: PictureKey) -> CachedPicture? {
        let path = path(for: key)
        guard let png = ThumbnailFiles.readRegularFile(path, limit: Self.maxFileBytes) else { return nil }
        guard let header = try? ImageDecoder.probe(png), header.format == .png,
            let decoded = try? ImageDecoder.decode(png, options: DecodingOptions(maxPixels: 4096 * 4096))
        else {
            unlink(path)
            return nil
        }
        // Recently used: the last to go.
        utimes(path, nil)
        return CachedPicture(png: png, bitmap: decoded.bitmap)
    }

    /// The path of `key`'s printed picture.
    public func printedPath(for key: PictureKey) -> String { directory + "/" + key.name + ".printed" }

    /// What a protocol whose output is the picture's alone (sixel, iTerm2) printed for `key`, and the
    /// picture's pixel size, or nil (none, or not such a file: removed).
    public func printed(for key: PictureKey) -> (bytes: [UInt8], size: PixelSize)? {
        let path = printedPath(for: key)
        guard let file = ThumbnailFiles.readRegularFile(path, limit: Self.maxFileBytes) else { return nil }
        guard let newline = file.firstIndex(of: 0x0A),
            case let fields = String(decoding: file[..<newline], as: UTF8.self).split(separator: " "),
            fields.count == 4, fields[0] == "photofeed-printed", fields[1] == "1",
            let width = Int(fields[2]), let height = Int(fields[3]), width > 0, height > 0
        else {
            unlink(path)
            return nil
        }
        utimes(path, nil)
        return (Array(file[(newline + 1)...]), PixelSize(width: width, height: height))
    }

    /// Stores what was printed for `key`'s picture of `size` pixels, then trims the directory.
    public func storePrinted(_ bytes: [UInt8], size: PixelSize, for key: PictureKey) {
        let file = Array("photofeed-printed 1 \(size.width) \(size.height)\n".utf8) + bytes
        guard file.count <= min(sizeLimit, Self.maxFileBytes), ThumbnailFiles.makePrivateDirectory(directory) else { return }
        guard ThumbnailFiles.writeAtomically(file, to: printedPath(for: key)) else { return }
        trim()
    }

    /// Stores `png` as `key`'s picture, then trims the directory to its limit.
    public func store(_ png: [UInt8], for key: PictureKey) {
        guard png.count <= min(sizeLimit, Self.maxFileBytes), ThumbnailFiles.makePrivateDirectory(directory) else { return }
        guard ThumbnailFiles.writeAtomically(png, to: path(for: key)) else { return }
        trim()
    }

    /// The pictures stored and their bytes.
    public func inventory() -> (files: Int, bytes: Int) {
        let pictures = storedPictures()
        return (pictures.count, pictures.reduce(0) { $0 + $1.size })
    }

    /// Removes every picture; what went.
    @discardableResult
    public func removeAll() -> (files: Int, bytes: Int) {
        var removed = (files: 0, bytes: 0)
        for picture in storedPictures() where unlink(picture.path) == 0 {
            removed.files += 1
            removed.bytes += picture.size
        }
        return removed
    }

    /// Each picture file: its path, size and last use (modification time, in nanoseconds).
    private func storedPictures() -> [(path: String, size: Int, used: Int)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var pictures: [(path: String, size: Int, used: Int)] = []
        for name in names where name.hasSuffix(".png") || name.hasSuffix(".printed") {
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            pictures.append((path, Int(info.st_size), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)))
        }
        return pictures
    }

    /// Removes the least recently used pictures while the directory holds more than
    /// `sizeLimit` bytes, down to 80 % of it.
    func trim() {
        let pictures = storedPictures()
        var total = pictures.reduce(0) { $0 + $1.size }
        guard total > sizeLimit else { return }
        let target = sizeLimit / 10 * 8
        for picture in pictures.sorted(by: { $0.used < $1.used }) where total > target {
            if unlink(picture.path) == 0 { total -= picture.size }
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
