import BlockArt
import Foundation
import ImageCodecs
import ImageLoading
import TerminalUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `photofeed show --grid CxR [--title] FILE…`: many pictures laid out like `timg --grid`.
///
/// Every image is loaded through one image pipeline at once, so files are read and decoded on
/// all cores (the pipeline's decode queue is as wide as the machine), each toward its box only
/// (DCT scaling, an EXIF thumbnail, or a freedesktop.org thumbnail when one covers the box, and
/// one is written for the next run unless `--no-thumbnail-cache`); rows are printed in order as
/// soon as their pictures are ready. A file that cannot be shown gets one line on stderr and an
/// empty box; the exit status is then 1.
enum ShowGrid {
    /// Shows `settings.images` in a grid; returns false when one could not be shown.
    static func run(
        _ settings: ShowSettings, grid: ShowGridSize, options: BlockArtOptions, columns: Int,
        pixels: ShowCommand.PixelOutput?, output: (([UInt8]) -> Bool)
    ) async -> Bool {
        let layout = ShowGridLayout(
            grid: grid, totalColumns: columns, totalRows: settings.height, titled: settings.title)
        let environment = Self.cacheEnvironment()
        let pipeline = ImagePipeline(
            configuration: .init(
                memoryCache: nil, diskCache: nil,
                thumbnailCache: settings.thumbnailCache ? FreedesktopThumbnailCache(environment: environment) : nil,
                limits: ImagePipeline.Limits(maxResponseBytes: settings.maxBytes)))
        let box = Self.pixelBox(layout: layout, options: options, pixels: pixels)
        let images = settings.images
        var succeeded = true
        await withTaskGroup(of: Loaded.self) { group in
            for position in images.indices {
                let request = ImageRequest(
                    url: Self.url(for: images[position]), processors: [.resize(to: box, mode: .fit)],
                    cachePolicy: .viewLifetime)
                group.addTask { [position, request] in
                    do {
                        return Loaded(position: position, result: .success(try await pipeline.image(for: request).bitmap))
                    } catch {
                        return Loaded(position: position, result: .failure(error))
                    }
                }
            }
            // Rows are written in order as soon as all of their pictures are in.
            var ready: [Int: Result<Bitmap, any Error>] = [:]
            var nextRow = 0
            let writer = ShowGridWriter(layout: layout)
            for await loaded in group {
                ready[loaded.position] = loaded.result
                while nextRow * grid.columns < images.count {
                    let indices = Array((nextRow * grid.columns)..<min(images.count, (nextRow + 1) * grid.columns))
                    guard indices.allSatisfy({ ready[$0] != nil }) else { break }
                    var bitmaps: [Bitmap?] = []
                    for index in indices {
                        switch ready.removeValue(forKey: index) {
                        case .success(let bitmap)?:
                            bitmaps.append(bitmap)
                        case .failure(let error)?:
                            succeeded = false
                            ShowCommand.reportFailure(images[index], error)
                            bitmaps.append(nil)
                        case nil:
                            bitmaps.append(nil)
                        }
                    }
                    let titles = indices.map { Self.title(for: images[$0]) }
                    let bytes = Self.row(bitmaps, titles: titles, writer: writer, options: options, pixels: pixels)
                    guard output(bytes) else {
                        group.cancelAll()
                        return
                    }
                    nextRow += 1
                }
            }
        }
        await pipeline.shutdown()
        return succeeded
    }

    /// One image's outcome and where it goes.
    struct Loaded: Sendable {
        var position: Int
        var result: Result<Bitmap, any Error>
    }

    /// The bytes of one row of pictures.
    static func row(
        _ bitmaps: [Bitmap?], titles: [String], writer: ShowGridWriter, options: BlockArtOptions,
        pixels: ShowCommand.PixelOutput?
    ) -> [UInt8] {
        let layout = writer.layout
        guard let pixels else {
            let grids = bitmaps.map { bitmap in
                bitmap.map {
                    ShowCommand.render(
                        $0, originalSize: $0.size, columns: layout.boxColumns, rows: layout.boxRows, options: options)
                }
            }
            return writer.blockArtRow(grids, titles: titles)
        }
        var height = 1
        let pictures: [[UInt8]?] = bitmaps.map { bitmap in
            guard let bitmap else { return nil }
            let cells = TerminalSize(
                rows: max(1, (bitmap.height + pixels.cellPixels.height - 1) / pixels.cellPixels.height),
                columns: max(1, (bitmap.width + pixels.cellPixels.width - 1) / pixels.cellPixels.width))
            height = max(height, cells.rows)
            return ShowPicture.bytes(bitmap, cells: cells, pixels: pixels, lineBreak: .cursorMove)
        }
        return writer.pixelRow(pictures, height: height, titles: titles)
    }

    /// The pixels each picture is loaded at: its box in the backend's pixels, or for block
    /// art square pixels at the symbol set's horizontal density (as `show` loads a URL).
    static func pixelBox(layout: ShowGridLayout, options: BlockArtOptions, pixels: ShowCommand.PixelOutput?) -> PixelSize {
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
        if ShowCommand.isRemote(image) { return URL(string: image) }
        if image.hasPrefix("file://") { return URL(string: image) }
        return image.isEmpty ? nil : URL(fileURLWithPath: image)
    }

    /// What the title line shows: the file name (the last path component of a URL).
    static func title(for image: String) -> String {
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
