#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders a ``FolderWatcher`` could not follow: how many it follows of how many it found, and
/// why the others were refused (the system's errno; `ENOSPC` is inotify's watch limit, then
/// stated with its number).
///
/// ```swift
/// String(describing: shortfall)   // "following 100 of 10,001 folders: fs.inotify.max_user_watches is 8192"
/// ```
public struct FolderWatchShortfall: Sendable, Hashable, CustomStringConvertible {
    /// Folders watched.
    public var watched: Int
    /// Folders found (watched or refused).
    public var folders: Int
    /// The errno of the last refusal.
    public var code: Int32
    /// `fs.inotify.max_user_watches`, when known.
    public var maximumWatches: Int?

    /// A shortfall.
    public init(watched: Int, folders: Int, code: Int32, maximumWatches: Int?) {
        self.watched = watched
        self.folders = folders
        self.code = code
        self.maximumWatches = maximumWatches
    }

    /// Why, in words: inotify's limit with its number, else the system's reason.
    public var reason: String {
        if code == ENOSPC {
            guard let maximumWatches else { return "fs.inotify.max_user_watches is reached" }
            return "fs.inotify.max_user_watches is \(maximumWatches)"
        }
        return String(cString: strerror(code))
    }

    public var description: String {
        "following \(Self.grouped(watched)) of \(Self.grouped(folders)) folders: \(reason)"
    }

    /// `10001` as `10,001`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (number < 0 ? "-" : "") + text
    }
}
