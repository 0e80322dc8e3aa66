import Digests
public import FoundationEssentials
import FoundationExtras
public import SystemPackage

/// The canonical URI of a local file and the thumbnail file name derived from it, as the
/// freedesktop.org Thumbnail Managing Standard says: `file://` and the absolute path,
/// percent-encoded byte by byte, and the MD5 of that URI in lowercase hex, plus `.png`.
///
/// The path is the file's bytes (a name that is not UTF-8 is `%FF` in the URI, and its MD5 is
/// of that URI, as GLib makes it; never of a U+FFFD stand-in).
///
/// The escaping is GLib's `g_filename_to_uri` (what GNOME, Xfce and KDE's thumbnailers hash):
/// ASCII letters, digits and `!$&'()*+,-./:=@_~` stay as they are; every other byte, UTF-8
/// included, becomes `%XX` in uppercase hex.
///
/// ```swift
/// ThumbnailURI.uri(for: URL(fileURLWithPath: "/home/ana/My Photos/é.jpg"))
/// // "file:///home/ana/My%20Photos/%C3%A9.jpg"
/// ```
public enum ThumbnailURI {
    private static let unescaped: Set<UInt8> = {
        var set = Set<UInt8>()
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { set.insert(byte) }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { set.insert(byte) }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { set.insert(byte) }
        for character in "!$&'()*+,-./:=@_~".utf8 { set.insert(character) }
        return set
    }()

    /// The canonical URI of `file` (made absolute and standardised; symbolic links are kept,
    /// as file managers name a file by the path it was opened with).
    public static func uri(for file: URL) -> String {
        guard let path = file.localPath else { return uri(forPath: file.standardizedFileURL.path) }
        return uri(forPath: path.lexicallyNormalized())
    }

    /// The URI of an absolute path, escaped byte by byte.
    public static func uri(forPath path: String) -> String {
        uri(forPath: FilePath(path))
    }

    /// The URI of an absolute path's bytes, escaped byte by byte.
    public static func uri(forPath path: FilePath) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes = Array("file://".utf8)
        for byte in path.bytes {
            if unescaped.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `md5(uri)` in lowercase hex, plus `.png`.
    public static func fileName(for uri: String) -> String {
        MD5.hash(data: Array(uri.utf8)).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined() + ".png"
    }

    /// Whether `name` is a thumbnail's as ``fileName(for:)`` makes them: 32 lowercase hex digits and `.png`.
    public static func isFileName(_ name: String) -> Bool {
        let utf8 = name.utf8
        return utf8.count == 36 && name.hasSuffix(".png")
            && utf8.prefix(32).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
