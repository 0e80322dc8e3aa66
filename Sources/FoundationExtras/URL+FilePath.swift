public import FoundationEssentials
public import SystemPackage
import Glibc

/// A file URL that carries a path's bytes: percent-encoded byte by byte, so a name that is not
/// UTF-8 (`e%FF.jpg`) and the U+FFFD one beside it (`e%EF%BF%BD.jpg`) are two URLs, and the
/// loader opens exactly the bytes the URL was made from.
///
/// `URL(fileURLWithPath:)` takes a `String` (a name that is not UTF-8 cannot reach it) and
/// `url.path` decodes as UTF-8 (U+FFFD for what is not): neither is used for a file's bytes.
///
/// ```swift
/// let url = URL(fileAt: FilePath(bytes: Array("/photos/e".utf8) + [0xFF] + Array(".jpg".utf8)))
/// url?.absoluteString   // "file:///photos/e%FF.jpg"
/// url?.localPath        // the same bytes
/// ```
extension URL {
    /// Bytes kept as they are in a file URL's path (RFC 3986's unreserved, the sub-delimiters
    /// but `;`, and `:@/`); every other byte becomes `%XX`.
    private static let keptInPath = PercentEncoding.unreserved(plus: "!$&'()*+,=:@/")

    /// The `file://` URL of the absolute `path` (relative paths are taken from the current
    /// folder); nil only when the result would not parse, which percent-encoding rules out.
    public init?(fileAt path: FilePath) {
        var bytes = path.bytes
        if bytes.first != UInt8(ascii: "/") {
            bytes = FilePath.currentDirectoryBytes() + [UInt8(ascii: "/")] + bytes
        }
        self.init(string: "file://" + PercentEncoding.encode(bytes: bytes, keeping: Self.keptInPath))
    }

    /// The bytes of a file URL's path (percent-decoded byte by byte; a URL relative to a
    /// folder's is resolved against it); nil for a URL that is not a file URL.
    public var localPath: FilePath? {
        guard isFileURL else { return nil }
        let encoded = absoluteURL.path(percentEncoded: true)
        return FilePath(bytes: PercentEncoding.decode(encoded.isEmpty ? "/" : encoded))
    }
}

extension FilePath {
    /// The current folder's bytes (`getcwd`); "/" when it cannot be read.
    static func currentDirectoryBytes() -> [UInt8] {
        guard let buffer = getcwd(nil, 0) else { return [UInt8(ascii: "/")] }
        defer { free(buffer) }
        return FilePath(platformString: buffer).bytes
    }
}
