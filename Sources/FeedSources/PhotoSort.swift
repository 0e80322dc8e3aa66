#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An order of photos: by name (natural order), by modification time, by the time taken
/// (EXIF, to the fraction of a second, so a burst comes in the order shot: ``takenKey(_:)``;
/// else the modification time), by file size, or shuffled.
///
/// Photos that lack the key (a web photo has no file) come after those that have it, in
/// name order; ties break by name, so every order is total and stable. `random` shuffles by a
/// seed: the same seed gives the same order, and a photo added later lands at its own place.
///
/// ```swift
/// photos.sort(by: PhotoSort.modified.precedes)        // oldest first
/// PhotoSort(rawValue: "taken")                        // .taken
/// ```
public enum PhotoSort: String, CaseIterable, Sendable, Hashable {
    case name, modified, taken, size, random

    /// The order after this one (the viewer's key steps through them).
    public var next: PhotoSort {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// Whether `a` comes before `b` (with `seed` for `random`).
    public func precedes(_ a: FeedPhoto, _ b: FeedPhoto, seed: UInt64 = 0) -> Bool {
        switch self {
        case .name: break
        case .modified: if let order = Self.compare(a.file?.modified, b.file?.modified) { return order }
        case .size: if let order = Self.compare(a.file?.byteCount, b.file?.byteCount) { return order }
        case .taken: if let order = Self.compare(Self.takenKey(a), Self.takenKey(b)) { return order }
        case .random:
            let x = Self.mix(a.id, seed: seed)
            let y = Self.mix(b.id, seed: seed)
            if x != y { return x < y }
        }
        return Self.byName(a, b)
    }

    /// `a` before `b` by name: the file name (or the id of a web photo) in natural order.
    static func byName(_ a: FeedPhoto, _ b: FeedPhoto) -> Bool {
        let x = a.sortName
        let y = b.sortName
        return x == y ? a.id < b.id : NaturalOrder.precedes(x, y)
    }

    /// nil when the keys tie; the photo with a key before one without.
    private static func compare<Key: Comparable>(_ a: Key?, _ b: Key?) -> Bool? {
        switch (a, b) {
        case let (x?, y?): x == y ? nil : x < y
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): nil
        }
    }


    /// A 64-bit FNV-1a of `text` mixed with `seed` (stable across runs, unlike `hashValue`).
    private static func mix(_ text: String, seed: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }
}

extension FeedPhoto {
    /// The name the `name` order sorts by: a file's path in its folder, else the author then id.
    public var sortName: String {
        switch origin {
        case .file(_, let name): FeedPhoto.fileID(name)
        case .original(let url?): url.lastPathComponent.isEmpty ? id : url.lastPathComponent
        default: author.isEmpty ? id : author
        }
    }
}

/// EXIF's date form ("YYYY:MM:DD HH:MM:SS") for a time, so a modification time sorts among dates taken.
enum ExifDateText {
    static func text(forSeconds seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900):\(two(parts.tm_mon + 1)):\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
