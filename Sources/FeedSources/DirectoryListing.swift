#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder's entry names, packed: every name's bytes in one buffer, and an offset and length
/// per name (8 bytes a name beyond its bytes), handed out in natural order (`b2` before `b10`,
/// case ignored) one at a time. Read with `readdir` alone: no file is opened or `stat`ed.
///
/// The order is made lazily: the names are put in a binary heap (about 2n comparisons) and
/// each ``next()`` takes the smallest (about 2 log n), so the first page of a 200,000-name
/// folder costs reading the folder and building the heap, not sorting it all, and sorting
/// is paid page by page as the user scrolls.
///
/// Hidden names (a leading dot) and subfolders (`d_type` says so) are left out; everything
/// else is a candidate a page checks (``DirectoryFeed``).
///
/// ```swift
/// var listing = try DirectoryListing(path: "/photos")
/// listing.count    // 3
/// listing.next()   // "a.png"
/// ```
struct DirectoryListing: Sendable {
    /// Every name's bytes, one after another.
    private var bytes: [UInt8] = []
    /// Where each name starts in `bytes`, and its length: a min-heap (natural order) over the
    /// first `remaining`; the names already handed out after them.
    private var spans: [Span] = []
    /// Names not handed out yet.
    private(set) var remaining = 0

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
        makeHeap()
    }

    /// Names given directly (tests), handed out as a folder's would be.
    init(names: [String]) {
        for name in names where !name.isEmpty && !name.hasPrefix(".") {
            spans.append(Span(start: UInt32(bytes.count), length: UInt32(name.utf8.count)))
            bytes.append(contentsOf: name.utf8)
        }
        makeHeap()
    }

    /// How many names in all.
    var count: Int { spans.count }

    /// The next name in natural order, or nil when every name has been handed out.
    mutating func next() -> String? {
        guard remaining > 0 else { return nil }
        let smallest = spans[0]
        remaining -= 1
        spans.swapAt(0, remaining)
        siftDown(from: 0)
        let start = Int(smallest.start)
        return String(decoding: bytes[start..<(start + Int(smallest.length))], as: UTF8.self)
    }

    /// The heap bytes the listing holds (names and offsets).
    var byteCount: Int { bytes.capacity + spans.capacity * MemoryLayout<Span>.stride }

    // MARK: The heap

    private mutating func makeHeap() {
        remaining = spans.count
        var index = remaining / 2
        while index > 0 {
            index -= 1
            siftDown(from: index)
        }
    }

    private mutating func siftDown(from start: Int) {
        let count = remaining
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            spans.withUnsafeMutableBufferPointer { heap in
                func precedes(_ a: Span, _ b: Span) -> Bool {
                    NaturalOrder.precedes(
                        UnsafeBufferPointer(start: base + Int(a.start), count: Int(a.length)),
                        UnsafeBufferPointer(start: base + Int(b.start), count: Int(b.length)))
                }
                var parent = start
                while true {
                    let left = 2 * parent + 1
                    guard left < count else { return }
                    var child = left
                    if left + 1 < count, precedes(heap[left + 1], heap[left]) { child = left + 1 }
                    guard precedes(heap[child], heap[parent]) else { return }
                    heap.swapAt(parent, child)
                    parent = child
                }
            }
        }
    }
}

/// A folder could not be listed.
struct DirectoryListingError: Error, CustomStringConvertible {
    var code: Int32
    var description: String { String(cString: strerror(code)) }
}
