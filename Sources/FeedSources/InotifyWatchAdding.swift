import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Adds watches to an inotify instance: the system's `inotify_add_watch`, or, in tests, one
/// that stops at a cap of its own (the machine's limit left alone).
///
/// ```swift
/// switch watches.addWatch(inotify, path: "/photos", mask: mask) {
/// case .success(let watch): table[watch] = folder
/// case .failure(let error): refused(error.code)   // ENOSPC: fs.inotify.max_user_watches reached
/// }
/// ```
protocol InotifyWatchAdding: Sendable {
    /// The watch's descriptor, or the errno the call failed with (read at once).
    func addWatch(_ inotify: Int32, path: String, mask: UInt32) -> Result<Int32, InotifyRefusal>
    /// The most watches the user may hold (`fs.inotify.max_user_watches`); nil when unknown.
    var maximumWatches: Int? { get }
}

/// Why a watch was not added: the errno of `inotify_add_watch`.
struct InotifyRefusal: Error, Sendable, Hashable {
    var code: Int32
}

/// The system's inotify watches.
struct SystemInotifyWatches: InotifyWatchAdding {
    func addWatch(_ inotify: Int32, path: String, mask: UInt32) -> Result<Int32, InotifyRefusal> {
        let watch = inotify_add_watch(inotify, path, mask)
        return watch >= 0 ? .success(watch) : .failure(InotifyRefusal(code: errno))
    }

    var maximumWatches: Int? {
        Self.readLimit(from: "/proc/sys/fs/inotify/max_user_watches")
    }

    /// The most inotify instances the user may hold (`fs.inotify.max_user_instances`); nil when unknown.
    static var maximumInstances: Int? {
        readLimit(from: "/proc/sys/fs/inotify/max_user_instances")
    }

    /// The number in a `/proc/sys` file; nil when it cannot be read.
    static func readLimit(from path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return Int(String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace })
    }
}
