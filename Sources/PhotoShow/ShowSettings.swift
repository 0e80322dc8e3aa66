public import BlockArt
public import ImageCodecs
import ImageLoading
public import TerminalScreen
public import TerminalGraphics
public import Vocabulary

/// What one `photofeed show` run was asked to do, as plain values.
///
/// The command line makes it (photofeed's `ShowCommand`, through ArgumentParser, or its
/// start-up fast path); ``Show/run(_:output:errors:)`` does what it says.
public struct ShowSettings: Equatable, Sendable {
    /// Files, paths or http(s) URLs, in order.
    public var images: [String]
    /// Columns; nil: `$COLUMNS`, the terminal's width, or 80.
    public var width: Int?
    /// Rows; nil: as many as keep the picture's aspect.
    public var height: Int?
    /// The symbol set; nil: detected from the locale.
    public var symbols: SymbolSet?
    public var colors: ColorChoice = .auto
    public var dither: Dithering = .none
    /// Crop to cover the box instead of fitting inside it.
    public var fill = false
    /// The largest file or download read, in bytes.
    public var maxBytes = Self.defaultMaxBytes
    /// Block art, or real pixels (kitty, sixel, iTerm2); auto asks the terminal when there is one.
    public var graphics = GraphicsSelection.Request.auto
    /// `--grid CxR`: many images side by side (then width and height are the whole grid's).
    public var grid: ShowGridSize?
    /// `--title`: the file name under each image of the grid.
    public var title = false
    /// Read and write the freedesktop.org thumbnail cache, and in pixels photofeed's picture
    /// cache (off: `--no-thumbnail-cache`).
    public var thumbnailCache = true
    /// Where the freedesktop.org thumbnails `show --grid` misses go, once everything is printed:
    /// nil writes each as its photo is decoded; the command line hands them to a background
    /// process (`photofeed cache write-thumbnails`), so a cold grid prints as fast as one with
    /// the cache off. One picture after another (a previewer's) reads and writes no
    /// freedesktop.org thumbnail: it keeps its pictures in the picture cache, in the same process.
    public var writeThumbnailsLater: ThumbnailWriter?
    /// `--probe`: print the terminal's profile and exit.
    public var probe = false
    /// `--animate`: play animated GIFs and WebPs on a terminal (on), one loop (once), or not (off).
    public var animate = AnimationMode.on
    /// `--loops N`: plays of each animation (nil: the file's count; with several images, one).
    public var loops: Int?
    /// `--duration S`: the longest an animation plays, in seconds (nil: no limit).
    public var duration: Double?
    /// `--place COLSxROWS@LEFTxTOP`: draw the picture into that box of the screen.
    public var place: ShowPlacement?
    /// `--clear`: take away what an earlier `--place` drew, and show nothing.
    public var clear = false
    /// `--cell-aspect W:H`: the cell's proportions; nil: what the terminal reports, else 1:2.
    public var cellAspect: CellAspect?
    /// `--raw`: a camera RAW file's largest embedded preview (the default), or its sensor data
    /// developed (slower; a file with no preview is developed either way).
    public var raw = RawRendering.preview

    /// The image pipeline's response limit: `show` reads files under the same one.
    public static let defaultMaxBytes = ImagePipeline.Limits().maxResponseBytes

    /// A colour mode, or `auto`: detect from the environment.
    public struct ColorChoice: Equatable, Sendable {
        /// The mode; nil: detect.
        public var mode: ColorDepth?
        /// Detect from the environment.
        public static let auto = ColorChoice(mode: nil)

        /// A choice of `mode` (nil: detect).
        public init(mode: ColorDepth?) {
            self.mode = mode
        }
    }

    /// Settings for `images`, every other one as `show` takes it without flags.
    public init(
        images: [String], width: Int? = nil, height: Int? = nil, symbols: SymbolSet? = nil, colors: ColorChoice = .auto,
        dither: Dithering = .none, fill: Bool = false, maxBytes: Int = Self.defaultMaxBytes,
        graphics: GraphicsSelection.Request = .auto, grid: ShowGridSize? = nil, title: Bool = false,
        thumbnailCache: Bool = true, probe: Bool = false, animate: AnimationMode = .on, loops: Int? = nil,
        duration: Double? = nil, place: ShowPlacement? = nil, clear: Bool = false, cellAspect: CellAspect? = nil,
        raw: RawRendering = .preview
    ) {
        self.images = images
        self.width = width
        self.height = height
        self.symbols = symbols
        self.colors = colors
        self.dither = dither
        self.fill = fill
        self.maxBytes = maxBytes
        self.graphics = graphics
        self.grid = grid
        self.title = title
        self.thumbnailCache = thumbnailCache
        self.probe = probe
        self.animate = animate
        self.loops = loops
        self.duration = duration
        self.place = place
        self.clear = clear
        self.cellAspect = cellAspect
        self.raw = raw
    }

    /// A setting out of range, in the words the command line prints.
    public struct Invalid: Error, CustomStringConvertible {
        /// The sentence (`--width must be 1…1000 (got 0)`).
        public var description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// The widths and heights accepted.
    public static let sizeRange = 1...1000

    /// Throws the sentence the command line prints for a value out of range.
    public func validate() throws(Invalid) {
        if clear, !images.isEmpty { throw Invalid("--clear takes no image: it takes away what --place drew") }
        guard !images.isEmpty || probe || clear else { throw Invalid("name at least one image file or URL") }
        if place != nil || clear {
            if grid != nil { throw Invalid("--place and --clear draw one picture: not with --grid") }
            if width != nil || height != nil { throw Invalid("--place gives the box's size: drop --width and --height") }
            if images.count > 1 { throw Invalid("--place draws one picture into its box (got \(images.count) images)") }
        }
        if let width, !Self.sizeRange.contains(width) { throw Invalid("--width must be 1…1000 (got \(width))") }
        if let height, !Self.sizeRange.contains(height) { throw Invalid("--height must be 1…1000 (got \(height))") }
        guard maxBytes >= 1 else { throw Invalid("--max-bytes must be at least 1 (got \(maxBytes))") }
        if title && grid == nil { throw Invalid("--title needs --grid") }
        if let loops, loops < 1 { throw Invalid("--loops must be at least 1 (got \(loops))") }
        if let duration, !(duration > 0) { throw Invalid("--duration must be more than 0 seconds (got \(duration))") }
    }
}
