import FoundationEssentials
import FoundationExtras
import Glibc
import ArgumentParser
import BlockArt
import FeedSources
import LoadSemantics
import TerminalKit
import PhotoShow
import TerminalScreen
import FeedViewer
import Sidecars
import TerminalGraphics
import Vocabulary

/// The flags the viewer and `snapshot` share: feed, rendering, loading, caching, shaping.
struct ViewerOptions: ParsableArguments {
    @Option(help: "The feed: an http(s) picsum-compatible base URL, a folder of photos, or a file of image URLs (one a line). Default: the embedded server, in-process on 127.0.0.1.", completion: .file())
    var feed: String?

    @Option(help: "Symbol set: half, quad, sextant, block or ascii (default: what the terminal draws cleanly: sextant where it draws block elements itself, else quad or half; ascii without UTF-8).", completion: .values(of: SymbolSet.self), transform: ShowSettings.parseSymbols)
    var symbols: SymbolSet?

    @Option(help: ArgumentHelp("A cell's width to its height, e.g. 1:2 or 8:19: block art draws photos at their true shape with it (default: the cell size the terminal reports, else 1:2; the help screen, ?, says which).", valueName: "W:H"), transform: ShowSettings.parseCellAspect)
    var cellAspect: CellAspect?

    @Option(help: "Colours: auto, truecolor, 256, 16 or none. (default: auto)", completion: .colors, transform: ShowSettings.parseColors)
    var colors = ShowSettings.ColorChoice.auto

    @Option(help: "Dithering for 256/16 colours: none, ordered or diffusion. (default: none)", completion: .values(of: Dithering.self), transform: ShowSettings.parseDither)
    var dither = Dithering.none

    @Option(help: "Placeholder while loading: shimmer or spinner (P switches). (default: shimmer)", completion: .values(of: PlaceholderStyle.self), transform: Self.named("--placeholder", "shimmer or spinner"))
    var placeholder = PlaceholderStyle.shimmer

    @Option(help: "What a row's load does when the row leaves the screen: cancel (the download resumes when it comes back), lower-priority, or keep. (default: cancel)", completion: .values(of: DisappearPolicy.self), transform: Self.named("--on-disappear", "cancel, lower-priority or keep"))
    var onDisappear = DisappearPolicy.cancel

    @Option(help: "Rows prefetched ahead in the scroll direction, at low priority.")
    var prefetch = 2

    @Option(help: "Downloads at once.")
    var maxConcurrent = 6

    @Option(help: "Seconds a download may go without a byte before it fails (and is retried, resuming).")
    var idleTimeout = 10.0

    @Option(help: ArgumentHelp("Pictures: auto (ask the terminal at start-up), blocks (colour block art, every terminal), \(GraphicsProtocols.help). (default: auto)"), completion: .graphics, transform: ShowSettings.parseGraphics)
    var graphics = GraphicsSelection.Request.auto

    @Option(help: "Photos one per line with their details beside them (list, the default), or side by side with a caption each (grid; the default when --columns is given); v switches live.", completion: .values(of: LayoutKind.self), transform: Self.named("--layout", "list or grid"))
    var layout: LayoutKind?

    @Option(help: "The thumbnail box in cells: auto (sized from the terminal: in the list a third of its height, in the grid about four lines of photos a screen) or WxH (columns x rows, e.g. 32x16). (default: auto)", transform: Self.parseThumb)
    var thumb = ThumbnailBox.auto

    @Option(help: "Grid: this many photos side by side, the width shared between them (default: as many as the box allows); implies --layout grid.")
    var columns: Int?

    @Option(help: "The disk cache directory (default: $XDG_CACHE_HOME/photofeed or ~/.cache/photofeed).", completion: .directory)
    var cacheDir: String?

    @Flag(help: "Keep images in memory only.")
    var noDiskCache = false

    @Flag(help: "For a folder feed: neither read nor write the freedesktop.org thumbnail cache ($XDG_CACHE_HOME/thumbnails).")
    var noThumbnailCache = false

    @Option(help: "Embedded server: a named network — fast (120 ms, 400 KB/s a connection; the default), 3g (300 ms, 2.5 KB/s: scrolling cancels loads mid-body and coming back resumes them), edge (600 ms, 1 KB/s) or flaky (failures, stalls, truncation). The flags below change single knobs of it; keys 1–4 in the network panel (n) switch live. (default: fast)", completion: .values(of: NetworkPreset.self), transform: Self.parseNetwork)
    var network = NetworkPreset.fast

    @Option(help: "Embedded server: milliseconds before each response head (default: the --network preset's).")
    var latency: Int?

