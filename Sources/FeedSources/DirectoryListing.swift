import FoundationExtras
import SystemPackage

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
/// Read from one folder (``init(path:)``, ``DirectoryReader/read(into:atMost:)``), hidden names
/// (a leading dot) and subfolders (`d_type` says so) are left out; a ``FolderWalk`` adds paths
/// relative to its root ("2024/trip/a.jpg"), hidden ones when asked. Every name is a candidate
/// a page checks (``DirectoryFeed``). Names are handed out as the bytes `readdir` gave
/// (a `FilePath`): a name that is not UTF-8 is never decoded.
///
/// ```swift
/// var listing = try DirectoryListing(path: "/photos")
/// listing.count    // 3
/// listing.next()   // FilePath("a.png")
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

    /// No names yet: a ``DirectoryReader`` adds them batch by batch.
    init() {}

    /// Reads every name in `path`; throws the system's reason when it cannot be listed.
    init(path: FilePath) throws(DirectoryListingError) {
        let descriptor = path.openFile(O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DirectoryListingError(code: errno) }
        defer { close(descriptor) }
        let reader = try DirectoryReader(descriptor: descriptor)
        while try !reader.read(into: &self, atMost: 1 << 16) {}
    }

    /// Names given directly (tests), handed out as a folder's would be.
    init(names: [String]) {
        for name in names where !name.isEmpty && !name.hasPrefix(".") {
            spans.append(Span(start: UInt32(bytes.count), length: UInt32(name.utf8.count)))
            bytes.append(contentsOf: name.utf8)
        }
        makeHeap()
    }

    /// Adds a name (its bytes) to the heap. Only while none has been handed out: a folder is
    /// read to its end before its first page is taken.
    mutating func insert(_ name: UnsafeRawBufferPointer) {
        precondition(remaining == spans.count, "names are added before any is taken")
        spans.append(Span(start: UInt32(bytes.count), length: UInt32(name.count)))
        bytes.append(contentsOf: name)
        remaining = spans.count
        siftUp(from: remaining - 1)
    }

    /// Adds `prefix` then `name` as one name (a path relative to a walked folder: "2024/trip/" + "a.jpg").
    mutating func insert(prefix: [UInt8], name: UnsafeRawBufferPointer) {
        guard !prefix.isEmpty else { return insert(name) }
        precondition(remaining == spans.count, "names are added before any is taken")
        spans.append(Span(start: UInt32(bytes.count), length: UInt32(prefix.count + name.count)))
        bytes.append(contentsOf: prefix)
        bytes.append(contentsOf: name)
        remaining = spans.count
        siftUp(from: remaining - 1)
    }

    /// The `count` first names in natural order among those not handed out, without taking
    /// them: a walk down the heap from its root, about `count`² comparisons.
    func first(_ count: Int) -> [FilePath] {
        guard count > 0, remaining > 0 else { return [] }
        var result: [FilePath] = []
        var frontier = [0]
        while result.count < count, !frontier.isEmpty {
            var best = 0
            for index in frontier.indices.dropFirst() where precedes(spans[frontier[index]], spans[frontier[best]]) {
                best = index
            }
            let node = frontier.remove(at: best)
            result.append(name(spans[node]))
            for child in [2 * node + 1, 2 * node + 2] where child < remaining { frontier.append(child) }
        }
        return result
    }

    /// How many names in all.
    var count: Int { spans.count }

    /// The next name in natural order, or nil when every name has been handed out.
    mutating func next() -> FilePath? {
        guard remaining > 0 else { return nil }
        let smallest = spans[0]
        remaining -= 1
        spans.swapAt(0, remaining)
        siftDown(from: 0)
        return name(smallest)
    }

    /// The name ``next()`` would hand out, without taking it (a shot's other names are looked
    /// at this way: ``DirectoryFeed/takeShotNames()``).
    func peek() -> FilePath? {
        remaining > 0 ? name(spans[0]) : nil
    }

    private func name(_ span: Span) -> FilePath {
        let start = Int(span.start)
        return FilePath(bytes: bytes[start..<(start + Int(span.length))])
    }

    private func precedes(_ a: Span, _ b: Span) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            NaturalOrder.precedes(
                UnsafeBufferPointer(rebasing: buffer[Int(a.start)..<Int(a.start + a.length)]),
                UnsafeBufferPointer(rebasing: buffer[Int(b.start)..<Int(b.start + b.length)]))
        }
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

    private mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(spans[child], spans[parent]) else { return }
            spans.swapAt(parent, child)
            child = parent
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
