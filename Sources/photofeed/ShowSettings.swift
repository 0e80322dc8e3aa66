import ArgumentParser
import BlockArt
import ImageLoading
import TerminalUI
import TerminalGraphics
import Vocabulary

/// What one `photofeed show` run was asked to do, as plain values.
///
/// ``ShowCommand`` (ArgumentParser) and ``ShowArgumentScanner`` (the start-up fast path) both
/// produce it; the parsing helpers here are shared by both and by the viewer's flags.
struct ShowSettings: Equatable {
    /// Files, paths or http(s) URLs, in order.
    var images: [String]
    /// Columns; nil: `$COLUMNS`, the terminal's width, or 80.
    var width: Int?
    /// Rows; nil: as many as keep the picture's aspect.
    var height: Int?
    /// The symbol set; nil: detected from the locale.
    var symbols: SymbolSet?
    var colors: ColorChoice = .auto
    var dither: Dithering = .none
    /// Crop to cover the box instead of fitting inside it.
    var fill = false
    /// The largest file or download read, in bytes.
    var maxBytes = Self.defaultMaxBytes
    /// Block art, or real pixels (kitty, sixel, iTerm2); auto asks the terminal when there is one.
    var graphics = GraphicsSelection.Request.auto
    /// `--grid CxR`: many images side by side (then width and height are the whole grid's).
    var grid: ShowGridSize?
    /// `--title`: the file name under each image of the grid.
    var title = false
    /// Read and write the freedesktop.org thumbnail cache, and in pixels photofeed's picture
    /// cache (off: `--no-thumbnail-cache`).
    var thumbnailCache = true
    /// `--probe`: print the terminal's profile and exit.
    var probe = false
    /// `--animate`: play animated GIFs and WebPs on a terminal (on), one loop (once), or not (off).
    var animate = AnimationMode.on
    /// `--loops N`: plays of each animation (nil: the file's count; with several images, one).
    var loops: Int?
    /// `--duration S`: the longest an animation plays, in seconds (nil: no limit).
    var duration: Double?

    /// The image pipeline's response limit: `show` reads files under the same one.
    static let defaultMaxBytes = ImagePipeline.Limits().maxResponseBytes

    /// A colour mode, or `auto`: detect from the environment.
    struct ColorChoice: Equatable {
        var mode: ColorDepth?
        static let auto = ColorChoice(mode: nil)
    }

    /// Throws the message ArgumentParser prints for values out of range.
    func validate() throws {
        guard !images.isEmpty || probe else { throw ValidationError("name at least one image file or URL") }
        if let width, !Self.sizeRange.contains(width) { throw ValidationError("--width must be 1…1000 (got \(width))") }
        if let height, !Self.sizeRange.contains(height) { throw ValidationError("--height must be 1…1000 (got \(height))") }
        guard maxBytes >= 1 else { throw ValidationError("--max-bytes must be at least 1 (got \(maxBytes))") }
        if title && grid == nil { throw ValidationError("--title needs --grid") }
        if let loops, loops < 1 { throw ValidationError("--loops must be at least 1 (got \(loops))") }
        if let duration, !(duration > 0) { throw ValidationError("--duration must be more than 0 seconds (got \(duration))") }
    }

    static func parseAnimate(_ text: String) throws -> AnimationMode {
        guard let mode = AnimationMode(rawValue: text.lowercased()) else {
            throw ValidationError("--animate must be on, off or once (got \(text))")
        }
        return mode
    }

    static let sizeRange = 1...1000

    static func parseSymbols(_ text: String) throws -> SymbolSet {
        guard let value = SymbolSet(rawValue: text.lowercased()) else {
            throw ValidationError("--symbols must be half, quad, sextant, block or ascii (got \(text))")
        }
        return value
    }

    static func parseColors(_ text: String) throws -> ColorChoice {
        let lowered = text.lowercased()
        if lowered == "auto" { return .auto }
        if lowered == "full" || lowered == "24bit" { return ColorChoice(mode: .truecolor) }
        guard let value = ColorDepth(argument: lowered) else {
            throw ValidationError("--colors must be auto, truecolor, 256, 16 or none (got \(text))")
        }
        return ColorChoice(mode: value)
    }

    static func parseGraphics(_ text: String) throws -> GraphicsSelection.Request {
        guard let value = GraphicsSelection.Request(parsing: text) else {
            throw ValidationError("--graphics must be \(GraphicsSelection.Request.names) (got \(text))")
        }
        return value
    }

    static func parseDither(_ text: String) throws -> Dithering {
        guard let value = Dithering(rawValue: text.lowercased()) else {
            throw ValidationError("--dither must be none, ordered or diffusion (got \(text))")
        }
        return value
    }
}
