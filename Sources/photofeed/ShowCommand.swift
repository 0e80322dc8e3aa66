import ArgumentParser
import BlockArt
import ImageCodecs
import PhotoShow
import TerminalGraphics
import TerminalScreen
import Vocabulary

/// `photofeed show`: prints images as block art on stdout, like chafa.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        // Parsed on its own by `PhotofeedMain`: usage and errors still read "photofeed show".
        _superCommandName: "photofeed",
        abstract: "Print images as colour block art.",
        discussion: """
            Each image is printed at the width and as many rows as keep its aspect, or fitted \
            into --height rows. The size comes from, in order: the flags (--place, --width, \
            --height), fzf's FZF_PREVIEW_COLUMNS and FZF_PREVIEW_LINES, $COLUMNS and $LINES, the \
            terminal's width, else 80 columns. Colours, glyphs and the cells' proportions follow the \
            terminal (its answers, the window size, COLORTERM, TERM, NO_COLOR, the locale): a square \
            photo is drawn square at the cell size the terminal reports (else at 1:2), in sextants \
            only where the terminal draws them itself; every flag overrides what was detected. Without --place \
            the output has no cursor movement, so it can be redirected into a file or a pager. A file that \
            cannot be shown prints one line on stderr; the others are still shown and the exit \
            status is 1.

            As a previewer: --place COLSxROWS@LEFTxTOP draws the picture into that box of the \
            screen (cells from 0, as kitty's icat --place), the cursor saved and restored, \
            nothing outside the box written; --clear takes it away (kitty's picture by its id, \
            2130706687; the box blanked for the other protocols). When stdout is a pipe, what \
            the host shows decides: fzf and ranger read the preview as text, so they get block \
            art (ranger's and vifm's in 256 colours); given a box, the terminal itself (/dev/tty) is asked \
            and the picture drawn there once it answers that it draws pixels, else block art \
            goes into the pipe (vifm 0.12 gives its previewers no terminal: block art); lf reads \
            the terminal itself, so it is never asked: block art, or with --graphics kitty and \
            --place (lf's $2x$3@$4x$5) pixels drawn on /dev/tty. A pane of its own (nnn's \
            preview-tui, tmux) is a terminal. --probe says which, and why.

            Examples:
              photofeed show photo.jpg                  one picture, the terminal's width
              photofeed show --grid 6x4 --title *.jpg   a contact sheet with names
              photofeed show --graphics sixel a.png     pixels, whatever the terminal says
              photofeed show --place 40x20@60x1 a.jpg   into that box of the screen
              photofeed show --clear --place 40x20@60x1 the box taken back
              curl -s https://picsum.photos/600 | photofeed show -
              photofeed show --probe                    what the terminal answered
            """
    )

    /// Fit or fill, as flags.
    enum Scaling: String, EnumerableFlag {
        case fit, fill

        static func help(for value: Self) -> ArgumentHelp? {
            value == .fit ? "Keep the whole picture inside the box." : "Cover the box, cropping the picture's centre."
        }
    }

    @Argument(help: "Image files, paths or http(s) URLs; - reads one from standard input.", completion: .file())
    var images: [String] = []

    @Option(help: "Columns (default: $COLUMNS, the terminal's width, or 80).")
    var width: Int?

    @Option(help: "Rows (default: as many as keep the picture's aspect).")
    var height: Int?

    @Option(help: "half, quad, sextant, block or ascii (default: what the terminal draws cleanly: sextant where it draws block elements itself, as kitty, VTE, Konsole, foot and WezTerm do, else quad, half on the Linux console and urxvt; ascii without UTF-8).", completion: .values(of: SymbolSet.self), transform: ShowSettings.parseSymbols)
    var symbols: SymbolSet?

    @Option(help: "auto, truecolor, 256, 16 or none (default: auto: what the terminal says; 256 in mlterm, whose 24-bit colour is unreliable).", completion: .colors, transform: ShowSettings.parseColors)
    var colors: ShowSettings.ColorChoice = .auto

    @Option(help: "none, ordered or diffusion, for 256, 16 and none colours (default: none).", completion: .values(of: Dithering.self), transform: ShowSettings.parseDither)
    var dither: Dithering = .none

    @Flag var scaling: Scaling = .fit

    @Option(help: ArgumentHelp("\(GraphicsSelection.Request.names) (default: auto: ask the terminal on stdout, or /dev/tty for a box of the screen a host hands over with --place; block art into a pipe or file)."), completion: .graphics, transform: ShowSettings.parseGraphics)
    var graphics: GraphicsSelection.Request = .auto

    @Option(help: "The largest file or download read, in bytes (default: the image pipeline's limit, 30 MiB).")
    var maxBytes: Int = ShowSettings.defaultMaxBytes

    @Option(help: "Lay the images out COLUMNSxROWS a screen, like timg --grid (--width and --height are then the whole grid's).", transform: ShowGridSize.parse)
    var grid: ShowGridSize?

    @Flag(help: "With --grid: the file name under each image.")
    var title = false

    @Flag(help: "Neither read nor write photofeed's picture cache ($XDG_CACHE_HOME/photofeed/.pictures: show's pictures at their own size) nor, with --grid, the freedesktop.org thumbnail cache ($XDG_CACHE_HOME/thumbnails).")
    var noThumbnailCache = false

    @Option(help: "Animated GIFs, WebPs and APNGs on a terminal: on (play; q or Ctrl-C stops), once (one loop) or off (the first frame). Into a pipe or file: the first frame.", completion: .values(of: AnimationMode.self), transform: ShowSettings.parseAnimate)
    var animate: AnimationMode = .on

    @Option(help: "Plays of each animation (default: as the file says, forever for most; with several images, one).")
    var loops: Int?

    @Option(help: "The longest an animation plays, in seconds (default: no limit).")
    var duration: Double?

    @Option(help: ArgumentHelp(
        "Draw the picture into that box of the screen, in cells from 0 (kitty's icat --place: lf's $2x$3@$4x$5, vifm's %pwx%ph@%pxx%py), in every protocol: the cursor saved and restored, nothing outside the box written, nothing scrolled. Into a pipe, the terminal itself (/dev/tty) is asked and drawn on (under lf, which would read the answers, only a protocol --graphics names); fzf and ranger read text, so they get block art.",
        valueName: "COLSxROWS@LEFTxTOP"), transform: ShowSettings.parsePlace)
    var place: ShowPlacement?

    @Flag(help: "Take away what an earlier --place drew, and nothing else: kitty's picture deleted by its id, the box (from --place or fzf's FZF_PREVIEW_*) blanked for placeholders, sixel, iTerm2 and block art.")
    var clear = false

    @Option(help: ArgumentHelp("A cell's width to its height, e.g. 1:2 or 8:19: block art draws photos at their true shape with it (default: the cell size the terminal reports, else 1:2; --probe says which).", valueName: "W:H"), transform: ShowSettings.parseCellAspect)
    var cellAspect: CellAspect?

    @Option(help: "Camera RAW files (CR2, NEF, ARW, DNG…): preview (the largest JPEG the camera embedded, fast) or develop (the sensor data, developed at half size: slower, no camera processing). A file with no preview is developed either way (default: preview).", completion: .values(of: RawRendering.self), transform: ShowSettings.parseRaw)
    var raw: RawRendering = .preview

    @Flag(help: "Ask the terminal, print what it answered and what photofeed decides from it (pictures, colours, cell size and proportions, glyphs, tmux, the host previewed for and the box), and exit.")
    var probe = false

    /// The parsed flags as plain values.
    var settings: ShowSettings {
        ShowSettings(
            images: images, width: width, height: height, symbols: symbols, colors: colors, dither: dither,
            fill: scaling == .fill, maxBytes: maxBytes, graphics: graphics, grid: grid, title: title,
            thumbnailCache: !noThumbnailCache, probe: probe, animate: animate, loops: loops, duration: duration,
            place: place, clear: clear, cellAspect: cellAspect, raw: raw)
    }

    func validate() throws {
        do {
            try settings.validate()
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        try await Self.run(settings)
    }

    /// Shows every image of `settings` on standard output; throws `ExitCode.failure` when one
    /// could not be shown.
    static func run(_ settings: ShowSettings) async throws {
        var settings = settings
        // The thumbnails a cold run misses are made after it printed, by a background writer.
        settings.writeThumbnailsLater = BackgroundThumbnails.writer
        guard await Show.run(settings, output: StandardOutput()) else { throw ExitCode.failure }
    }
}
