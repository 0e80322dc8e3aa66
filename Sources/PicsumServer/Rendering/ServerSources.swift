import FoundationExtras

/// The embedded server's scaled photos in photofeed's cache folder (``OwnFiles/serverSources``,
/// `.server-sources`), as the `cache` commands see them: which names are the server's, and the
/// bound the server keeps the folder under.
///
/// ```swift
/// let folder = try cacheFolder.subdirectory(ServerSources.folderName)
/// folder?.trim(toAtMost: ServerSources.sizeLimit, where: ServerSources.isOwnName)
/// ```
public enum ServerSources {
    /// The folder's name in the cache folder.
    public static let folderName = OwnFiles.serverSources.name

    /// The bytes the folder holds at most; a write past it trims it to 80 % of it, the least
    /// recently used first.
    public static var sizeLimit: Int {
        if case .bounded(let limit) = OwnFiles.serverSources.cleaning { return limit }
        return 64 << 20
    }

    /// Whether `name` is one the server writes in the folder: a scaled source
    /// (`<device>-<inode>-<size>-<seconds>-<nanoseconds>-<scale>.png`), a scaled animation
    /// (`…-animation-<w>x<h>-q<quality>.webp`), or one of those being written
    /// (`.<name>.<pid>.tmp`). Earlier photofeeds wrote the same names.
    public static func isOwnName(_ name: String) -> Bool {
        if name.hasPrefix("."), name.hasSuffix(".tmp") {
            let inner = name.dropFirst().dropLast(4)
            guard let dot = inner.lastIndex(of: ".") else { return false }
            let pid = inner[inner.index(after: dot)...]
            return !pid.isEmpty && pid.allSatisfy(\.isASCIIDigit) && isOwnName(String(inner[..<dot]))
        }
        let stem: Substring
        if name.hasSuffix(".png") {
            stem = name.dropLast(4)
        } else if name.hasSuffix(".webp"), let marker = name.firstRange(of: "-animation-") {
            stem = name[..<marker.lowerBound]
        } else {
            return false
        }
        let fields = stem.split(separator: "-", omittingEmptySubsequences: false)
        return fields.count >= 5 && fields.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
