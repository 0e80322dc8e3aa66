import BlockArt
import FoundationEssentials
import FoundationExtras
import SystemPackage
import ImageCodecs
import ImageLoading
import TerminalText
import TerminalGraphics
import TerminalKit
import TerminalScreen
import Vocabulary

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `photofeed show` does, called with typed settings and an output: pictures as block art
/// or in real pixels, one after another or in a grid, animations played in place. The command
/// line only parses arguments into a ``ShowSettings`` and calls ``run(_:output:errors:)``.
///
/// ```swift
/// let settings = ShowSettings(images: ["cat.jpg"], width: 40, graphics: .blocks)
/// let shown = await Show.run(settings, output: StandardOutput())
/// ```
public enum Show {
    /// Shows every image of `settings` on `output`: one picture after another, a grid, or an
    /// animation played in place; false when one could not be shown (each such image has had
    /// its line on `errors`, the others were still shown).
    public static func run(
        _ settings: ShowSettings, output: any ShowOutput, errors: any ShowOutput = StandardError()
    ) async -> Bool {
        // A closed pipe (`| head`) must end the command quietly, not kill it with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let environment = Self.environment()
        // Where the pictures go (stdout, or /dev/tty for a host that handed the screen over) and the box.
        let route = ShowRoute.open(settings, environment: environment)
        defer { route.close() }
        let terminal = ShowTerminal.ask(settings, environment: environment, route: route)
        let drawn = terminal.route
        let gate = OutputGate()
        let interruptions = terminal.catchInterruptions(gate: gate)
        defer {
            terminal.finish()
            withExtendedLifetime(interruptions) {}
        }
        if settings.probe {
            _ = output.write(Array((terminal.report().joined(separator: "\n") + "\n").utf8))
            return true
        }
        let output = Self.drawing(on: drawn, output, gate: gate)
        let options = BlockArtOptions(
            symbols: settings.symbols
                ?? SymbolSet.preferred(
                    unicode: SymbolSet.localeIsUTF8(environment: environment), glyphs: terminal.profile.glyphs.glyphs),
            colors: terminal.profile.colors.depth,
            dither: settings.dither,
            scaling: settings.fill ? .fill : .fit,
            cellAspect: terminal.profile.cellAspect.aspect.ratio)
        if settings.clear || drawn.placement != nil {
            return await Self.showPlaced(settings, terminal: terminal, options: options, output: output, errors: errors)
        }
        let columns = drawn.box.columns
        let height = drawn.box.rows
        var failed = false
        let pipeline = LazyPipeline(maxBytes: settings.maxBytes)
        let pixels = terminal.pixelOutput
        if let grid = settings.grid {
            return await ShowGrid.run(
                settings, grid: grid, options: options, columns: columns, pixels: pixels, output: { output.write($0) },
                errors: errors)
        }
        if let pixels {
            return await Self.showPixels(settings, pixels: pixels, columns: columns, rows: height, pipeline: pipeline, output: output,
                errors: errors)
        }
        let thumbnails = Self.pictureThumbnails(settings, aspect: terminal.profile.cellAspect.aspect)
        defer { handOver(thumbnails, settings) }
        // Files decode ahead of the printing, on every core (block art; pixels and URLs in turn).
        let images = settings.images
        let maxBytes = settings.maxBytes
        let raw = settings.raw
        let decodes = ShowPrefetch(
            count: images.count, width: Processors.available,
            eligible: { !Self.isRemote(images[$0]) }
        ) { index in
            // A damaged file is drawn as far as it decodes, and said below.
            let decoder = DamageRecordingDecoding(rawRendering: raw)
            let (bitmap, size) = try await Self.decodeFile(
                images[index], columns: columns, rows: height, options: options, maxBytes: maxBytes,
                thumbnails: thumbnails, decoder: decoder)
            return (bitmap, size, decoder.damage)
        }
        defer { decodes.cancelAll() }
        var keys: ShowKeys?
        defer { keys?.restore() }
        images: for (index, image) in images.enumerated() {
            do {
                let (bitmap, originalSize, damage): (Bitmap, PixelSize?, ImageDamage?)
                if Self.isRemote(image) {
                    let loaded = try await Self.downloadPicture(image, pipeline: pipeline.get(), columns: columns, rows: height, options: options)
                    (bitmap, originalSize, damage) = (loaded.bitmap, nil, loaded.damage)
                } else {
                    (bitmap, originalSize, damage) = try await decodes.value(at: index)
                }
                let size = originalSize ?? bitmap.size
                let grid = Self.render(bitmap, originalSize: size, columns: columns, rows: height, options: options)
                let printed = ANSIWriter().bytes(for: grid)
                guard output.write(printed) else { break }
                if let damage {
                    failed = true
                    Self.reportDamage(image, damage, to: errors)
                }
                if let data = ShowAnimation.animation(ofFile: image, settings: settings),
                    let player = ShowAnimation.player(data, frameSize: bitmap.size, settings: settings)
                {
                    if keys == nil { keys = ShowKeys() }
                    let ending = player.play(
                        after: ShowAnimation.Printed(bytes: printed, rows: grid.rows),
                        render: { frame in
                            let grid = Self.render(frame, originalSize: size, columns: columns, rows: height, options: options)
                            return ShowAnimation.Printed(bytes: ANSIWriter().bytes(for: grid), rows: grid.rows)
                        }, output: output, keys: keys ?? ShowKeys())
                    if ending != .played { break images }
                }
            } catch {
                failed = true
                Self.reportFailure(image, error, to: errors)
            }
        }
        await pipeline.shutdown()
        return !failed
    }

