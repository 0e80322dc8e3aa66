import Glibc

/// Why a folder was refused as a cache, as one sentence that says why and what to give instead.
///
/// ```swift
/// catch { print("photofeed: \(error)") }
/// // photofeed: d holds files photofeed did not write (notes.txt, big.iso); give an empty or new folder
/// ```
public struct CacheDirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder refused.
    public let path: String
    /// Why.
    public let reason: Reason

    public enum Reason: Sendable, Equatable {
        /// `/`, the home folder, a folder of the system's, `$XDG_CACHE_HOME` itself: named.
        case protected(String)
        /// A symbolic link where a cache folder is expected.
        case link
        /// Something that is not a folder.
        case notDirectory
        /// Untagged, and holding files that are not the cache's: their names (raw bytes), and how many.
        case foreign([[UInt8]], count: Int)
        /// A system call failed: what was attempted, and `errno`.
        case system(String, Int32)
    }

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The error of a failed `open` of the folder.
    init(path: String, opening code: Int32, isLink: Bool) {
        switch code {
        case ELOOP where isLink, ENOTDIR where isLink: self.init(path: path, reason: .link)
        case ENOTDIR: self.init(path: path, reason: .notDirectory)
        default: self.init(path: path, reason: .system("open", code))
        }
    }

    public var description: String {
        let shown = VisibleName.of(Array(path.utf8))
        switch reason {
        case let .protected(what):
            return "\(shown) is \(what): photofeed keeps a cache only in a folder of its own; give an empty or new folder"
        case .link:
            return "\(shown) is a symbolic link: photofeed removes cache files only in the folder itself; give the folder, not a link"
        case .notDirectory:
            return "\(shown) is not a folder; give an empty or new folder"
        case let .foreign(names, count):
            var listed = names.map(VisibleName.of).joined(separator: ", ")
            if count > names.count { listed += " and \(count - names.count) more" }
            return "\(shown) holds files photofeed did not write (\(listed)); give an empty or new folder"
        case let .system(operation, code):
            return "cannot \(operation) \(shown): \(SystemError.reason(code))"
        }
    }
}
