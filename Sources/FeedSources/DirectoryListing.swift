#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder's entry names, packed: every name's bytes in one buffer, and an offset per name
/// (8 bytes a name beyond its bytes), sorted in natural order (`b2` before `b10`, case
/// ignored). Read with `readdir` alone: no file is opened or `stat`ed, so listing 200,000
/// names costs what reading the folder costs, and the names cost about their length.
///
/// Hidden names (a leading dot) and subfolders (`d_type` says so) are left out; everything
/// else is a candidate a page checks (``DirectoryFeed``).
///
/// ```swift
/// let listing = try DirectoryListing(path: "/photos")
/// listing.count        // 3
/// listing.name(at: 0)  // "a.png"
/// ```
struct DirectoryListing: Sendable {
    /// Every name's bytes, one after another.
    private var bytes: [UInt8] = []
    /// Where each name starts in `bytes` (in natural order, once sorted), and its length.
    private var spans: [Span] = []

    struct Span: Sendable {
        var start: UInt32
        var length: UInt32
    }

    /// Reads the names in `path`; throws the system's reason when it cannot be listed.
    init(path: String) throws(DirectoryListingError) {
        guard let directory = opendir(path) else { throw DirectoryListingError(code: errno) }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            if entry.pointee.d_type == UInt8(DT_DIR) { continue }
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let length = strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
                guard length > 0, raw[0] != UInt8(ascii: ".") else { return }
                spans.append(Span(start: UInt32(bytes.count), length: UInt32(length)))
                bytes.append(contentsOf: raw[0..<length])
            }
        }
        sortNaturally()
    }

    /// Names given directly (tests), sorted as a folder's would be.
    init(names: [String]) {
        for name in names where !name.isEmpty && !name.hasPrefix(".") {
            spans.append(Span(start: UInt32(bytes.count), length: UInt32(name.utf8.count)))
            bytes.append(contentsOf: name.utf8)
        }
        sortNaturally()
    }

    /// How many names.
    var count: Int { spans.count }

    /// The name at `index` (natural order).
    func name(at index: Int) -> String {
        let span = spans[index]
        let start = Int(span.start)
        return String(decoding: bytes[start..<(start + Int(span.length))], as: UTF8.self)
    }

    /// The heap bytes the listing holds (names and offsets).
    var byteCount: Int { bytes.capacity + spans.capacity * MemoryLayout<Span>.stride }

    private mutating func sortNaturally() {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            spans.sort { left, right in
                NaturalOrder.precedes(
                    UnsafeBufferPointer(start: base + Int(left.start), count: Int(left.length)),
                    UnsafeBufferPointer(start: base + Int(right.start), count: Int(right.length)))
            }
        }
    }
}

/// A folder could not be listed.
struct DirectoryListingError: Error, CustomStringConvertible {
    var code: Int32
    var description: String { String(cString: strerror(code)) }
}
