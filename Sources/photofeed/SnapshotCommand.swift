import ArgumentParser
import BlockArt
import FoundationEssentials
import FoundationExtras
import Glibc
import ImageLoading
import LoadSemantics
import TerminalGraphics
import PhotoShow
import TerminalScreen
import FeedViewer
import Vocabulary

/// `photofeed snapshot`: the viewer on a headless screen, printed once every visible row settled.
struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Run the feed viewer headless and print one frame.",
        discussion: """
            Lays the feed out on a WIDTHxHEIGHT screen, scrolls --scroll rows, waits until every \
            visible row has loaded or failed (at most --wait-ms), then prints the frame: ANSI \
            colours, or plain text with --colors none. Takes the viewer's flags; with --graphics \
            kitty, kitty-placeholders, sixel or iterm the frame is followed by the escapes that \
            draw its pictures (what the viewer would write), at 10x20-pixel cells unless \
            --cell-pixels says otherwise.

            Examples:
              photofeed snapshot --width 100 --height 40
              photofeed snapshot --layout grid --colors none > frame.txt
              photofeed snapshot --graphics sixel --feed ~/Pictures
            """
    )

    @OptionGroup var options: ViewerOptions
    @OptionGroup var configFile: ConfigFileOptions

    @Option(help: "Screen width in columns.")
    var width = 100

    @Option(help: "Screen height in rows.")
    var height = 40

    @Option(help: "Rows to scroll down before waiting.")
    var scroll = 0

    @Option(help: "The longest wait for the visible rows, in milliseconds.")
    var waitMs = 10_000

    @Option(help: "One cell's size in pixels for pixel pictures, WxH (default 10x20). (default: 10x20)", transform: Self.parseCellPixels)
    var cellPixels = PixelSize(width: 10, height: 20)

    func validate() throws {
        guard (1...1000).contains(width), (1...1000).contains(height) else {
            throw ValidationError("--width and --height must be 1…1000 (got \(width)x\(height))")
        }
        guard scroll >= 0 else { throw ValidationError("--scroll must not be negative (got \(scroll))") }
        guard (0...600_000).contains(waitMs) else { throw ValidationError("--wait-ms must be 0…600000 (got \(waitMs))") }
        // A snapshot reads no sidecar (its frame must be the same each run): a filter by
        // decision would show nothing.
        if options.picks || options.rejected || options.minRating != nil || options.label != nil {
            throw ValidationError("snapshot reads no sidecars, so it cannot filter by decision (--picks, --rejected, --min-rating, --label): use the viewer")
        }
    }

    /// `--cell-pixels` as a size, 1…200 pixels each way.
    @Sendable static func parseCellPixels(_ text: String) throws -> PixelSize {
        guard let size = PrefetchCommand.parseSize(text, within: 1...200, 1...200) else {
            throw ValidationError("--cell-pixels must be WxH with 1…200 pixels each, e.g. 10x20 (got \(text))")
        }
        return size
    }

    func run() async throws {
        // A header for a feed with no origin to send it to is a usage error (exit 64).
        let headers = try options.requestHeaderOptions.requestHeaders(feed: options.feed)
        let setup: FeedSetup
        let recorder: LoadRecorder?
        do {
            recorder = try options.makeRecorder(maxAttempts: RetryPolicy().maxAttempts)
            setup = try await FeedSetup.make(options, headers: headers)
        } catch {
            ViewCommand.standardError("photofeed snapshot: \(ErrorText.describe(error))")
            throw ExitCode.failure
        }
        // No terminal to ask: the flag, else what the environment says.
        let capability = ColorDepth.decide(
            flag: options.colors.mode, environment: ProcessInfo.processInfo.environment, replies: nil,
            tmuxPassesTrueColor: nil, terminfoColors: nil
        ).depth
        let screen = MemoryScreen(size: CellSize(columns: width, rows: height), colorCapability: capability)
        // --graphics names the pictures to write; auto means block art (there is no terminal to ask).
        var viewerOptions = try options.viewerOptions(screenColors: capability, unicode: true)
        viewerOptions.cellPixels = cellPixels
        // A snapshot settles on the pictures, not on the sidecars' reads: no decisions, so its
        // frame is the same each run.
        viewerOptions.readsDecisions = false
        let viewer = FeedRuntime(
            screen: screen, feed: setup.source, feedName: setup.feedName,
            pipeline: LiveFeedPipeline(pipeline: setup.pipeline), options: viewerOptions, network: setup.network,
            recorder: recorder, outputFailures: setup.serverLog?.failures, frameInterval: FeedRuntime.displayFrameInterval)
        let exit = await viewer.run(settling: SettleCondition(scroll: scroll, wait: .milliseconds(waitMs)))
        // The frame is printed as soon as it settled, before the server and the pipeline stop
        // (the server lets a prefetch it was still rendering finish first).
        let failure: String? = if case .failed(let reason) = exit { reason } else { nil }
        var lost: [String] = []
        if failure == nil, !StandardOutput().write(frame(of: screen, options: viewerOptions, capability: capability)) {
            lost.append("cannot write the frame to stdout: \(String(cString: strerror(errno)))")
        }
        await setup.shutDown()
        if let failure {
            ViewCommand.standardError("photofeed snapshot: \(failure)")
            throw ExitCode.failure
        }
        // A trace or server log that stopped early fails the run too, the frame printed or not.
        lost += setup.outputFailures(recorder: recorder)
        for failure in lost { ViewCommand.standardError("photofeed snapshot: \(failure)") }
        if !lost.isEmpty { throw ExitCode.failure }
    }

    /// The settled frame's bytes: its text, then its pictures' escapes. The screen-reader mode's
    /// frame is words: printed plain (no escape for its highlight), each line without its
    /// trailing blanks.
    private func frame(of screen: MemoryScreen, options: FeedViewerOptions, capability: ColorDepth) -> [UInt8] {
        let text =
            options.text
            ? screen.plainText().split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
            : capability == .none ? screen.plainText() : screen.ansiText()
        return Array((text + "\n").utf8) + screen.pictureEscapes()
    }
}
