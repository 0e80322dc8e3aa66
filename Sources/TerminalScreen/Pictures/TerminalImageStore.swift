public import TerminalGraphics
import Vocabulary

/// What a screen's terminal-drawn pictures need from frame to frame, whatever their protocol:
/// pure bookkeeping that answers with the escape bytes to write, asking each picture's
/// ``GraphicsProtocol`` for them.
///
/// An image of a protocol that holds pixels (kitty) is transmitted the first time it is placed;
/// images not on screen are released once more than ``capacity`` are held, least recently shown
/// first; ``removeAll()`` releases every one (on quit). Ids are derived from the pixels, so a
/// held id never shows another picture. Each picture is drawn where it was placed (the cursor
/// moved there and back), placements that went are erased, and costly encodings are kept.
///
/// With a ``preparation``, a frame never makes a costly encoding itself (a kitty PNG, a sixel
/// palette, an iTerm2 JPEG: ``GraphicsProtocol/preparesOffFrame``): it asks for it, leaves the
/// picture out, and draws it on the first frame after the encoding is ready
/// (``hasWaitingPictures`` says a frame should be drawn for it even when nothing else changed).
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
    /// The images the terminal holds: when each was last shown, and its protocol (to release it).
    private var held: [UInt32: Held] = [:]
    /// Small palette-named ids for placeholder images (``GraphicsTransport/indexedPlaceholderIDs``).
    private var indexedIDs = IndexedImageIDs()
    /// Encodings kept so a picture drawn again is not encoded again (sixel bands, iTerm2 JPEGs),
    /// up to a number of bytes (those of the pictures on screen aside).
    private var encodings: GraphicsEncodingCache
    private var clock = 0
    /// Makes costly encodings off the frame path (nil: each frame makes what it draws).
    public var preparation: PicturePreparation?
    /// Placements left out of a frame because their encoding was not ready, drawn once it is.
    private var waiting: Set<String> = []
    /// A kitty transmission the link's window cut short, to go on in the next frames.
    private var cut: CutTransmission?
    /// Pictures' pixels written since ``takeWrites()``, by placement.
    private var writes: [PictureWrite] = []
    /// The image each placement showed last, once the terminal held it.
    private var lastHeld: [String: UInt32] = [:]
    /// Placeholder images not held yet whose cells name the image their placement showed
    /// before (an animation's last frame): the slot keeps its picture until the new one arrives.
    private var standIns: [UInt32: UInt32] = [:]
    /// Placements whose stand-in ended this frame: their cells must be drawn again.
    private var arrived: [String] = []
    /// Lighter versions of pictures (a sixteenth of the pixels), by the picture's id: what a
    /// slow link carries first while keys come.
    private var lighter: [UInt32: TerminalImage] = [:]

    private struct Held {
        var lastShown: Int
        var graphics: any GraphicsProtocol
    }

    /// An empty store holding at most `capacity` images off screen (at least 1), and keeping at
    /// most `encodingBytes` of their encodings besides those on screen.
    public init(
        capacity: Int = 128, transport: GraphicsTransport = GraphicsTransport(),
        encodingBytes: Int = GraphicsEncodingCache.defaultByteLimit
    ) {
        self.capacity = max(1, capacity)
        self.transport = transport
        self.encodings = GraphicsEncodingCache(capacity: max(1, capacity), byteLimit: encodingBytes)
    }

    /// Bytes of encodings kept (sixel bands, iTerm2 JPEGs).
    public var encodingBytes: Int { encodings.byteCount }

    /// The ids held now.
    public var heldIDs: Set<UInt32> { Set(held.keys) }

    /// Whether placeholder cells must be renamed to small palette-named ids before they are drawn.
    public var renamesPlaceholders: Bool { transport.indexedPlaceholderIDs }

    /// Readies the cells of `pictures` (call before they are drawn): a placeholder picture whose
    /// image the terminal does not hold yet, in a placement whose last image it holds, is drawn
    /// naming that one until its own arrives (``takeArrived()`` then says to draw it again);
    /// with small palette ids, the images get theirs.
    public mutating func prepareCells(for pictures: [PicturePlacement]) {
        standIns.removeAll()
        if !renamesPlaceholders {
            for placement in pictures {
                guard let image = placement.picture.image, image.graphics.namesImageInCells, held[image.id] == nil,
                    let last = lastHeld[placement.key], last != image.id, held[last] != nil
                else { continue }
                standIns[image.id] = last
            }
        }
        assignIndexedIDs(pictures.compactMap(\.picture.image))
    }

    /// The placements whose picture arrived this frame after a stand-in showed: their cells
    /// must be drawn again, naming it.
    public mutating func takeArrived() -> [String] {
        defer { arrived.removeAll() }
        return arrived
    }

    /// Gives the images on screen whose cells name them their small ids (call before their cells
    /// are drawn); an id that now names another image is forgotten as held, so it is transmitted anew.
    public mutating func assignIndexedIDs(_ images: [TerminalImage]) {
        guard renamesPlaceholders else { return }
        let reassigned = indexedIDs.assign(onScreen: images.filter(\.graphics.namesImageInCells).map(\.id))
        for id in reassigned { held[id] = nil }
    }

    /// Whether cells must pass through ``drawn(_:)``: some are renamed.
    public var renamesCells: Bool { renamesPlaceholders || !standIns.isEmpty }

    /// A placeholder cell as drawn: naming its placement's last image while its own is not held
    /// (``prepareCells(for:)``), its image's small id when ids are palette-named.
    public func drawn(_ cell: ScreenCell) -> ScreenCell {
        guard let image = KittyPlaceholder.imageID(of: cell) else { return cell }
        if let standIn = standIns[image] { return KittyPlaceholder.renamed(cell, to: standIn, indexed: false) }
        guard renamesPlaceholders, let id = indexedIDs.id(for: image) else { return cell }
        return KittyPlaceholder.renamed(cell, to: id)
    }

    /// Whether a picture waits for its encoding: the screen should draw a frame once it is
    /// ready, even when nothing else changed.
    public var hasWaitingPictures: Bool { !waiting.isEmpty || cut != nil }

    /// The pictures' pixels written since the last call, by placement, oldest first: what the
    /// semantics audit checks against the rows on screen.
    public mutating func takeWrites() -> [PictureWrite] {
        defer { writes.removeAll() }
        return writes
    }

    private mutating func log(_ key: String, _ count: Int) {
        guard count > 0, !key.isEmpty else { return }
        writes.append(PictureWrite(key: key, bytes: count))
    }

    /// Whether `image`'s costly encoding is ready (asking for it when not). Always, without a
    /// preparation.
    private mutating func isPrepared(_ image: TerminalImage) -> Bool {
        guard let preparation, image.graphics.preparesOffFrame else { return true }
        // A placeholder image under a small palette id is transmitted in the frame: its id may
        // name another image by the time an encoding made off the frame would arrive.
        if renamesPlaceholders, image.graphics.namesImageInCells { return true }
        if image.graphics.holdsImages, held[image.id] != nil { return true }
        if encodings.contains(image, by: image.graphics) { return true }
        preparation.request(image, transport: transport)
        return false
    }

    /// The id the terminal holds `image` under: its small palette id when placeholders are renamed.
    private func heldID(of image: TerminalImage) -> UInt32 {
        guard renamesPlaceholders, image.graphics.namesImageInCells, let small = indexedIDs.id(for: image.id) else { return image.id }
        return small
    }

    /// The encodings made off the frame path since the last frame, kept.
    private mutating func takePrepared() {
        guard let preparation else { return }
        for made in preparation.takeMade() {
            encodings.insert(made.value, forImage: made.imageID, by: made.graphics)
        }
    }

    /// The bytes that make `images` (those on screen now) held by the terminal: transmissions of
    /// new ones, then releases of the least recently shown ones beyond the capacity. Images of
    /// protocols that hold nothing are left out, and (with a ``preparation``) those whose
    /// transmission is not ready yet.
    public mutating func show(_ images: [TerminalImage]) -> [UInt8] {
        clock += 1
        encodings.markShown(images)
        takePrepared()
        var allowance = PictureAllowance.unlimited
        var toCut: CutTransmission?
        return hold(images.map { ($0, "") }, allowance: &allowance, toCut: &toCut)
    }

    /// The transmissions of `images` not held yet, each whole as far as `allowance` admits; the
    /// first one that does not fit and can be cut is left in `toCut` (to begin once every other
    /// graphics command of the frame is written), the others wait. Then the releases.
    private mutating func hold(
        _ images: [(image: TerminalImage, key: String)], allowance: inout PictureAllowance, toCut: inout CutTransmission?
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        // Pictures standing in for others are on screen too.
        var onScreen = Set(standIns.values)
        // Pictures a placement never showed go first; a placement's next picture (an
        // animation's frame, the whole of a lighter one) goes only while the screen rests.
        let firstShown = images.filter { lastHeld[$0.key] == nil }
        for (original, key) in firstShown + images.filter({ lastHeld[$0.key] != nil }) where original.graphics.holdsImages {
            var image = original
            let renamed = renamesPlaceholders && image.graphics.namesImageInCells
            if renamed, let small = indexedIDs.id(for: image.id) { image = image.renamed(small) }
            guard onScreen.insert(image.id).inserted else { continue }
            if held[image.id] == nil {
                guard cut?.imageID != image.id else { continue }
                var isLighter = false
                let replacing = lastHeld[key] != nil
                if replacing, !allowance.resting { continue }
                if !replacing, !allowance.resting {
                    if let light = lighterVersion(of: image, renamed: renamed, within: allowance) {
                        // Keys come faster than the link carries the picture: a sixteenth of its
                        // pixels go first, and stand in until the screen rests.
                        image = light
                        isLighter = true
                        guard onScreen.insert(image.id).inserted, held[image.id] == nil, cut?.imageID != image.id else { continue }
                    } else if !allowance.wholePicturesGo {
                        continue
                    }
                }
                guard isPrepared(image) else { continue }
                let transmission = image.graphics.transmit(image, transport: transport, cache: &encodings)
                // A small palette id may name another image before a cut transmission ends: those go whole.
                let cuttable = !renamed
                if transmission.count > allowance.bytes, cuttable {
                    if toCut == nil {
                        toCut = CutTransmission(
                            imageID: image.id, key: key, graphics: image.graphics, bytes: transmission, isLighter: isLighter)
                    } else {
                        encodings.insert(transmission, forImage: image.id, by: image.graphics)
                    }
                    continue
                }
                guard allowance.admits(transmission.count, cuttable: false) else {
                    encodings.insert(transmission, forImage: image.id, by: image.graphics)
                    continue
                }
                bytes += transmission
                log(key, transmission.count)
            }
            held[image.id] = Held(lastShown: clock, graphics: image.graphics)
        }
        let excess = held.count - onScreen.count - capacity
        if excess > 0 {
            let oldest = held.filter { !onScreen.contains($0.key) }.sorted { $0.value.lastShown < $1.value.lastShown }.prefix(excess)
            for (id, image) in oldest {
                held[id] = nil
                bytes += image.graphics.release(id, transport: transport)
            }
        }
        return bytes
    }

    /// The bytes that take the terminal from the last frame's pictures to `changes.frame`'s: new
    /// images transmitted, placements that moved or went erased (by the protocols that erase by
    /// a command), the new ones drawn, pictures drawn over text drawn again where their lines
    /// were redrawn (`redrawnLines`), and images beyond the capacity released.
    ///
    /// Pictures' pixels go as far as `allowance` admits (the link's window): a kitty transmission
    /// is cut at its chunks and goes on in the next frames, before anything else graphical; a
    /// picture that cannot be cut goes whole or waits (``hasWaitingPictures``). A picture whose
    /// placement left the frame before its pixels went is never written; a cut transmission whose
    /// picture left (or, placed directly, whose frame must move other placements) is given up:
    /// its image deleted, which aborts the upload.
    public mutating func apply(
        _ changes: FrameChanges, redrawnLines: Set<Int> = [], allowance: PictureAllowance = .unlimited
    ) -> [UInt8] {
        let pictures = changes.frame.pictures
        let images = pictures.compactMap { placement in placement.picture.image.map { ($0, placement.key) } }
        clock += 1
        encodings.markShown(images.map(\.0))
        takePrepared()
        var allowance = allowance
        var bytes: [UInt8] = []
        if var going = cut {
            cut = nil
            // Its placement, even showing a newer picture (an animation's next frame): the first
            // picture of a slot is worth finishing, and stands in for the newer one.
            let onScreen = pictures.contains { $0.key == going.key }
            // A lighter version is given up once the screen rests: the whole goes instead.
            if !onScreen || placesHeldImages(changes) || (going.isLighter && allowance.resting) {
                bytes += going.graphics.release(going.imageID, transport: transport)
            } else {
                let piece = going.next(within: &allowance)
                bytes += piece
                log(going.key, piece.count)
                guard going.isDone else {
                    // Nothing else graphical until its last chunk went.
                    cut = going
                    waiting.formIntersection(pictures.map(\.key))
                    noteShown(pictures)
                    return bytes
                }
                held[going.imageID] = Held(lastShown: clock, graphics: going.graphics)
                standIn(going.imageID, for: going.key, in: pictures)
            }
        }
        var toCut: CutTransmission?
        bytes += hold(images, allowance: &allowance, toCut: &toCut)
        let placedNow = Set(
            changes.placed.compactMap { placement in
                placement.picture.image.map { PlacementKey(image: $0.id, placement: Self.placementID(placement.key)) }
            })
        for old in changes.removed {
            guard let image = old.picture.image, image.graphics.erasure == .command else { continue }
            let key = PlacementKey(image: image.id, placement: Self.placementID(old.key))
            // Placing again with the same ids moves it; otherwise it goes.
            if !placedNow.contains(key), held[image.id] != nil {
                bytes += image.graphics.erase(image, placementID: key.placement, transport: transport)
            }
        }
        // Drawn where placed; those drawn over text, also where the text layer was redrawn over them.
        let placedKeys = Set(changes.placed.map(\.key))
        waiting.formIntersection(pictures.map(\.key))
        for placement in pictures {
            guard let image = placement.picture.image else { continue }
            let whole = placedKeys.contains(placement.key) || waiting.contains(placement.key)
            let repainted = image.graphics.isDrawnOverText && placement.visible.rowRange.contains { redrawnLines.contains($0) }
            guard whole || repainted else { continue }
            guard isPrepared(image), !image.graphics.holdsImages || held[heldID(of: image)] != nil else {
                waiting.insert(placement.key)
                continue
            }
            let parts = whole ? [placement.visible] : Self.repaintedParts(of: placement.visible, redrawnLines: redrawnLines, erasure: image.graphics.erasure)
            var drawn: [UInt8] = []
            for part in parts {
                let body = image.graphics.encode(
                    image, at: placement.origin, visible: part, placementID: Self.placementID(placement.key),
                    transport: transport, cache: &encodings)
                append(body, at: part.origin, to: &drawn)
            }
            // Placements held by the terminal are commands, not pixels; pixels drawn over text count,
            // and wait while keys come over a slow link.
            if !image.graphics.holdsImages {
                guard allowance.wholePicturesGo, allowance.admits(drawn.count, cuttable: false) else {
                    waiting.insert(placement.key)
                    continue
                }
                log(placement.key, drawn.count)
            }
            waiting.remove(placement.key)
            bytes += drawn
        }
        if var starting = toCut {
            let piece = starting.next(within: &allowance)
            if piece.isEmpty {
                encodings.insert(starting.bytes, forImage: starting.imageID, by: starting.graphics)
            } else {
                bytes += piece
                log(starting.key, piece.count)
                if starting.isDone {
                    held[starting.imageID] = Held(lastShown: clock, graphics: starting.graphics)
                    standIn(starting.imageID, for: starting.key, in: pictures)
                } else {
                    cut = starting
                }
            }
        }
        noteShown(pictures)
        return bytes
    }

    /// A sixteenth of `image`'s pixels (a quarter of each side) in its cells, when the whole would
    /// not go now and its placeholder cells can name another image meanwhile; kept while on screen.
    /// Rows flown past cost their lighter versions only: a quarter of the pixels is still too much
    /// for a burst of keys (`feedbench --scenario slow-tty` measures the burst's bytes).
    private mutating func lighterVersion(of image: TerminalImage, renamed: Bool, within allowance: PictureAllowance) -> TerminalImage? {
        guard image.graphics.namesImageInCells, !renamed, image.bitmap.width >= 64, image.bitmap.height >= 64 else { return nil }
        // On a fast link the whole goes when it fits (its pixels' bytes, before compression).
        guard !allowance.fastLink || image.bitmap.width * image.bitmap.height * 3 / 2 > allowance.bytes else { return nil }
        if let light = lighter[image.id] { return light }
        let size = PixelSize(width: image.bitmap.width / 4, height: image.bitmap.height / 4)
        let light = TerminalImage(bitmap: image.bitmap.resized(to: size), cells: image.cells, graphics: image.graphics)
        lighter[image.id] = light
        return light
    }

    /// Makes `imageID`, just held, the picture `key` shows while the frame's newer picture there
    /// is not held: its cells are drawn again naming it.
    private mutating func standIn(_ imageID: UInt32, for key: String, in pictures: [PicturePlacement]) {
        guard let placement = pictures.first(where: { $0.key == key }), let image = placement.picture.image else { return }
        let id = heldID(of: image)
        guard id != imageID, held[id] == nil else { return }
        lastHeld[key] = imageID
        if image.graphics.namesImageInCells, !renamesPlaceholders {
            standIns[image.id] = imageID
            arrived.append(key)
        }
    }

    /// Keeps, for each placement, the image it shows once the terminal holds it, and which
    /// placements' stand-ins ended.
    private mutating func noteShown(_ pictures: [PicturePlacement]) {
        for placement in pictures {
            guard let image = placement.picture.image, image.graphics.holdsImages else { continue }
            let id = heldID(of: image)
            if held[id] == nil, lastHeld[placement.key] == nil, let light = lighter[image.id], held[light.id] != nil {
                // Its lighter version arrived: it stands in until the whole does.
                lastHeld[placement.key] = light.id
                standIns[image.id] = light.id
                arrived.append(placement.key)
            }
            guard held[id] != nil else { continue }
            if standIns[image.id] != nil, !arrived.contains(placement.key) {
                standIns[image.id] = nil
                arrived.append(placement.key)
            }
            lastHeld[placement.key] = id
        }
        // A placement no longer on screen starts afresh when it comes back.
        let keys = Set(pictures.map(\.key))
        lastHeld = lastHeld.filter { keys.contains($0.key) }
        let shown = Set(pictures.compactMap(\.picture.image?.id))
        lighter = lighter.filter { shown.contains($0.key) }
    }

    /// Whether `changes` move, erase or draw placements of images the terminal holds, by
    /// command (kitty placed directly): commands that cannot wait behind a cut transmission.
    private func placesHeldImages(_ changes: FrameChanges) -> Bool {
        let waitingHeld = changes.frame.pictures.contains { placement in
            guard waiting.contains(placement.key), let image = placement.picture.image else { return false }
            return image.graphics.erasure == .command && held[image.id] != nil
        }
        return waitingHeld
            || (changes.placed + changes.removed).contains { placement in
                guard let image = placement.picture.image, image.graphics.erasure == .command else { return false }
                return held[image.id] != nil
            }
    }

    /// What of a picture drawn over the text at `visible` to draw again once the text layer
    /// redrew `redrawnLines`: the runs of its lines redrawn, when text takes away only the
    /// lines it is written on (sixel: a spinner beside a picture costs the picture's line, not the
    /// picture, which is joined from its bands); the whole of it otherwise.
    static func repaintedParts(of visible: CellRect, redrawnLines: Set<Int>, erasure: GraphicsErasure) -> [CellRect] {
        guard erasure == .redrawingItsLines else { return [visible] }
        var parts: [CellRect] = []
        var row = visible.origin.row
        while row < visible.rowRange.upperBound {
            guard redrawnLines.contains(row) else {
                row += 1
                continue
            }
            var end = row + 1
            while end < visible.rowRange.upperBound, redrawnLines.contains(end) { end += 1 }
            parts.append(
                CellRect(
                    origin: CellPoint(row: row, column: visible.origin.column),
                    size: CellSize(columns: visible.size.columns, rows: end - row)))
            row = end
        }
        return parts
    }

    /// Appends `body` written with the cursor at `point` to `bytes`, the cursor saved before and
    /// restored after (so the text layer's idea of it stays true). Appended in place: a picture's
    /// bytes (a sixel of a hundred kilobytes and more) are copied once.
    private func append(_ body: [UInt8], at point: CellPoint, to bytes: inout [UInt8]) {
        guard !body.isEmpty else { return }
        let move: String
        switch addressing {
        case .absolute: move = "\u{1B}[\(point.row + 1);\(point.column + 1)H"
        case .upFrom(let lines): move = "\u{1B}[\(max(1, lines - point.row))A\u{1B}[\(point.column + 1)G"
        }
        bytes += "\u{1B}7\(move)".utf8
        bytes += body
        bytes += "\u{1B}8".utf8
    }

    /// A stable placement id for a frame's picture slot: 1…2²⁴−1, within ``KittyGraphics/imageIDs``.
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
        defer {
            held.removeAll()
            waiting.removeAll()
            cut = nil
            lastHeld.removeAll()
            standIns.removeAll()
        }
        if case .files(let sink) = transport.medium { sink.removeLeftovers() }
        let aborted = cut.map { $0.graphics.release($0.imageID, transport: transport) } ?? []
        return aborted + held.keys.sorted().flatMap { held[$0]!.graphics.release($0, transport: transport) }
    }
}