    @Option(help: "Embedded server: body bytes per second per connection, 0 unlimited (default: the --network preset's).")
    var bandwidth: Int?

    @Option(help: "Embedded server: probability (0…1) that an image request answers 503 (default: the --network preset's).")
    var failureRate: Double?

    @Option(help: "Embedded server: probability (0…1) that an image response stalls after its head (default: the --network preset's).")
    var stallRate: Double?

    @Option(help: "Embedded server: probability (0…1) that an image response is cut off mid-body (default: the --network preset's).")
    var truncateRate: Double?

    @Option(help: "Embedded server: seeds every shaping decision.")
    var seed: UInt64 = 0

    @Option(help: "Embedded server: append one line per finished request to this file (for debugging and tests).", completion: .file())
    var serverLog: String?

    @Option(help: "Write the run as a Chrome trace (JSON; open it in https://ui.perfetto.dev or chrome://tracing): a track per photo with queued/downloading/decoding/rendering spans, appear, disappear, cancel, resume, coalesce, cache hits and retries, and the semantics audit's findings.", completion: .file())
    var trace: String?

    @Option(help: "Seconds each photo shows in the slideshow (S in the photo view).")
    var slideshow: Double = 5

    @Option(help: "The list's order: name (natural order, the default for a folder), modified (oldest first), taken (EXIF date, else modified), size (smallest file first) or random (shuffled anew each run). Without it a feed keeps its own order. O changes it live.", completion: .values(of: PhotoSort.self), transform: Self.named("--sort", "name, modified, taken, size or random"))
    var sort: PhotoSort?

    @Flag(help: "A folder feed: include the photos of sub-folders (down to --max-depth), on the folder's file system; a link to the folder, above it or out of it is not followed, and the status bar says how many were skipped. The grid names each photo's sub-folder.")
    var recursive = false

    @Flag(help: "With --recursive: walk into sub-folders on other file systems (mount points inside the folder), which are skipped by default. Links out of the folder are never followed.")
    var crossFilesystems = false

    @Option(help: "With --recursive: how many levels of sub-folders to include (1: the folder's own sub-folders).")
    var maxDepth: Int = 16

    @Flag(help: "A folder feed: include hidden files and folders (names starting with a dot).")
    var hidden = false

    @Flag(help: "A folder feed: show a camera's RAW file and the JPEG or HEIF of the same name as two photos. By default they are one photo (a shot), shown from the JPEG, and the Trash takes both.")
    var separatePairs = false

    @Flag(help: "A folder feed: do not follow the folder's changes (by default a photo added appears at its place, a removed one goes, a changed one loads again).")
    var noWatch = false

    @Option(help: "Where s saves a web photo's full-size original (default: xdg-user-dir DOWNLOAD, else ~/Downloads).", completion: .directory)
    var saveDir: String?

    @Flag(help: "Culling: after a decision (1–5, 0, p, x, u, 6–9) on the focused photo, move to the next one (Lightroom's auto-advance).")
    var cullAdvance = false

    @Option(help: "Culling: keep the XMP sidecars the decisions are written to in this folder instead of beside each photo (for read-only cards); photos of the same name from different folders share one sidecar there.", completion: .directory)
    var sidecarDir: String?

    @Option(help: "Culling: how a new sidecar is named: name.ext.xmp (IMG_1.CR2.xmp, darktable's; a RAW and its JPEG never share one) or name.xmp (IMG_1.xmp, what Lightroom Classic, Bridge, Capture One and digiKam look for). An existing sidecar keeps its name. (default: name.ext.xmp)", completion: .values(of: SidecarNamingFlag.self), transform: Self.named("--sidecar-naming", "name.ext.xmp or name.xmp"))
    var sidecarNaming = SidecarNamingFlag.nameWithExtension

    @Option(help: "Culling: show only the photos with at least N stars (0–5) that are not rejected (0: every photo not rejected), as photofeed picks chooses them. F changes the filter live.")
    var minRating: Int?

    @Flag(help: "Culling: show only the picked photos (with --rejected: picked or rejected). A photo shows once its sidecar is read; the status bar says how many are read.")
    var picks = false

    @Flag(help: "Culling: show only the rejected photos.")
    var rejected = false

    @Option(help: "Culling: show only the photos with this colour label: red, yellow, green, blue, or a label another program wrote (Purple).")
    var label: String?

    @Option(help: "Animated GIFs, WebPs and APNGs: on (play while on screen, as the file loops), once (one loop, then the last frame stays) or off (the first frame only). Default: on; off with --reduce-motion or TERM=dumb. a pauses and plays them live.", completion: .values(of: AnimationMode.self), transform: ShowSettings.parseAnimate)
    var animate: AnimationMode?