    // MARK: - Sizes

    /// Where an image of `originalSize` goes: the given box, or (without `--height`) the
    /// width and as many rows as keep its aspect.
    static func layout(forImage originalSize: PixelSize, columns: Int, rows: Int?, options: BlockArtOptions) -> BlockArtLayout {
        var options = options
        if rows == nil { options.scaling = .fit }
        return BlockArtRenderer(options: options)
            .layout(forImage: originalSize, in: CellSize(columns: columns, rows: rows ?? 1000))
    }

    /// Renders a bitmap decoded (maybe smaller) from an image of `originalSize`.
    static func render(_ bitmap: Bitmap, originalSize: PixelSize, columns: Int, rows: Int?, options: BlockArtOptions) -> CellGrid {
        let layout = layout(forImage: originalSize, columns: columns, rows: rows, options: options)
        let scaleX = Double(bitmap.width) / Double(max(1, originalSize.width))
        let scaleY = Double(bitmap.height) / Double(max(1, originalSize.height))
        let region = PixelRect(
            x: Int((Double(layout.crop.x) * scaleX).rounded()), y: Int((Double(layout.crop.y) * scaleY).rounded()),
            width: max(1, Int((Double(layout.crop.width) * scaleX).rounded())),
            height: max(1, Int((Double(layout.crop.height) * scaleY).rounded())))
        return BlockArtRenderer(options: options).render(bitmap, region: region, filling: layout.grid)
    }

