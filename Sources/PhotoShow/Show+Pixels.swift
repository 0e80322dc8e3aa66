import FoundationEssentials
import FoundationExtras
import ImageCodecs
import ImageLoading
import TerminalGraphics
import TerminalText
import Vocabulary

extension Show {
    /// Prints every image of `settings` in real pixels through `pixels`' protocol. Files are
    /// read and decoded ahead of the printing on every core, each only to the pixels its
    /// picture shows (the protocol sizes them from the file's header: a landscape photo in a tall
    /// box is not decoded to the box's height); URLs go through the pipeline. Pictures are
    /// encoded and written in order.
    ///
    /// Files go through photofeed's ``PictureCache`` (unless `--no-thumbnail-cache`): a picture
    /// printed before at the same layout is read back at its size instead of the photo, and on
    /// kitty its stored PNG is what is sent. A new picture is stored as the PNG kitty is sent
    /// (made anyway), or on sixel and iTerm2 as the bytes printed (sixel's palette and
    /// dithering cost more than the decode).
    ///
    /// Not through the freedesktop.org thumbnail cache: the thumbnail covering a picture this
    /// size (`xx-large`, 1024 px) makes a cold run many times slower, and reading it back is
    /// slower than a baseline JPEG's DCT-scaled decode (`feedbench --scenario pixel-ratios`
    /// times `show --graphics` processes, cold and warm).
    static func showPixels(
        _ settings: ShowSettings, pixels: ShowPixels, columns: Int, rows: Int?, pipeline: LazyPipeline,
        output: any ShowOutput, errors: any ShowOutput
    ) async -> Bool {
        let images = settings.images
        let maxBytes = settings.maxBytes
        let fill = settings.fill && rows != nil
        let cache = settings.thumbnailCache
            ? PictureCache(directory: PictureCache.defaultDirectory(environment: ShowGrid.cacheEnvironment())) : nil
        do {
            // A `.pictures` that is a link (or in one) is refused, not followed.
            try cache?.check()
        } catch {
            _ = errors.write(Array((TextSanitizer.sanitize("photofeed show: \(error)") + "\n").utf8))
            return false
        }
        // Pictures of RAW files developed from their sensor data are kept apart from the previews'.
        let layout = Self.pictureLayout(pixels: pixels, columns: columns, rows: rows, fill: fill) + rawVariant(settings.raw)
        let raw = settings.raw
        let decodes = ShowPrefetch(
            count: images.count, width: Processors.available,
            eligible: { !Self.isRemote(images[$0]) }
        ) { index in
            try await Self.picture(
                file: images[index], pixels: pixels, columns: columns, rows: rows, fill: fill, maxBytes: maxBytes,
                cache: cache, layout: layout, raw: raw)
        }
        defer { decodes.cancelAll() }
        var stores: [Task<Void, Never>] = []
        var failed = false
        var keys: ShowKeys?
        defer { keys?.restore() }
        images: for (index, image) in images.enumerated() {
            do {
                let picture: ShowPicture
                let damage: ImageDamage?
                if Self.isRemote(image) {
                    let loaded = try await Self.pixelPicture(
                        url: image, pixels: pixels, columns: columns, rows: rows, fill: fill, pipeline: pipeline.get())
                    (picture, damage) = (.pixels(loaded.bitmap), loaded.damage)
                } else {
                    (picture, damage) = try await decodes.value(at: index)
                }
                let first = Self.printed(picture, pixels: pixels, cache: cache, stores: &stores)
                guard output.write(first.bytes) else { break }
                if let damage {
                    // Drawn as far as it decodes, and said.
                    failed = true
                    Self.reportDamage(image, damage, to: errors)
                }
                if let data = ShowAnimation.animation(ofFile: image, settings: settings),
                    let player = ShowAnimation.player(data, frameSize: picture.size, settings: settings)
                {
                    if keys == nil { keys = ShowKeys() }
                    let ending = player.play(
                        after: first, render: { pixels.printedFrame($0) }, output: output, keys: keys ?? ShowKeys())
                    if ending != .played { break images }
                }
            } catch {
                failed = true
                Self.reportFailure(image, error, to: errors)
            }
        }
        for store in stores { await store.value }
        await pipeline.shutdown()
        return !failed
    }

    /// `picture` printed as the first frame; a picture decoded afresh is also stored in `cache`
    /// beside the printing (a task added to `stores`): its kitty PNG, made once for both, or
    /// the bytes printed.
    static func printed(
        _ picture: ShowPicture, pixels: ShowPixels, cache: PictureCache?, stores: inout [Task<Void, Never>]
    ) -> ShowAnimation.Printed {
        switch picture {
        case .printed(let bytes, let size):
            return ShowAnimation.Printed(bytes: bytes + [UInt8(ascii: "\n")], rows: pixels.cells(for: size).rows)
        case .pixels(let bitmap, let png, let key):
            guard let cache, let key else { return pixels.printedFrame(bitmap, png: png) }
            if pixels.storesPrinted {
                let first = pixels.printedFrame(bitmap)
                let printed = Array(first.bytes.dropLast())
                stores.append(Task.detached(priority: .utility) { cache.storePrinted(printed, size: bitmap.size, for: key) })
                return first
            }
            let made = pixels.sendsKittyPNG ? try? KittyGraphics.encodedPNG(bitmap) : nil
            stores.append(Task.detached(priority: .utility) {
                guard let png = try? made ?? KittyGraphics.encodedPNG(bitmap) else { return }
                cache.store(png, for: key)
            })
            return pixels.printedFrame(bitmap, png: made)
        }
    }

