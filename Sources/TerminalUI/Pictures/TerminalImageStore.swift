import ImageCodecs

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
    /// How kitty images travel (inline, compressed, files; through tmux or not).
    public let transport: GraphicsTransport
    /// How pictures are put at their cells: by absolute position (a screen), or counted up from
    /// the line below a printed frame (a frame printed into a stream, `photofeed snapshot`).
    public var addressing: CursorAddressing = .absolute

    /// How the cursor is sent to a picture's cell.
    public enum CursorAddressing: Hashable, Sendable {
        /// `CSI row ; column H`.
        case absolute
        /// Up from the line below a frame of `lines` lines, then to the column.
        case upFrom(lines: Int)
    }
    private var lastShown: [UInt32: Int] = [:]
    /// Small palette-named ids for placeholder images (``GraphicsTransport/indexedPlaceholderIDs``).
    private var indexedIDs = IndexedImageIDs()
    private var sixelCache: [UInt32: PaletteQuantizer.Result] = [:]
    private var itermCache: [UInt32: [UInt8]] = [:]
    private var clock = 0

    /// An empty store holding at most `capacity` images off screen (at least 1).
    public init(capacity: Int = 128, transport: GraphicsTransport = GraphicsTransport()) {
        self.capacity = max(1, capacity)
        self.transport = transport
    }

    /// The ids held now.
    public var held: Set<UInt32> { Set(lastShown.keys) }

    /// Whether placeholder cells must be renamed to small palette-named ids before they are drawn.
    public var renamesPlaceholders: Bool { transport.indexedPlaceholderIDs }

    /// Gives the placeholder images on screen their small ids (call before their cells are
    /// drawn); an id that now names another image is forgotten as held, so it is transmitted anew.
    public mutating func assignIndexedIDs(_ images: [TerminalImage]) {
        guard renamesPlaceholders else { return }
        let reassigned = indexedIDs.assign(onScreen: images.filter { $0.placement == .placeholders }.map(\.id))
        for id in reassigned { lastShown[id] = nil }
    }

    /// A placeholder cell as drawn: naming its image's small id when ids are palette-named.
    public func drawn(_ cell: ScreenCell) -> ScreenCell {
        guard renamesPlaceholders, let image = KittyPlaceholder.imageID(of: cell), let id = indexedIDs.id(for: image) else {
            return cell
        }
        return KittyPlaceholder.renamed(cell, to: id)
    }

    /// The bytes that make `images` (those on screen now) shown: transmissions of new ones, then
    /// deletions of the least recently shown ones beyond the capacity.
    public mutating func show(_ images: [TerminalImage]) -> [UInt8] {
        let images = renamesPlaceholders
            ? images.map { image in
                image.placement == .placeholders ? indexedIDs.id(for: image.id).map { image.renamed($0) } ?? image : image
            }
            : images
        clock += 1
        var bytes: [UInt8] = []
        var onScreen = Set<UInt32>()
        for image in images where onScreen.insert(image.id).inserted {
            if lastShown[image.id] == nil { bytes += transport.wrap(transport.transmitKitty(image)) }
            lastShown[image.id] = clock
        }
        let excess = lastShown.count - onScreen.count - capacity
        if excess > 0 {
            let oldest = lastShown.filter { !onScreen.contains($0.key) }.sorted { $0.value < $1.value }.prefix(excess)
            for (id, _) in oldest {
                lastShown[id] = nil
                bytes += transport.wrap(KittyGraphics.delete(id: id))
            }
        }
        return bytes
    }

    /// The bytes that take the terminal from the last frame's pictures to `changes.frame`'s: new
    /// images transmitted, direct placements that moved or went deleted, the new ones placed,
    /// and images beyond the capacity deleted.
    public mutating func apply(_ changes: FrameChanges, redrawnLines: Set<Int> = []) -> [UInt8] {
        let pictures = changes.frame.pictures
        var bytes = show(pictures.compactMap(\.picture.image).filter { !$0.placement.isDrawnOverText })
        let placedNow = Set(
            changes.placed.compactMap { placement in
                placement.picture.image.map { PlacementKey(image: $0.id, placement: Self.placementID(placement.key)) }
            })
        for old in changes.removed {
            guard let image = old.picture.image, image.placement == .direct else { continue }
            let key = PlacementKey(image: image.id, placement: Self.placementID(old.key))
            // Placing again with the same ids moves it; otherwise it goes.
            if !placedNow.contains(key), lastShown[image.id] != nil {
                bytes += transport.wrap(KittyGraphics.deletePlacement(id: image.id, placementID: key.placement))
            }
        }
        for placement in changes.placed {
            guard let image = placement.picture.image, image.placement == .direct else { continue }
            let place = KittyGraphics.place(
                image, placementID: Self.placementID(placement.key), origin: placement.origin, visible: placement.visible)
            bytes += at(placement.visible.origin, transport.wrap(place))
        }
        // Sixels and iTerm2 images: drawn when placed, and again where the text layer was
        // redrawn over them.
        let placedKeys = Set(changes.placed.map(\.key))
        for placement in pictures {
            guard let image = placement.picture.image, image.placement.isDrawnOverText else { continue }
            let repainted = placement.visible.rowRange.contains { redrawnLines.contains($0) }
            guard placedKeys.contains(placement.key) || repainted else { continue }
            let drawn =
                image.placement == .sixel
                ? sixel(image, origin: placement.origin, visible: placement.visible)
                : iterm(image, origin: placement.origin, visible: placement.visible)
            bytes += at(placement.visible.origin, drawn)
        }
        return bytes
    }

    /// `body` written with the cursor at `point`, the cursor saved before and restored after (so
    /// the text layer's idea of it stays true).
    private func at(_ point: CellPoint, _ body: [UInt8]) -> [UInt8] {
        guard !body.isEmpty else { return [] }
        let move: String
        switch addressing {
        case .absolute: move = "\u{1B}[\(point.row + 1);\(point.column + 1)H"
        case .upFrom(let lines): move = "\u{1B}[\(max(1, lines - point.row))A\u{1B}[\(point.column + 1)G"
        }
        return Array("\u{1B}7\(move)".utf8) + body + Array("\u{1B}8".utf8)
    }

    /// The visible part of an iTerm2 picture (the whole one encoded once and kept).
    private mutating func iterm(_ image: TerminalImage, origin: CellPoint, visible: CellRect) -> [UInt8] {
        guard visible.size != image.cells || visible.origin != origin else {
            if let cached = itermCache[image.id] { return cached }
            let encoded = ITermGraphics.inlineImage(image.bitmap, cells: image.cells)
            if itermCache.count >= capacity { itermCache.removeAll() }
            itermCache[image.id] = encoded
            return encoded
        }
        let bitmap = image.bitmap
        guard
            let rect = Self.visiblePixels(
                width: bitmap.width, height: bitmap.height, cells: image.cells, origin: origin, visible: visible)
        else { return [] }
        return ITermGraphics.inlineImage(bitmap.cropped(to: rect), cells: visible.size)
    }

    /// The visible part of a sixel picture, written at its cells with the cursor saved and restored.
    private mutating func sixel(_ image: TerminalImage, origin: CellPoint, visible: CellRect) -> [UInt8] {
        let quantized: PaletteQuantizer.Result
        if let cached = sixelCache[image.id] {
            quantized = cached
        } else {
            quantized = PaletteQuantizer.quantize(image.bitmap, colors: 256, dither: true)
            if sixelCache.count >= capacity { sixelCache.removeAll() }
            sixelCache[image.id] = quantized
        }
        guard
            let rect = Self.visiblePixels(
                width: quantized.width, height: quantized.height, cells: image.cells, origin: origin, visible: visible)
        else { return [] }
        var indices = [UInt8]()
        indices.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<(rect.y + rect.height) {
            let start = y * quantized.width + rect.x
            indices += quantized.indices[start..<(start + rect.width)]
        }
        let crop = PaletteQuantizer.Result(
            palette: quantized.palette, indices: indices, width: rect.width, height: rect.height)
        return SixelEncoder.encode(crop)
    }

    /// The pixels of a `width`×`height` picture covering `cells` that show when its top-left cell
    /// would be at `origin` and only `visible` shows; nil when none do.
    static func visiblePixels(width: Int, height: Int, cells: TerminalSize, origin: CellPoint, visible: CellRect) -> PixelRect? {
        guard cells.rows > 0, cells.columns > 0 else { return nil }
        let top = height * (visible.origin.row - origin.row) / cells.rows
        let left = width * (visible.origin.column - origin.column) / cells.columns
        let rows = min(height - top, height * visible.size.rows / cells.rows)
        let columns = min(width - left, width * visible.size.columns / cells.columns)
        guard rows > 0, columns > 0 else { return nil }
        return PixelRect(x: left, y: top, width: columns, height: rows)
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

    /// Deletes every held image (and any temporary file the terminal did not take).
    public mutating func removeAll() -> [UInt8] {
        defer { lastShown.removeAll() }
        if case .files(let sink) = transport.medium { sink.removeLeftovers() }
        return transport.wrap(lastShown.keys.sorted().flatMap { KittyGraphics.delete(id: $0) })
    }
}