    @Flag(help: "No motion: animations show their first frame (as --animate off).")
    var reduceMotion = false

    @Flag(help: "Screen-reader mode (Orca, speakup, brltty): no pictures; each photo one line of words (\"Photo 4 of 30 by Jakub Mede, 1873 by 1248, loaded from the network in 252 ms\"), the cursor at the start of the focused photo's line, news (\"photo 5 failed: HTTP 404\") on the bottom line; the grid reads as the list, Enter says the photo's info. No terminal probing, transitions or animation. On by itself under TERM=dumb, where the viewer prints its lines one after another.")
    var text = false

    @Flag(help: "Check the loading semantics live (loads only when wanted, cancel within a frame, one download per URL, resume fetches only the rest, memory hits draw at once, rows settle, bounded retries, animation frames only while visible, picture pixels only while visible): the status bar counts violations and the event log (l) marks them in red.")
    var audit = false

    @OptionGroup var requestHeaderOptions: RequestHeaderOptions

    @OptionGroup var cacheSizeOptions: CacheSizeOptions

    func validate() throws {
        // A missing folder is made at the first save; one that is there must be a folder.
        if let saveDir {
            let folder = URL(fileURLWithPath: PathText.expandingHome(saveDir))
            var status = stat()
            if lstat(folder.path, &status) == 0, let problem = PhotoSaver.folderProblem(folder, creating: false) {
                throw ValidationError("--save-dir: \(problem)")
            }
        }
        if let sidecarDir {
            var status = stat()
            let path = PathText.expandingHome(sidecarDir)
            guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
                throw ValidationError("--sidecar-dir: \(path) is not a folder (the sidecars' folder must exist)")
            }
        }
        if let minRating, !(0...5).contains(minRating) {
            throw ValidationError("--min-rating must be 0 to 5 stars (got \(minRating))")
        }
        if let label, ColorLabel(xmpName: label) == nil { throw ValidationError("--label needs a colour's name (red, yellow, green, blue)") }
        guard (0.1...600).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout must be 0.1…600 seconds (got \(idleTimeout))")
        }
        if let columns, !(1...50).contains(columns) {
            throw ValidationError("--columns must be 1…50 (got \(columns))")
        }
        guard (0...100).contains(prefetch) else { throw ValidationError("--prefetch must be 0…100 (got \(prefetch))") }
        guard (1...64).contains(maxConcurrent) else {
            throw ValidationError("--max-concurrent must be 1…64 (got \(maxConcurrent))")
        }
        guard (1...64).contains(maxDepth) else { throw ValidationError("--max-depth must be 1…64 (got \(maxDepth))") }
        if let latency, !(0...60_000).contains(latency) {
            throw ValidationError("--latency must be 0…60000 ms (got \(latency))")
        }
        if let bandwidth, bandwidth < 0 { throw ValidationError("--bandwidth must not be negative (got \(bandwidth))") }
        for (flag, rate) in [("--failure-rate", failureRate), ("--stall-rate", stallRate), ("--truncate-rate", truncateRate)] {
            guard let rate else { continue }
            guard rate.isFinite, (0...1).contains(rate) else {
                throw ValidationError("\(flag) must be between 0 and 1 (got \(rate))")
            }
        }
    }

    /// The embedded server's shaping: the `--network` preset with the single-knob flags applied.
    func shapingKnobs() -> ShapingKnobs {
        embeddedServerFlags.knobs ?? network.knobs
    }

    /// The flags the embedded server is made from.
    var embeddedServerFlags: EmbeddedServerFlags {
        EmbeddedServerFlags(
            cacheDir: cacheDir, noDiskCache: noDiskCache, network: network.name, latency: latency, bandwidth: bandwidth,
            failureRate: failureRate, stallRate: stallRate, truncateRate: truncateRate, seed: seed)
    }

    /// The recorder `--trace` and `--audit` ask for (nil: neither). It audits whenever it
    /// records, so a trace carries the audit's findings too.
    func makeRecorder(maxAttempts: Int) throws -> LoadRecorder? {
        guard trace != nil || audit else { return nil }
        let sink = try trace.map { path throws(TraceSinkError) in try FileTraceSink(path: PathText.expandingHome(path)) }
        return LoadRecorder(audit: .init(onDisappear: onDisappear, maxAttempts: maxAttempts), trace: sink)
    }

    /// Whether the screen-reader mode is on: `--text`, or a `dumb` terminal (the viewer prints
    /// its lines one after another there, `snapshot` prints words).
    func textMode(term: String?) -> Bool {
        text || term == "dumb"
    }

    /// `--animate`; without it on, or off with `--reduce-motion` or when `term` is `dumb`.
    func animation(term: String?) -> AnimationMode {
        animate ?? (reduceMotion || term == "dumb" ? .off : .on)
    }

    /// `--layout`; without it the list, or the grid when `--columns` asks for columns.
    var layoutKind: LayoutKind {
        layout ?? (columns == nil ? .list : .grid)
    }

    /// The shuffle's seed for `--sort random`: new each run.
    static let sortSeed = UInt64.random(in: 0...UInt64.max)

    /// How a folder feed lists: `--sort` (name when not given), `--recursive`, `--hidden`,
    /// `--cross-filesystems`, `--separate-pairs`.
    func folderOptions() throws -> FolderOptions {
        FolderOptions(
            sort: sort ?? .name, seed: Self.sortSeed, recursive: recursive ? maxDepth : nil, hidden: hidden,
            crossFilesystems: crossFilesystems, separatesPairs: separatePairs)
    }

    /// The viewer options for a screen that shows `capability` colours in a UTF-8 locale or not,
    /// with the picture backend `selection` chose (nil: what `--graphics` names, `auto` meaning
    /// blocks), on a terminal whose font draws `glyphs` (block art's default symbols: no sextants
    /// where its font has none).
    func viewerOptions(
        screenColors capability: ColorDepth, unicode: Bool, selection: GraphicsSelection? = nil,
        glyphs: TerminalFamily.BlockGlyphs = .sextants, cellAspect decided: CellAspect? = nil
    ) throws -> FeedViewerOptions {
        let symbolSet = symbols ?? SymbolSet.preferred(unicode: unicode, glyphs: glyphs)
        let art = BlockArtOptions(
            symbols: unicode ? symbolSet : .ascii, colors: capability, dither: dither,
            cellAspect: (cellAspect ?? decided ?? .standard).ratio)
        let chosen = selection ?? GraphicsSelection.choose(graphics, replies: nil, environment: [:])
        var graphics = chosen.backend
        var reason = chosen.reason
        var notice: String?
        if capability < graphics.minimumColors {
            // Placeholder cells name their image by a foreground colour: 24-bit, or 256 with small ids.
            graphics = .blocks
            reason = "blocks (kitty placeholders need 256 colours)"
            notice = "kitty placeholders need 256 colours and this terminal reports fewer: block art instead"
        }
        var options = FeedViewerOptions(
            thumbnail: thumb.size, layout: layoutKind, gridColumns: columns, art: art, placeholder: placeholder,
            onDisappear: onDisappear, prefetch: prefetch, colors: capability != .none,
            glyphs: unicode && symbolSet != .ascii ? .unicode : .ascii, graphics: graphics, notice: notice,
            graphicsReason: selection == nil ? nil : reason, audits: audit)
        if glyphs == .halfBlocks, options.glyphs != .ascii {
            // The Linux console's and urxvt's fonts hold the CP437 shades, not ◐: a damaged photo's mark.
            options.glyphs.damaged = "▒"
            // Nor ★ ⚑ ✗ ■: a decision is drawn as ASCII's (`***`, P, X, the label's initial).
            options.glyphs = options.glyphs.withASCIIDecisions()
        }
        let term = getenv("TERM").map { String(cString: $0) }
        options.animation = animation(term: term)
        options.transition = transitionOptions.transition
        if textMode(term: term) {
            // Words only: nothing moves, no picture is drawn (so no pixels to send either).
            options.text = true
            options.animation = .off
            options.transition = .none
            options.graphics = .blocks
            options.graphicsChoices = [.blocks]
            options.graphicsReason = nil
        }
        guard slideshow >= 0.5, slideshow <= 3600 else {
            throw ValidationError("--slideshow must be 0.5…3600 seconds (got \(slideshow))")
        }
        options.slideshowInterval = .milliseconds(Int(slideshow * 1000))
        options.sort = sort
        options.sortSeed = Self.sortSeed
        options.saveDirectory = saveDir.map { URL(fileURLWithPath: PathText.expandingHome($0)) }
        options.cullAdvance = cullAdvance
        options.decisionFilter = DecisionFilter(
            minRating: minRating, label: label.flatMap(ColorLabel.init(xmpName:)), picks: picks, rejected: rejected)
        return options
    }

    /// The most colour `--colors` allows, or nil for whatever the terminal offers; with
    /// `--colors auto`, a non-empty `NO_COLOR` in `environment` means none.
    func maximumColors(environment: [String: String] = [:]) -> ColorDepth? {
        if let depth = colors.mode { return depth }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return ColorDepth.none }
        return nil
    }

    @OptionGroup var transitionOptions: TransitionOptions
}
