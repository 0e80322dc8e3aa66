/// Which images a terminal holds, so each is transmitted once and the terminal's memory stays
/// bounded: pure bookkeeping that answers with the escape bytes to write.
///
/// An image placed in a frame is transmitted the first time; images not on screen are deleted
/// once more than ``capacity`` are held, least recently shown first; ``removeAll()`` deletes
/// every one (on quit). Ids are derived from the pixels, so a held id never shows another picture.
///
/// ```swift
/// var store = TerminalImageStore(capacity: 128)
/// let bytes = store.show(frame.pictures.compactMap(\.picture.image))   // transmit new, delete old
/// ```
public struct TerminalImageStore: Sendable {
    /// The most images held at once, beyond those on screen.
    public let capacity: Int
    private var lastShown: [UInt32: Int] = [:]
    private var clock = 0

    /// An empty store holding at most `capacity` images off screen (at least 1).
    public init(capacity: Int = 128) {
        self.capacity = max(1, capacity)
    }

    /// The ids held now.
    public var held: Set<UInt32> { Set(lastShown.keys) }

    /// The bytes that make `images` (those on screen now) shown: transmissions of new ones, then
    /// deletions of the least recently shown ones beyond the capacity.
    public mutating func show(_ images: [TerminalImage]) -> [UInt8] {
        clock += 1
        var bytes: [UInt8] = []
        var onScreen = Set<UInt32>()
        for image in images where onScreen.insert(image.id).inserted {
            if lastShown[image.id] == nil { bytes += KittyGraphics.transmit(image) }
            lastShown[image.id] = clock
        }
        let excess = lastShown.count - onScreen.count - capacity
        if excess > 0 {
            let oldest = lastShown.filter { !onScreen.contains($0.key) }.sorted { $0.value < $1.value }.prefix(excess)
            for (id, _) in oldest {
                lastShown[id] = nil
                bytes += KittyGraphics.delete(id: id)
            }
        }
        return bytes
    }

    /// The bytes that take the terminal from the last frame's pictures to `changes.frame`'s: new
    /// images transmitted, direct placements that moved or went deleted, the new ones placed,
    /// and images beyond the capacity deleted.
    public mutating func apply(_ changes: FrameChanges) -> [UInt8] {
        let pictures = changes.frame.pictures
        var bytes = show(pictures.compactMap(\.picture.image))
        let placedNow = Set(
            changes.placed.compactMap { placement in
                placement.picture.image.map { PlacementKey(image: $0.id, placement: Self.placementID(placement.key)) }
            })
        for old in changes.removed {
            guard let image = old.picture.image, image.placement == .direct else { continue }
            let key = PlacementKey(image: image.id, placement: Self.placementID(old.key))
            // Placing again with the same ids moves it; otherwise it goes.
            if !placedNow.contains(key), lastShown[image.id] != nil {
                bytes += KittyGraphics.deletePlacement(id: image.id, placementID: key.placement)
            }
        }
        for placement in changes.placed {
            guard let image = placement.picture.image, image.placement == .direct else { continue }
            bytes += KittyGraphics.place(
                image, placementID: Self.placementID(placement.key), origin: placement.origin, visible: placement.visible)
        }
        return bytes
    }

    /// A stable placement id for a frame's picture slot (never 0).
    static func placementID(_ key: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return max(1, hash & 0x00FF_FFFF)
    }

    private struct PlacementKey: Hashable {
        var image: UInt32
        var placement: UInt32
    }

    /// Deletes every held image.
    public mutating func removeAll() -> [UInt8] {
        defer { lastShown.removeAll() }
        return lastShown.keys.sorted().flatMap { KittyGraphics.delete(id: $0) }
    }
}
