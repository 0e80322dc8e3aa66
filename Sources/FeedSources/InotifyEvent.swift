/// One inotify event as the kernel writes it (`struct inotify_event`: watch, mask, cookie,
/// name length, then the name padded with zeros), parsed from the bytes a `read` gave.
///
/// ```swift
/// for event in InotifyEvent.parse(bytes) where event.mask & UInt32(IN_CLOSE_WRITE) != 0 { … }
/// ```
struct InotifyEvent: Sendable, Hashable {
    /// The watch descriptor (-1 for a queue overflow).
    var watch: Int32
    var mask: UInt32
    var cookie: UInt32
    /// The entry's name in the watched folder, its bytes as the kernel gave them (empty for an
    /// event on the folder itself): a name that is not UTF-8 is its own file.
    var name: [UInt8]

    /// The name as text, for the names of folders (which the watch table keeps as text).
    var nameText: String { String(decoding: name, as: UTF8.self) }

    /// The fixed part of an event, before its name.
    static let headerSize = 16

    /// The events in `bytes`; a truncated last event is dropped (a `read` returns whole events).
    static func parse(_ bytes: UnsafeRawBufferPointer) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var offset = 0
        while offset + headerSize <= bytes.count {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let cookie = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let start = offset + headerSize
            guard start + length <= bytes.count else { break }
            var end = start
            while end < start + length, bytes[end] != 0 { end += 1 }
            let name = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            events.append(InotifyEvent(watch: watch, mask: mask, cookie: cookie, name: name))
            offset = start + length
        }
        return events
    }
}
