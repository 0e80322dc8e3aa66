import BlockArt
import FoundationEssentials
import ImageCodecs
import ImageLoading
import TerminalGraphics
import TerminalText
import Vocabulary

extension Show {
    /// `show --place` and `show --clear`: one picture drawn into its box of the screen, or what
    /// an earlier `--place` drew taken away. The whole picture is made before anything is
    /// written, and written in one call (``OutputGate``): a previewer killed meanwhile leaves
    /// nothing half written.
    static func showPlaced(
        _ settings: ShowSettings, terminal: ShowTerminal, options: BlockArtOptions, output: any ShowOutput,
        errors: any ShowOutput
    ) async -> Bool {
        let route = terminal.route
        let pixels = terminal.pixelOutput
        // The part of the box on the screen: a terminal would pull a cursor sent past its edge
        // back onto the screen, and draw there what was meant for outside it.
        let screen = ShowRoute.size(of: route.output)
        var placement = route.placement
        if let box = placement, let screen {
            guard let visible = box.clipped(to: screen) else {
                let line = "photofeed show: --place \(box) is outside the \(screen.columns)x\(screen.rows) screen"
                _ = errors.write(Array((line + "\n").utf8))
                return false
            }
            placement = visible
        }
        if settings.clear {
            // A host that reads text (fzf, ranger) draws its pane itself: nothing of ours is on it.
            guard route.destination.kind == .terminalOnStandardOutput || route.destination.kind == .terminalDevice else {
                return true
            }
            guard let bytes = Self.clearing(placement, pixels: pixels) else {
                let line = "photofeed show: --clear needs the box to blank: --place COLSxROWS@LEFTxTOP, as the picture was placed"
                _ = errors.write(Array((line + "\n").utf8))
                return false
            }
            _ = output.write(bytes)
            return true
        }
        guard let box = placement, let image = settings.images.first else { return true }
        do {
            let placed: (bytes: [UInt8], damage: ImageDamage?)
            // Block art's picture kept for the next cursor move, written once the output is.
            let thumbnails = pixels == nil ? Self.pictureThumbnails(settings, aspect: terminal.profile.cellAspect.aspect) : nil
            if let pixels {
                placed = try await Self.placedPixels(image, pixels: pixels, in: box, settings: settings, screen: screen)
            } else {
                placed = try await Self.placedBlockArt(image, options: options, in: box, settings: settings, thumbnails: thumbnails)
            }
            _ = output.write(placed.bytes)
            handOver(thumbnails, settings)
            // A damaged photo is drawn as far as it decodes, and said.
            if let damage = placed.damage {
                Self.reportDamage(image, damage, to: errors)
                return false
            }
            return true
        } catch {
            Self.reportFailure(image, error, to: errors)
            return false
        }
    }

    /// What `--clear` writes: kitty's placed picture deleted by its id (its cells are left
    /// alone: the picture lay over them), placeholders deleted and their cells blanked, and
    /// for sixel, iTerm2 and block art the box blanked; nil when the box is needed and unknown.
    static func clearing(_ box: ShowPlacement?, pixels: ShowPixels?) -> [UInt8]? {
        guard let pixels, pixels.graphics.family == "kitty" else {
            return box.map { PlacedOutput.clear($0, kitty: nil) }
        }
        let delete = pixels.transport.wrap(KittyGraphics.delete(id: PlacedOutput.kittyImageID))
        return PlacedOutput.clear(pixels.graphics.namesImageInCells ? box : nil, kitty: delete)
    }

