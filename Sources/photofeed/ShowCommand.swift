import ArgumentParser
import BlockArt
import FoundationEssentials
import FoundationExtras
import SystemPackage
import ImageCodecs
import ImageLoading
import TerminalUI

import TerminalText
import TerminalGraphics

import Vocabulary
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `photofeed show`: prints images as block art on stdout, like chafa.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        // Parsed on its own by `PhotofeedMain`: usage and errors still read "photofeed show".
        _superCommandName: "photofeed",
        abstract: "Print images as colour block art.",
        discussion: """
            Each image is printed at the width (default: $COLUMNS, else the terminal's, else 80) \
            and as many rows as keep its aspect, or fitted into --height rows. Colours and \
            glyphs follow the terminal (COLORTERM, TERM, NO_COLOR, the locale); every flag \
            overrides what was detected. The output has no cursor movement, so it can be \
            redirected into a file or a pager. A file that cannot be shown prints one line on \
            stderr; the others are still shown and the exit status is 1.
            """
    )

    /// Fit or fill, as flags.
    enum Scaling: String, EnumerableFlag {
        case fit, fill

        static func help(for value: Self) -> ArgumentHelp? {
            value == .fit ? "Keep the whole picture inside the box." : "Cover the box, cropping the picture's centre."
        }
    }

    @Argument(help: "Image files, paths or http(s) URLs; - reads one from standard input.")
    var images: [String]

    @Option(help: "Columns (default: $COLUMNS, the terminal's width, or 80).")
    var width: Int?

    @Option(help: "Rows (default: as many as keep the picture's aspect).")
    var height: Int?

    @Option(help: "half, quad, sextant, block or ascii (default: sextant on UTF-8, else ascii).", transform: ShowSettings.parseSymbols)
    var symbols: SymbolSet?

    @Option(help: "auto, truecolor, 256, 16 or none (default: auto).", transform: ShowSettings.parseColors)
    var colors: ShowSettings.ColorChoice = .auto

    @Option(help: "none, ordered or diffusion, for 256, 16 and none colours (default: none).", transform: ShowSettings.parseDither)
    var dither: Dithering = .none

    @Flag var scaling: Scaling = .fit

    @Option(help: ArgumentHelp("\(GraphicsSelection.Request.names) (default: auto: ask the terminal on stdout; block art into a pipe or file)."), transform: ShowSettings.parseGraphics)
    var graphics: GraphicsSelection.Request = .auto

    @Option(help: "The largest file or download read, in bytes (default: the image pipeline's limit, 30 MiB).")
    var maxBytes: Int = ShowSettings.defaultMaxBytes

    @Option(help: "Lay the images out COLUMNSxROWS a screen, like timg --grid (--width and --height are then the whole grid's).", transform: ShowGridSize.parse)
    var grid: ShowGridSize?

    @Flag(help: "With --grid: the file name under each image.")
    var title = false

    @Flag(help: "Neither read nor write the freedesktop.org thumbnail cache ($XDG_CACHE_HOME/thumbnails) nor, in pixels, photofeed's picture cache ($XDG_CACHE_HOME/photofeed/.pictures).")
    var noThumbnailCache = false

    @Option(help: "Animated GIFs, WebPs and APNGs on a terminal: on (play; q or Ctrl-C stops), once (one loop) or off (the first frame). Into a pipe or file: the first frame.", transform: ShowSettings.parseAnimate)
    var animate: AnimationMode = .on

    @Option(help: "Plays of each animation (default: as the file says, forever for most; with several images, one).")
    var loops: Int?

    @Option(help: "The longest an animation plays, in seconds (default: no limit).")
    var duration: Double?

    @Flag(help: "Ask the terminal, print what it answered and what photofeed decides from it (pictures, colours, cell size, tmux), and exit.")
    var probe = false

    /// The parsed flags as plain values.
    var settings: ShowSettings {
        ShowSettings(
            images: images, width: width, height: height, symbols: symbols, colors: colors, dither: dither,
            fill: scaling == .fill, maxBytes: maxBytes, graphics: graphics, grid: grid, title: title,
            thumbnailCache: !noThumbnailCache, probe: probe, animate: animate, loops: loops, duration: duration)
    }

    func validate() throws {
        try settings.validate()
    }

    func run() async throws {
        try await Self.run(settings)
    }

    /// Shows every image of `settings`; throws `ExitCode.failure` at the end when one could not be shown.
    static func run(_ settings: ShowSettings) async throws {
        // A closed pipe (`| head`) must end the command quietly, not kill it with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let environment = Self.environment()
        let terminal = ShowTerminal.ask(settings, environment: environment)
        let interruptions = terminal.catchInterruptions()
        defer {
            terminal.finish()
            withExtendedLifetime(interruptions) {}
        }
        if settings.probe {
            print(terminal.profile.report().joined(separator: "\n"))
            return
        }
        let options = BlockArtOptions(
            symbols: settings.symbols ?? SymbolSet.preferred(environment: environment),
            colors: terminal.profile.colors.depth,
            dither: settings.dither,
            scaling: settings.fill ? .fill : .fit)
        let columns = settings.width ?? Self.terminalColumns(environment: environment)
        let height = settings.height
        let output = StandardOutput()
        var failed = false
        let pipeline = LazyPipeline(maxBytes: settings.maxBytes)
        let pixels = terminal.pixelOutput
        if let grid = settings.grid {
            let shown = await ShowGrid.run(
                settings, grid: grid, options: options, columns: columns, pixels: pixels, output: { output.write($0) })
            if !shown { throw ExitCode.failure }
            return
        }
        if let pixels {
            try await Self.showPixels(settings, pixels: pixels, columns: columns, rows: height, pipeline: pipeline, output: output)
            return
        }
        let thumbnails = Self.thumbnailCache(settings)
        // Files decode ahead of the printing, on every core (block art; pixels and URLs in turn).
        let images = settings.images
        let maxBytes = settings.maxBytes
        let decodes = ShowPrefetch(
            count: images.count, width: Processors.available,
            eligible: { !Self.isRemote(images[$0]) }
        ) { index in
            try await Self.decodeFile(
                images[index], columns: columns, rows: height, options: options, maxBytes: maxBytes,
                thumbnails: thumbnails)
        }
        defer { decodes.cancelAll() }
        var keys: ShowKeys?
        defer { keys?.restore() }
        images: for (index, image) in images.enumerated() {
            do {
                let (bitmap, originalSize) = Self.isRemote(image)
                    ? (try await Self.download(image, pipeline: pipeline.get(), columns: columns, rows: height, options: options), nil)
                    : try await decodes.value(at: index)
                let size = originalSize ?? bitmap.size
                let grid = Self.render(bitmap, originalSize: size, columns: columns, rows: height, options: options)
                let printed = ANSIWriter().bytes(for: grid)
                guard output.write(printed) else { break }
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
                Self.reportFailure(image, error)
            }
        }
        await pipeline.shutdown()
        if failed { throw ExitCode.failure }
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
            "NO_COLOR", "COLORTERM", "TERM", "LC_ALL", "LC_CTYPE", "LANG", "COLUMNS", "TERM_PROGRAM", "TMUX", "TMUX_PANE",
            "SSH_TTY", "SSH_CONNECTION", "TMPDIR",
        ]
        var environment: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// `COLUMNS` first (so callers and tests can pin it), then the terminal on stdout, else 80.
    static func terminalColumns(environment: [String: String]) -> Int {
        if let value = environment["COLUMNS"].flatMap({ Int($0) }), (1...1000).contains(value) { return value }
        var size = winsize()
        if isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return min(1000, Int(size.ws_col))
        }
        return 80
    }

    // MARK: - Byte sources

    /// The file an argument names, as a URL carrying its bytes (a `file://` argument as it is:
    /// the URL of a name that is not UTF-8, from ``RawArguments``, holds its bytes percent-encoded).
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
        thumbnails: (any ThumbnailCaching)? = nil
    ) async throws -> (Bitmap, PixelSize?) {
        let bytes = try await readFile(image, limit: maxBytes)
        let header = try ImageDecoder.probe(bytes)
        let layout = layout(forImage: header.size, columns: columns, rows: rows, options: options)
        // Sub-pixels needed across the whole image (the crop may be part of it).
        let target = PixelSize(
            width: max(1, layout.pixelSize.width * header.size.width / max(1, layout.crop.width)),
            height: max(1, layout.pixelSize.height * header.size.height / max(1, layout.crop.height)))
        // Standard input has no file for a thumbnail to stand for.
        let cache = image == Self.standardInputName ? nil : thumbnails
        return (
            try Self.decodeFile(bytes: bytes, header: header, file: fileURL(image), target: target, thumbnails: cache), header.size
        )
    }

    /// Loads an http(s) URL through the image pipeline, resized toward what the cells need.
    static func download(
        _ image: String, pipeline: ImagePipeline, columns: Int, rows: Int?, options: BlockArtOptions
    ) async throws -> Bitmap {
        // Square pixels at the symbol set's horizontal density cover its vertical one too.
        let across = options.symbols.pixelsPerCellX
        let down = rows.map { Int((Double($0 * across) * options.cellAspect).rounded(.up)) } ?? 16_384
        let mode: ImageProcessor.ContentMode = rows != nil && options.scaling == .fill ? .fill : .fit
        let request = ImageRequest(
            string: image,
            processors: [.resize(to: PixelSize(width: columns * across, height: down), mode: mode)],
            cachePolicy: .viewLifetime)
        return try await pipeline.image(for: request).bitmap
    }

    /// The whole file through the pipeline's file loader, refusing more than `limit` bytes
    /// (a device such as /dev/zero stops there), or an error naming the system's reason.
    /// The name that reads the image from standard input (`curl … | photofeed show -`).
    static let standardInputName = "-"

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

    static func reportFailure(_ image: String, _ error: any Error) {
        // A hostile file name or URL (or a reason quoting one) never reaches the terminal raw.
        let reason = String(describing: error).replacing("\n", with: " ")
        let line = TextSanitizer.sanitize("photofeed show: \(shown(image)): \(reason)")
        StandardStream.error.write(line + "\n")
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
        let made = ImagePipeline(
            configuration: .init(
                memoryCache: nil, diskCache: nil, limits: ImagePipeline.Limits(maxResponseBytes: maxBytes)))
        pipeline = made
        return made
    }

    func shutdown() async {
        await pipeline?.shutdown()
    }
}

/// A failure to show one image, in words.
private struct ShowError: Error, CustomStringConvertible {
    var description: String

    init(message: String) { description = message }
}
