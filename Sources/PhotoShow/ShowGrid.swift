import BlockArt
import FoundationEssentials
import FoundationExtras
import SystemPackage
import ImageCodecs
import ImageLoading
import TerminalScreen
import TerminalGraphics

import Vocabulary
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `photofeed show --grid CxR [--title] FILE…`: many pictures laid out like `timg --grid`.
///
/// The grid streams: its memory does not grow with the number of files. Pictures load in
/// order through one image pipeline, at most ``ShowGridWindow/maxLoading`` at once (twice the
/// cores: files are read and decoded on every core, the pipeline's decode queue as wide as the
/// machine) and at most ``ShowGridWindow/maxAhead`` started and not yet written; each is
/// decoded toward its box only (DCT scaling, an EXIF thumbnail, or a freedesktop.org thumbnail
/// when one covers the box, and one is written for the next run unless `--no-thumbnail-cache`)
/// and encoded at once (``ShowGridPicture``), and each row is written as soon as its pictures
/// are in. A file that cannot be shown (a FIFO, socket or device is refused without being
/// opened) gets one line on stderr and an empty box; a damaged one its box drawn as far as it
/// decodes and a line on stderr saying how much; the exit status is then 1.
enum ShowGrid {
    /// Shows `settings.images` in a grid; returns false when one could not be shown.
    static func run(
        _ settings: ShowSettings, grid: ShowGridSize, options: BlockArtOptions, columns: Int,
        pixels: ShowPixels?, output: (([UInt8]) -> Bool), errors: any ShowOutput
    ) async -> Bool {
        let layout = ShowGridLayout(
            grid: grid, totalColumns: columns, totalRows: settings.height, titled: settings.title)
        let thumbnails = Show.thumbnailCache(settings)
        defer { Show.handOver(thumbnails, settings) }
        var configuration = ImagePipeline.Configuration(
            memoryCache: nil, diskCache: nil,
            thumbnailCache: thumbnails,
            limits: ImagePipeline.Limits(maxResponseBytes: settings.maxBytes))
        // A damaged photo gets its box drawn as far as it decodes, and a line on stderr.
        configuration.allowsPartialImages = true
        let pipeline = ImagePipeline(configuration: configuration)
        let box = Self.pixelBox(layout: layout, options: options, pixels: pixels)
        let images = settings.images
        let writer = ShowGridWriter(layout: layout)
        var window = ShowGridWindow(
            count: images.count, columns: grid.columns, maxLoading: 2 * Processors.available)
        var succeeded = true
        await withTaskGroup(of: Loaded.self) { group in
            var ready: [Int: Result<ShowGridPicture, any Error>] = [:]
            var damages: [Int: ImageDamage] = [:]
            while true {
                while let position = window.nextStart() {
                    let request = ImageRequest(
                        url: Self.url(for: images[position]),
                        processors: [.resize(to: box, mode: .fit)] + (settings.raw == .develop ? [.developRaw] : []),
                        cachePolicy: .viewLifetime)
                    group.addTask {
                        do {
                            let response = try await pipeline.image(for: request)
                            let picture = ShowGridPicture.encode(response.bitmap, layout: layout, options: options, pixels: pixels)
                            return Loaded(position: position, result: .success(picture), damage: response.damage)
                        } catch {
                            return Loaded(position: position, result: .failure(error))
                        }
                    }
                }
                guard let loaded = await group.next() else { break }
                ready[loaded.position] = loaded.result
                damages[loaded.position] = loaded.damage
                window.finish(loaded.position)
                // Rows are written in order as soon as all of their pictures are in.
                while let row = window.takeRow() {
                    var pictures: [ShowGridPicture?] = []
                    for index in row {
                        switch ready.removeValue(forKey: index) {
                        case .success(let picture)?:
                            pictures.append(picture)
                        case .failure(let error)?:
                            succeeded = false
                            Show.reportFailure(images[index], error, to: errors)
                            pictures.append(nil)
                        case nil:
                            pictures.append(nil)
                        }
                    }
                    let titles = row.map { Self.title(for: images[$0]) }
                    guard output(Self.row(pictures, titles: titles, writer: writer, pixels: pixels != nil)) else {
                        group.cancelAll()
                        return
                    }
                    // A damaged photo's box is drawn as far as it decodes; the file is said once its row is out.
                    for index in row {
                        guard let damage = damages.removeValue(forKey: index) else { continue }
                        succeeded = false
                        Show.reportDamage(images[index], damage, to: errors)
                    }
                }
            }
        }
        await pipeline.shutdown()
        return succeeded
    }

