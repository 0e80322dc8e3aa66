/// Encodings a screen keeps so a picture is encoded once, not on every frame that draws it: a
/// sixel's bands, an iTerm2 picture's JPEG. Keyed by protocol and image id; at most
/// ``capacity`` entries and ``byteLimit`` bytes (``ByteCounting``): beyond either, the least
/// recently used go, one at a time, except those of the pictures on screen (``markShown(_:)``),
/// which stay even past the limit (dropping one would only make it again at once).
///
/// ```swift
/// cache.markShown(frame.pictures.compactMap(\.picture.image))   // each frame, first
/// let jpeg = cache.value(for: image, by: self) { ITermGraphics.inlineImage(image.bitmap, cells: image.cells) }
/// ```
public struct GraphicsEncodingCache: Sendable {
    /// The most encodings kept.
    public let capacity: Int
    /// The most bytes of encodings kept (those on screen aside).
    public let byteLimit: Int
    private var entries: [Key: Entry] = [:]
    /// Bytes of the encodings kept.
    public private(set) var byteCount = 0
    /// Advanced by each ``markShown(_:)``: an entry used at the current tick is on screen.
    private var tick = 0
    /// Encodings of parts of pictures (a sixel cut at the screen's left or right edge), kept apart so that
    /// many of them never push out the pictures' own: at most ``capacity`` and ``byteLimit``
    /// too, all dropped when full.
    private var parts: [PartKey: any Sendable] = [:]
    private var partBytes = 0

    private struct Key: Hashable {
        var protocolName: String
        var imageID: UInt32
    }

    private struct PartKey: Hashable {
        var key: Key
        var part: [Int]
    }

    private struct Entry {
        var value: any Sendable
        var bytes: Int
        var lastUsed: Int
    }

    /// 16 MiB: some 40 sixel pictures of 320×320 pixels (indices, and bands from three row
    /// offsets; `feedbench --scenario scroll` draws such a list).
    public static let defaultByteLimit = 16 << 20

    /// An empty cache of at most `capacity` encodings (at least 1) and `byteLimit` bytes.
    public init(capacity: Int = 128, byteLimit: Int = Self.defaultByteLimit) {
        self.capacity = max(1, capacity)
        self.byteLimit = max(0, byteLimit)
    }

    /// How many encodings are kept.
    public var count: Int { entries.count }

    /// How many encodings of parts of pictures are kept.
    public var partCount: Int { parts.count }

    /// What `value` weighs: its bytes, its ``ByteCounting/byteCount``, or nothing.
    private static func bytes(of value: any Sendable) -> Int {
        if let bytes = value as? [UInt8] { return bytes.count }
        return (value as? any ByteCounting)?.byteCount ?? 0
    }

    /// `images` are on screen (call once a frame, before it draws): their encodings are the last
    /// to go, and never while they show.
    public mutating func markShown(_ images: some Sequence<TerminalImage>) {
        tick += 1
        for image in images {
            let key = Key(protocolName: image.graphics.name, imageID: image.id)
            entries[key]?.lastUsed = tick
        }
    }

    /// `graphics`' encoding of the part `part` of `image` (a crop's rectangle, say): the one kept,
    /// else `make()`'s, kept.
    public mutating func value<Value: Sendable>(
        for image: TerminalImage, by graphics: some GraphicsProtocol, part: [Int], make: () -> Value
    ) -> Value {
        let key = PartKey(key: Key(protocolName: graphics.name, imageID: image.id), part: part)
        if let kept = parts[key] as? Value { return kept }
        let made = make()
        let bytes = Self.bytes(of: made)
        if parts.count >= capacity || partBytes + bytes > byteLimit {
            parts.removeAll()
            partBytes = 0
        }
        parts[key] = made
        partBytes += bytes
        return made
    }

    /// Whether `graphics`' encoding of `image` is kept.
    public func contains(_ image: TerminalImage, by graphics: some GraphicsProtocol) -> Bool {
        entries[Key(protocolName: graphics.name, imageID: image.id)] != nil
    }

    /// Keeps `value` as `graphics`' encoding of the image `imageID` (made elsewhere: a screen's
    /// preparation off the frame path).
    public mutating func insert(_ value: any Sendable, forImage imageID: UInt32, by graphics: any GraphicsProtocol) {
        keep(value, for: Key(protocolName: graphics.name, imageID: imageID))
    }

    /// `graphics`' encoding of `image`, no longer kept (one that is used once: a transmission).
    public mutating func take(for image: TerminalImage, by graphics: some GraphicsProtocol) -> (any Sendable)? {
        guard let entry = entries.removeValue(forKey: Key(protocolName: graphics.name, imageID: image.id)) else { return nil }
        byteCount -= entry.bytes
        return entry.value
    }

    /// `graphics`' encoding of `image`: the one kept, else `make()`'s, kept.
    public mutating func value<Value: Sendable>(
        for image: TerminalImage, by graphics: some GraphicsProtocol, make: () -> Value
    ) -> Value {
        let key = Key(protocolName: graphics.name, imageID: image.id)
        if let kept = entries[key]?.value as? Value {
            entries[key]?.lastUsed = tick
            return kept
        }
        let made = make()
        keep(made, for: key)
        return made
    }

    /// Keeps `value` under `key`, then lets the least recently used go while over a limit.
    private mutating func keep(_ value: any Sendable, for key: Key) {
        let bytes = Self.bytes(of: value)
        if let old = entries.updateValue(Entry(value: value, bytes: bytes, lastUsed: tick), forKey: key) {
            byteCount -= old.bytes
        }
        byteCount += bytes
        while entries.count > capacity || byteCount > byteLimit {
            // The least recently used, not on screen and not the one just kept (a few hundred
            // entries at most: a scan).
            var oldest: (key: Key, lastUsed: Int)?
            for (candidate, entry) in entries where candidate != key && entry.lastUsed < tick {
                if oldest == nil || entry.lastUsed < oldest!.lastUsed { oldest = (candidate, entry.lastUsed) }
            }
            guard let oldest, let gone = entries.removeValue(forKey: oldest.key) else { break }
            byteCount -= gone.bytes
        }
    }
}