    /// A picture as block art in `box`: fitted (or with `--fill` cropped) to the box, its aspect
    /// kept by the block-art layout.
    static func placedBlockArt(
        _ image: String, options: BlockArtOptions, in box: ShowPlacement, settings: ShowSettings,
        thumbnails: PictureThumbnails? = nil
    ) async throws -> (bytes: [UInt8], damage: ImageDamage?) {
        let (bitmap, originalSize, damage): (Bitmap, PixelSize?, ImageDamage?)
        if Self.isRemote(image) {
            let pipeline = LazyPipeline(maxBytes: settings.maxBytes)
            let loaded = try await Self.downloadPicture(
                image, pipeline: pipeline.get(), columns: box.columns, rows: box.rows, options: options)
            (bitmap, originalSize, damage) = (loaded.bitmap, nil, loaded.damage)
            await pipeline.shutdown()
        } else {
            let decoder = DamageRecordingDecoding(rawRendering: settings.raw)
            (bitmap, originalSize) = try await Self.decodeFile(
                image, columns: box.columns, rows: box.rows, options: options, maxBytes: settings.maxBytes,
                thumbnails: thumbnails, decoder: decoder)
            damage = decoder.damage
        }
        let grid = Self.render(bitmap, originalSize: originalSize ?? bitmap.size, columns: box.columns, rows: box.rows, options: options)
        return (PlacedOutput.blockArt(grid, in: box), damage)
    }

    /// A picture in real pixels in `box`, through `pixels`' protocol, fitted (or with `--fill`
    /// cropped) to the box. `screen`: the terminal's size, when known: a sixel whose box ends on
    /// the screen's last row is kept a row shorter, as terminals scroll after a sixel there.
    static func placedPixels(
        _ image: String, pixels: ShowPixels, in box: ShowPlacement, settings: ShowSettings, screen: CellSize?
    ) async throws -> (bytes: [UInt8], damage: ImageDamage?) {
        let rows = Self.usableRows(in: box, graphics: pixels.graphics, screen: screen)
        let (bitmap, damage): (Bitmap, ImageDamage?)
        if Self.isRemote(image) {
            let pipeline = LazyPipeline(maxBytes: settings.maxBytes)
            (bitmap, damage) = try await Self.pixelPicture(
                url: image, pixels: pixels, columns: box.columns, rows: rows, fill: settings.fill, pipeline: pipeline.get())
            await pipeline.shutdown()
        } else {
            let decoder = DamageRecordingDecoding(rawRendering: settings.raw)
            bitmap = try await Self.pixelBitmap(
                file: image, pixels: pixels, columns: box.columns, rows: rows, fill: settings.fill, maxBytes: settings.maxBytes,
                decoder: decoder)
            damage = decoder.damage
        }
        return (Self.placed(bitmap, pixels: pixels, in: box, rows: rows), damage)
    }

    /// The rows a picture may take in `box`: all of them, but a sixel whose box reaches the
    /// screen's last row (`screen`: the terminal's size, when known) one fewer: a terminal moves
    /// the cursor below a sixel it drew, and on the last row that scrolls the host's screen.
    static func usableRows(in box: ShowPlacement, graphics: any GraphicsProtocol, screen: CellSize?) -> Int {
        guard graphics is SixelGraphics, let screen, box.top + box.rows >= screen.rows, box.rows > 1 else { return box.rows }
        return box.rows - 1
    }

    /// `bitmap` (already no larger than the box in pixels) drawn in `box`, at most `rows` tall,
    /// by `pixels`' protocol.
    static func placed(_ bitmap: Bitmap, pixels: ShowPixels, in box: ShowPlacement, rows: Int? = nil) -> [UInt8] {
        let fitted = pixels.cells(for: bitmap)
        let cells = CellSize(columns: min(box.columns, fitted.columns), rows: min(rows ?? box.rows, fitted.rows))
        let graphics = pixels.graphics
        let transport = pixels.transport
        let image = TerminalImage(bitmap: bitmap, cells: cells, graphics: graphics).renamed(PlacedOutput.kittyImageID)
        switch graphics {
        case is KittyDirectGraphics:
            return PlacedOutput.kitty(transport.wrap(transport.transmitKitty(image, action: .displayInPlace)), cells: cells, in: box)
        case is KittyPlaceholderGraphics:
            let block = KittyPlaceholder.cells(imageID: image.id, size: cells, indexed: transport.indexedPlaceholderIDs)
            return PlacedOutput.placeholders(graphics.transmit(image, transport: transport), cells: block, in: box)
        case is ITermInlineGraphics:
            return PlacedOutput.drawn(ITermGraphics.inlineImage(bitmap, cells: cells, movesCursor: false), cells: cells, in: box)
        default:
            return PlacedOutput.drawn(graphics.printed(image, transport: transport, lineBreak: .cursorMove), cells: cells, in: box)
        }
    }
}