    /// One image's outcome and where it goes.
    struct Loaded: Sendable {
        var position: Int
        var result: Result<ShowGridPicture, any Error>
        /// What is missing from a damaged photo's picture.
        var damage: ImageDamage? = nil
    }

    /// The bytes of one row of encoded pictures (nil: failed, the box stays empty): block art,
    /// or with `pixels` the pictures' escapes placed at their boxes.
    static func row(_ pictures: [ShowGridPicture?], titles: [String], writer: ShowGridWriter, pixels: Bool) -> [UInt8] {
        var grids: [CellGrid?] = []
        var escapes: [[UInt8]?] = []
        var height = 1
        for picture in pictures {
            switch picture {
            case .cells(let grid)?:
                grids.append(grid)
                escapes.append(nil)
            case .pixels(let bytes, let rows)?:
                height = max(height, rows)
                grids.append(nil)
                escapes.append(bytes)
            case nil:
                grids.append(nil)
                escapes.append(nil)
            }
        }
        return pixels
            ? writer.pixelRow(escapes, height: height, titles: titles) : writer.blockArtRow(grids, titles: titles)
    }

    /// The bytes of one row of bitmaps (nil: failed), each encoded as ``ShowGridPicture/encode(_:layout:options:pixels:)`` does.
    static func row(
        _ bitmaps: [Bitmap?], titles: [String], writer: ShowGridWriter, options: BlockArtOptions,
        pixels: ShowPixels?
    ) -> [UInt8] {
        let pictures = bitmaps.map { bitmap in
            bitmap.map { ShowGridPicture.encode($0, layout: writer.layout, options: options, pixels: pixels) }
        }
        return row(pictures, titles: titles, writer: writer, pixels: pixels != nil)
    }

    /// The pixels each picture is loaded at: its box in the backend's pixels, or for block
    /// art square pixels at the symbol set's horizontal density (as `show` loads a URL).
    static func pixelBox(layout: ShowGridLayout, options: BlockArtOptions, pixels: ShowPixels?) -> PixelSize {
        if let pixels {
            return PixelBudget.clamp(PixelSize(
                width: layout.boxColumns * pixels.cellPixels.width, height: layout.boxRows * pixels.cellPixels.height))
        }
        let across = options.symbols.pixelsPerCellX
        return PixelSize(
            width: layout.boxColumns * across,
            height: max(1, Int((Double(layout.boxRows * across) * options.cellAspect).rounded(.up))))
    }

    /// A file path (or `file://` URL) as a file URL; an http(s) URL as itself.
    static func url(for image: String) -> URL? {
        if Show.isRemote(image) { return URL(string: image) }
        if image.hasPrefix("file://") { return URL(string: image) }
        return image.isEmpty ? nil : URL(fileURLWithPath: image)
    }

    /// What the title line shows: the file name (the last path component of a URL).
    static func title(for image: String) -> String {
        if image.hasPrefix("file://"), let name = URL(string: image)?.localPath?.lastComponent {
            return name.escapedText
        }
        let trimmed = image.hasSuffix("/") ? String(image.dropLast()) : image
        return trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? image
    }

    /// The variables the thumbnail cache's location depends on.
    static func cacheEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["XDG_CACHE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}
