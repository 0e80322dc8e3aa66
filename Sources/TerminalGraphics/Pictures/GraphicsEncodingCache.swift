/// Encodings a screen keeps so a picture is encoded once, not on every frame that draws it: a
/// sixel's quantised palette, an iTerm2 picture's JPEG. Keyed by protocol and image id; at most
/// ``capacity`` entries (all are dropped when it is reached: the pictures on screen are encoded
/// again on their next draw, the rest never are).
///
/// ```swift
/// let quantized = cache.value(for: image, by: self) { PaletteQuantizer.quantize(image.bitmap) }
/// ```
public struct GraphicsEncodingCache: Sendable {
    /// The most encodings kept.
    public let capacity: Int
    private var entries: [Key: any Sendable] = [:]
    /// Encodings of parts of pictures (a sixel cut at the screen's left or right edge), kept apart so that
    /// many of them never push out the pictures' own: at most ``capacity`` too, all dropped when full.
    private var parts: [PartKey: any Sendable] = [:]

    private struct Key: Hashable {
        var protocolName: String
        var imageID: UInt32
    }

    private struct PartKey: Hashable {
        var key: Key
        var part: [Int]
    }

    /// An empty cache of at most `capacity` encodings (at least 1).
    public init(capacity: Int = 128) {
        self.capacity = max(1, capacity)
    }

    /// How many encodings are kept.
    public var count: Int { entries.count }

    /// How many encodings of parts of pictures are kept.
    public var partCount: Int { parts.count }

    /// `graphics`' encoding of the part `part` of `image` (a crop's rectangle, say): the one kept,
    /// else `make()`'s, kept.
    public mutating func value<Value: Sendable>(
        for image: TerminalImage, by graphics: some GraphicsProtocol, part: [Int], make: () -> Value
    ) -> Value {
        let key = PartKey(key: Key(protocolName: graphics.name, imageID: image.id), part: part)
        if let kept = parts[key] as? Value { return kept }
        let made = make()
        if parts.count >= capacity { parts.removeAll() }
        parts[key] = made
        return made
    }

    /// Whether `graphics`' encoding of `image` is kept.
    public func contains(_ image: TerminalImage, by graphics: some GraphicsProtocol) -> Bool {
        entries[Key(protocolName: graphics.name, imageID: image.id)] != nil
    }

    /// Keeps `value` as `graphics`' encoding of the image `imageID` (made elsewhere: a screen's
    /// preparation off the frame path).
    public mutating func insert(_ value: any Sendable, forImage imageID: UInt32, by graphics: any GraphicsProtocol) {
        if entries.count >= capacity { entries.removeAll() }
        entries[Key(protocolName: graphics.name, imageID: imageID)] = value
    }

    /// `graphics`' encoding of `image`, no longer kept (one that is used once: a transmission).
    public mutating func take(for image: TerminalImage, by graphics: some GraphicsProtocol) -> (any Sendable)? {
        entries.removeValue(forKey: Key(protocolName: graphics.name, imageID: image.id))
    }

    /// `graphics`' encoding of `image`: the one kept, else `make()`'s, kept.
    public mutating func value<Value: Sendable>(
        for image: TerminalImage, by graphics: some GraphicsProtocol, make: () -> Value
    ) -> Value {
        let key = Key(protocolName: graphics.name, imageID: image.id)
        if let kept = entries[key] as? Value { return kept }
        let made = make()
        if entries.count >= capacity { entries.removeAll() }
        entries[key] = made
        return made
    }
}