    /// What a picture's pixels depend on besides the file: the protocol, the box and the cell
    /// size, fit or fill.
    static func pictureLayout(pixels: ShowPixels, columns: Int, rows: Int?, fill: Bool) -> String {
        "\(pixels.graphics.name) \(columns)x\(rows.map(String.init) ?? "auto") cell \(pixels.cellPixels.width)x\(pixels.cellPixels.height) \(fill ? "fill" : "fit")"
    }

    /// A file's picture: from `cache` when it holds one for `layout`, else decoded (and marked
    /// to be stored, unless the file is damaged: its damage comes back instead, and a picture
    /// stored from it would pass for whole next time).
    static func picture(
        file image: String, pixels: ShowPixels, columns: Int, rows: Int?, fill: Bool, maxBytes: Int,
        cache: PictureCache?, layout: String, raw: RawRendering = .preview
    ) async throws -> (ShowPicture, ImageDamage?) {
        let key = Show.fileURL(image).localPath.flatMap { cache?.key(forFile: $0, layout: layout) }
        if let cache, let key {
            if pixels.storesPrinted, let hit = cache.printed(for: key) { return (.printed(hit.bytes, size: hit.size), nil) }
            if !pixels.storesPrinted, let hit = cache.picture(for: key) { return (.pixels(hit.bitmap, png: hit.png), nil) }
        }
        let decoder = DamageRecordingDecoding(rawRendering: raw)
        let bitmap = try await pixelBitmap(
            file: image, pixels: pixels, columns: columns, rows: rows, fill: fill, maxBytes: maxBytes, decoder: decoder)
        let damage = decoder.damage
        return (.pixels(bitmap, keyToStore: damage == nil ? key : nil), damage)
    }

    /// The cells a picture may cover, `columns` wide and `rows` tall (without `--height`, as
    /// tall as the pixel budget allows), and those cells in pixels.
    static func pixelBox(pixels: ShowPixels, columns: Int, rows: Int?) -> (cells: CellSize, pixels: PixelSize) {
        let cells = CellSize(
            columns: max(1, min(columns, PixelBudget.maximumSide / pixels.cellPixels.width)),
            rows: max(1, rows ?? PixelBudget.maximumSide / pixels.cellPixels.height))
        return (cells, PixelBudget.clamp(PixelSize(
            width: cells.columns * pixels.cellPixels.width, height: cells.rows * pixels.cellPixels.height)))
    }

    /// A file's picture: decoded toward the pixels the protocol asks for a photo of its size in
    /// the box (DCT scaling, or the file's EXIF thumbnail when it covers them), then fitted
    /// (or, with `--fill` and `--height`, cropped to fill the box).
    static func pixelBitmap(
        file image: String, pixels: ShowPixels, columns: Int, rows: Int?, fill: Bool, maxBytes: Int,
        decoder: any PhotoDecoding = LivePhotoDecoding()
    ) async throws -> Bitmap {
        let file = try await ShowFile.read(image, limit: maxBytes, rendering: decoder.rawRendering)
        let target = pixelTarget(forImage: file.header.size, pixels: pixels, columns: columns, rows: rows, fill: fill)
        let decoded = try decodeFile(
            bytes: file.bytes, header: file.header, file: Show.fileURL(image), target: target, thumbnails: nil, decoder: decoder,
            raw: file.raw)
        return fill ? decoded.fill(target) : decoded.fit(into: target)
    }

    /// The pixels a photo of `imageSize` is shown at: the whole box with `--fill` (cropped to
    /// it), else what the protocol asks for the photo fitted into the box — so a wide photo
    /// without `--height` is decoded to its own height, not to the budget's tallest box.
    static func pixelTarget(forImage imageSize: PixelSize, pixels: ShowPixels, columns: Int, rows: Int?, fill: Bool) -> PixelSize {
        let box = pixelBox(pixels: pixels, columns: columns, rows: rows)
        return fill ? box.pixels : pixels.graphics.pixelSize(forImage: imageSize, in: box.cells, cellPixels: pixels.cellPixels)
    }

    /// A URL's picture through the pipeline, resized to fit (or fill) the box.
    static func pixelBitmap(
        url image: String, pixels: ShowPixels, columns: Int, rows: Int?, fill: Bool, pipeline: ImagePipeline
    ) async throws -> Bitmap {
        try await pixelPicture(url: image, pixels: pixels, columns: columns, rows: rows, fill: fill, pipeline: pipeline).bitmap
    }

    /// A URL's picture through the pipeline, resized to fit (or fill) the box, and what is
    /// missing from it when the file or its download was damaged.
    static func pixelPicture(
        url image: String, pixels: ShowPixels, columns: Int, rows: Int?, fill: Bool, pipeline: ImagePipeline
    ) async throws -> (bitmap: Bitmap, damage: ImageDamage?) {
        let box = pixelBox(pixels: pixels, columns: columns, rows: rows).pixels
        let request = ImageRequest(
            string: image, processors: [.resize(to: box, mode: fill ? .fill : .fit)], cachePolicy: .viewLifetime)
        let response = try await pipeline.image(for: request)
        let bitmap = response.bitmap
        let budget = PixelBudget.clamp(bitmap.size)
        return (budget == bitmap.size ? bitmap : bitmap.resized(to: budget), response.damage)
    }
}
