#if canImport(Glibc)
import Glibc
#endif

/// The bytes this thread has passed to `write` so far (`wchar` in `/proc/thread-self/io`):
/// around ncurses' refresh, the difference is what ncurses wrote to the terminal, which it
/// writes itself and does not count. Nil where the kernel keeps no such count.
///
/// ```swift
/// let before = ThreadWrites.count()
/// doupdate()
/// let text = ThreadWrites.count().flatMap { after in before.map { after - $0 } } ?? 0
/// ```
enum ThreadWrites {
    static func count() -> Int? {
        let descriptor = open("/proc/thread-self/io", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return value(named: "wchar", in: buffer[0..<count])
    }

    /// The number after `name: ` on its own line of `text` (the file's format).
    static func value(named name: String, in text: ArraySlice<UInt8>) -> Int? {
        for line in text.split(separator: UInt8(ascii: "\n")) {
            let parts = line.split(separator: UInt8(ascii: ":"), maxSplits: 1)
            guard parts.count == 2, parts[0].elementsEqual(name.utf8) else { continue }
            return Int(String(decoding: parts[1], as: UTF8.self).trimmingPrefix(while: { $0 == " " }))
        }
        return nil
    }
}
