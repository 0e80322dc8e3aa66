public import FoundationEssentials
public import FeedSources
public import BlockArt
public import TerminalGraphics
public import TerminalScreen
public import Vocabulary
public import Sidecars

/// How the feed viewer looks and loads: everything the command line sets.
public struct FeedViewerOptions: Sendable {
    /// The thumbnail box in cells; nil: sized from the screen (`--thumb auto`).
    public var thumbnail: CellSize?
    /// List or grid.
    public var layout: LayoutKind
    /// Grid cells side by side (`--columns N`); nil: as many as the box allows.
    public var gridColumns: Int?
    /// Block art: symbols, colours, dithering.
    public var art: BlockArtOptions
    /// The placeholder while loading.
    public var placeholder: PlaceholderStyle
    /// What happens to a load whose row leaves the screen.
    public var onDisappear: DisappearPolicy
    /// Rows prefetched ahead in the scroll direction.
    public var prefetch: Int
    /// Whether colour may be used at all.
    public var colors: Bool
    /// Unicode or ASCII glyphs.
    public var glyphs: GlyphSet
    /// How pictures are drawn.
    public var graphics: PictureBackend
    /// The backends `i` cycles through (what the terminal can show), starting with `graphics`.
    public var graphicsChoices: [PictureBackend]
    /// Said in the event log when the viewer starts (e.g. why a backend was not used).
    public var notice: String?
    /// Why the picture backend was chosen, for the status bar (nil: not shown).
    public var graphicsReason: String?
    /// One cell's size in pixels, when the terminal said (pixel backends size their requests by it).
    public var cellPixels: PixelSize?
    /// The largest sixel picture the terminal draws (its XTSMGRAPHICS answer; nil: it did not say).
    public var sixelGeometry: PixelSize?
    /// Whether the semantics audit runs (`--audit`): the status bar shows its count.
    public var audits: Bool
    /// What the terminal said and what was decided from it (nil: not probed, e.g. a memory screen).
    public var terminal: TerminalProfile?
    /// The colours the screen draws with (a live upgrade to kitty placeholders needs 24-bit).
    public var screenColors: ColorDepth = .truecolor
    /// Whether the user switched backends with `i` (late replies then change nothing).
    public var graphicsChosenByUser = false
    /// Whether the user gave the cells' proportions (`--cell-aspect`): a late cell-size reply
    /// then changes nothing.
    public var cellAspectChosenByUser = false
    /// Seconds each photo shows in the slideshow (`S`, `--slideshow`).
    public var slideshowInterval: Duration = .seconds(5)
    /// Where `s` saves originals (`--save-dir`); nil: the user's download folder.
    public var saveDirectory: URL?
    /// Whether a culling key moves the focus to the next photo after its decision
    /// (`--cull-advance`, Lightroom's auto-advance).
    public var cullAdvance = false
    /// Whether the sidecars of local photos are read as their rows appear (their decisions shown).
    public var readsDecisions = true
    /// The culling filter at start (`--picks`, `--rejected`, `--min-rating`, `--label`; `F`
    /// cycles it live): none shows every photo.
    public var decisionFilter = DecisionFilter.none
    /// Whether animated GIFs and WebPs play (`--animate`).
    public var animation: AnimationMode = .on
    /// How a picture from the network or the disk enters (`--transition`); none with
    /// ``animation`` off, and never for a memory-cache hit.
    public var transition: PictureTransition = .fade
    /// The list's order at start (`--sort`; nil: the feed's own, which a folder feed sorts itself).
    public var sort: PhotoSort?
    /// The order a folder feed's source gives its photos in (nil: the feed is no folder): a photo
    /// added to the folder goes to its place by it.
    public var folderSort: PhotoSort?
    /// The shuffle's seed for `--sort random`.
    public var sortSeed: UInt64 = 0

    /// The renderer these options describe: the backend's, with the block-art options, the
    /// cell size and the sixel limit (made when asked: cheap, and never out of step).
    public var pictureRenderer: any PictureRenderer {
        graphics.renderer(art: art, cellPixels: cellPixels, sixelGeometry: sixelGeometry)
    }

    /// The screen-reader mode (`--text`, and `snapshot` under `TERM=dumb`): each photo one line
    /// of words, no picture; the cursor on the focused photo's line; news on the bottom line.
    public var text = false

    /// The item layout these options ask for (one line a photo in the screen-reader mode, the
    /// grid included).
    public var itemLayout: any ItemLayout {
        text ? TextLayout() : layout.layout(thumbnail: thumbnail, columns: gridColumns, cellAspect: art.cellAspect)
    }

    /// Creates options; the defaults match the command line's.
    public init(
        thumbnail: CellSize? = nil, layout: LayoutKind = .list, gridColumns: Int? = nil,
        art: BlockArtOptions = BlockArtOptions(),
        placeholder: PlaceholderStyle = .shimmer, onDisappear: DisappearPolicy = .cancel, prefetch: Int = 2,
        colors: Bool = true, glyphs: GlyphSet = .unicode, graphics: PictureBackend = .blocks,
        notice: String? = nil, graphicsReason: String? = nil, cellPixels: PixelSize? = nil, audits: Bool = false
    ) {
        self.audits = audits
        self.thumbnail = thumbnail
        self.layout = layout
        self.gridColumns = gridColumns.map { max(1, $0) }
        self.art = art
        self.placeholder = placeholder
        self.onDisappear = onDisappear
        self.prefetch = max(0, prefetch)
        self.colors = colors
        self.glyphs = glyphs
        self.graphics = graphics
        self.graphicsChoices = graphics == .blocks ? [.blocks] : [graphics, .blocks]
        self.notice = notice
        self.graphicsReason = graphicsReason
        self.cellPixels = cellPixels
    }
}