    /// The variables `show` reads, by `getenv`: cheaper at start-up than copying the whole
    /// environment through `ProcessInfo`.
    static func environment() -> [String: String] {
        let names = [
            "NO_COLOR", "COLORTERM", "TERM", "LC_ALL", "LC_CTYPE", "LANG", "COLUMNS", "LINES", "TERM_PROGRAM", "TMUX",
            "TMUX_PANE", "SSH_TTY", "SSH_CONNECTION", "TMPDIR", "MLTERM", "KONSOLE_VERSION", "ALACRITTY_WINDOW_ID",
        ] + ShowHost.variables
        var environment: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// The output pictures are written to: `output` gated (a signal waits for a picture's
    /// write to end), or the terminal the route draws on when it is not stdout (`/dev/tty`).
    static func drawing(on route: ShowRoute, _ output: any ShowOutput, gate: OutputGate) -> any ShowOutput {
        let base: any ShowOutput = output is StandardOutput ? StandardOutput(descriptor: route.output) : output
        return GatedOutput(base: base, gate: gate)
    }

    // MARK: - Byte sources

    /// The file an argument names, as a URL carrying its bytes (a `file://` argument as it is:
    /// the URL of a name that is not UTF-8, from the executable's `RawArguments`, holds its
    /// bytes percent-encoded).
    static func fileURL(_ image: String) -> URL {
        if image == standardInputName { return URL(fileURLWithPath: "/dev/stdin") }
        if image.hasPrefix("file://"), let url = URL(string: image), url.isFileURL { return url }
        return URL(fileAt: FilePath(image)) ?? URL(fileURLWithPath: image)
    }

    /// An argument as messages show it: a `file://` URL of a path that is not UTF-8 as that
    /// path with its bytes escaped (`e\xFF.jpg`), anything else as it is.
    static func shown(_ image: String) -> String {
        guard image.hasPrefix("file://"), let path = URL(string: image)?.localPath, String(validating: path) == nil else {
            return image
        }
        return path.escapedText
    }

    static func isRemote(_ image: String) -> Bool {
        let lowered = image.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// Reads and decodes a file, letting JPEG's DCT scaling skip detail the cells cannot show.
    static func decodeFile(
        _ image: String, columns: Int, rows: Int?, options: BlockArtOptions, maxBytes: Int,
        thumbnails: (any ThumbnailCaching)? = nil, decoder: any PhotoDecoding = LivePhotoDecoding()
    ) async throws -> (Bitmap, PixelSize?) {
        // Standard input has no file for a thumbnail to stand for.
        let cache = image == Self.standardInputName ? nil : thumbnails
        return try await Self.decodeFile(image, maxBytes: maxBytes, thumbnails: cache, decoder: decoder) { header in
            let layout = layout(forImage: header.size, columns: columns, rows: rows, options: options)
            // Sub-pixels needed across the whole image (the crop may be part of it).
            return PixelSize(
                width: max(1, layout.pixelSize.width * header.size.width / max(1, layout.crop.width)),
                height: max(1, layout.pixelSize.height * header.size.height / max(1, layout.crop.height)))
        }
    }

    /// Loads an http(s) URL through the image pipeline, resized toward what the cells need.
    static func download(
        _ image: String, pipeline: ImagePipeline, columns: Int, rows: Int?, options: BlockArtOptions
    ) async throws -> Bitmap {
        try await downloadPicture(image, pipeline: pipeline, columns: columns, rows: rows, options: options).bitmap
    }

    /// Loads an http(s) URL through the image pipeline, resized toward what the cells need, and
    /// what is missing from it when the file was damaged or its download cut for good.
    static func downloadPicture(
        _ image: String, pipeline: ImagePipeline, columns: Int, rows: Int?, options: BlockArtOptions
    ) async throws -> (bitmap: Bitmap, damage: ImageDamage?) {
        // Square pixels at the symbol set's horizontal density cover its vertical one too.
        let across = options.symbols.pixelsPerCellX
        let down = rows.map { Int((Double($0 * across) * options.cellAspect).rounded(.up)) } ?? 16_384
        let mode: ImageProcessor.ContentMode = rows != nil && options.scaling == .fill ? .fill : .fit
        let request = ImageRequest(
            string: image,
            processors: [.resize(to: PixelSize(width: columns * across, height: down), mode: mode)],
            cachePolicy: .viewLifetime)
        let response = try await pipeline.image(for: request)
        return (response.bitmap, response.damage)
    }

    /// The whole file through the pipeline's file loader, refusing more than `limit` bytes
    /// (a device such as /dev/zero stops there), or an error naming the system's reason.
    /// The name that reads the image from standard input (`curl … | photofeed show -`).
    public static let standardInputName = "-"

    static func readFile(_ image: String, limit: Int) async throws -> [UInt8] {
        if image == standardInputName {
            // A pipe or a redirected file, read up to the limit (a pipe that stops sending fails
            // after the loader's idle timeout); never the terminal, which would wait for typing.
            guard isatty(STDIN_FILENO) != 1 else {
                throw ShowError(message: "standard input is a terminal: pipe an image in (curl … | photofeed show -)")
            }
            let bytes = try await FileDataLoader(chunkSize: 256 * 1024, readsSpecialFiles: true)
                .bytes(for: DataRequest(url: URL(fileURLWithPath: "/dev/stdin")), limit: limit)
            guard !bytes.isEmpty else { throw ShowError(message: "nothing on standard input") }
            return bytes
        }
        // One chunk up to the limit: the file is read once, into the array decoded from.
        let bytes = try await FileDataLoader(chunkSize: max(1, limit))
            .bytes(for: DataRequest(url: fileURL(image)), limit: limit)
        guard !bytes.isEmpty else { throw ShowError(message: "empty file") }
        return bytes
    }

    /// One line on `errors` saying why `image` was not shown.
    static func reportFailure(_ image: String, _ error: any Error, to errors: any ShowOutput) {
        // A hostile file name or URL (or a reason quoting one) never reaches the terminal raw.
        var reason = String(describing: error).replacing("\n", with: " ")
        if let failure = error as? ImageLoadError, failure.kind == .folder {
            // What to do with a folder: browse its photos.
            let path = image.hasPrefix("file://") ? URL(string: image)?.localPath?.bytes : nil
            reason += "; photofeed --feed \(ShellQuoting.quoted(path ?? Array(image.utf8))) browses its photos"
        }
        let line = TextSanitizer.sanitize("photofeed show: \(shown(image)): \(reason)")
        _ = errors.write(Array((line + "\n").utf8))
    }
}

/// The image pipeline, made on first use (only URLs need it) and shut down at the end.
final class LazyPipeline {
    private let maxBytes: Int
    private var pipeline: ImagePipeline?

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    func get() -> ImagePipeline {
        if let pipeline { return pipeline }
        var configuration = ImagePipeline.Configuration(
            memoryCache: nil, diskCache: nil, limits: ImagePipeline.Limits(maxResponseBytes: maxBytes))
        // A damaged photo or a download cut for good is drawn as far as it decodes, and said.
        configuration.allowsPartialImages = true
        let made = ImagePipeline(configuration: configuration)
        pipeline = made
        return made
    }

    func shutdown() async {
        await pipeline?.shutdown()
    }
}

/// A failure to show one image, in words.
struct ShowError: Error, CustomStringConvertible {
    var description: String

    init(message: String) { description = message }
}
